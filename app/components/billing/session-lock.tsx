import type { UnlockOffer } from '~/lib/billing-checkout'
import { UnlockButton } from './unlock-button'

/** The session page's lock (issue 22 Deliver 1): how many leads the plan hides, and the unlock. */
export function SessionLock({
  sessionId,
  total,
  locked,
  visibleLimit,
  offer,
}: {
  sessionId: string
  total: number
  locked: number
  visibleLimit: number
  offer: UnlockOffer
}) {
  return (
    <section aria-labelledby="lock-title" className="mt-6 rounded-xl border border-brand-400/40 bg-brand-500/10 p-6">
      <h2 id="lock-title" className="text-lg font-semibold text-white">
        {locked === 1 ? '1 more lead is locked' : `${locked} more leads are locked`}
      </h2>
      <p className="mt-2 text-slate-200">
        The free plan shows the first {visibleLimit} leads captured in each session. Unlock this session to see all its leads and
        its analytics, for good.
      </p>
      <UnlockButton offer={offer} sessionId={sessionId} formClassName="mt-4">
        Unlock all {total} leads for {offer.price}
      </UnlockButton>
    </section>
  )
}
