import type { ReactNode } from 'react'
import { buttonClass } from '~/components/forms'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { CHECKOUT_PATH, unlockCheckoutQuery, type UnlockOffer } from '~/lib/billing-checkout'

// The unlock at every lock (issue 22 Deliver 1): a POST to /billing/checkout that answers with
// Stripe Checkout's page. A plain form bound to the page's workspace, so it works without JavaScript
// (the CSP's form-action lets the redirect to Stripe through). Who may not buy sees who can; without
// Stripe the place says payments are not set up.

export function UnlockButton({
  offer,
  sessionId,
  children,
  className = buttonClass.primary,
  formClassName,
}: {
  offer: UnlockOffer
  sessionId: string
  /** The button's words, e.g. "Unlock all 5 leads for £49". */
  children: ReactNode
  className?: string
  formClassName?: string
}) {
  if (offer.kind !== 'buy') return <p className={`${formClassName ?? ''} text-sm text-slate-200`}>{offer.text}</p>
  return (
    <WorkspaceForm method="post" action={`${CHECKOUT_PATH}?${unlockCheckoutQuery(sessionId)}`} className={formClassName}>
      <input type="hidden" name="kind" value="unlock" />
      <input type="hidden" name="sessionId" value={sessionId} />
      <input type="hidden" name="currency" value={offer.currency} />
      <button type="submit" className={className}>
        {children}
      </button>
    </WorkspaceForm>
  )
}
