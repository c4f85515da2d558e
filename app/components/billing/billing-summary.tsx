import { Link } from '@remix-run/react'
import { buttonClass, FormMessage } from '~/components/forms'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { SEAT_MESSAGES } from '~/lib/billing'
import type { billingPage } from '~/routes/app.settings_.billing/billing.server'

// Settings → Billing's summary (issue 22 Deliver 8): the plan, its seats and subscription as our
// tables have them, and the owner's two buttons — Stripe's portal, and lowering unused seats.
// Both are plain POST forms: they work without JavaScript (the portal is a 303 to Stripe).

type Page = Awaited<ReturnType<typeof billingPage>>
type ActionError = { intent: 'portal' | 'lower-seats'; error: string } | null

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function BillingSummary({ page, error }: { page: Page; error: ActionError }) {
  const { seats, subscription: sub } = page
  const inUse = seats.members + seats.pending
  return (
    <section aria-labelledby="billing-plan-title" className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="billing-plan-title" className="text-xl font-semibold text-white">
        Plan: {page.plan}
        {page.manual ? <span className="ml-2 text-base font-normal text-slate-300">(set by an administrator)</span> : null}
      </h2>
      {page.notConfigured ? <p className="mt-2 text-slate-300">{page.notConfigured}</p> : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-200">
        <dt className="text-slate-400">Seats</dt>
        <dd>
          {seats.paid === null ? `Up to ${seats.limit}` : `${seats.paid} paid`}, {inUse} in use (
          {plural(seats.members, 'member', 'members')}, {plural(seats.pending, 'pending invitation', 'pending invitations')})
        </dd>
        {sub ? (
          <>
            <dt className="text-slate-400">Subscription</dt>
            <dd>{sub.plan}</dd>
            <dt className="text-slate-400">Payment</dt>
            <dd className={sub.status === 'active' || sub.status === 'trialing' ? undefined : 'font-semibold text-amber-200'}>
              {sub.state}
            </dd>
            {sub.renewal ? (
              <>
                <dt className="text-slate-400">Next renewal</dt>
                <dd>{sub.renewal}</dd>
              </>
            ) : null}
            <dt className="text-slate-400">Amount</dt>
            <dd>{sub.amount}, before tax and discounts</dd>
            <dt className="text-slate-400">Currency</dt>
            <dd>{sub.currency}</dd>
          </>
        ) : null}
      </dl>
      {page.showPricing ? (
        <p className="mt-4">
          <Link to="/pricing" className="text-brand-300 underline">
            Compare plans
          </Link>
        </p>
      ) : null}
      {error ? (
        <div className="mt-4">
          <FormMessage>{error.error}</FormMessage>
        </div>
      ) : null}
      {page.portal && page.canManage ? (
        <WorkspaceForm method="post" className="mt-6">
          <input type="hidden" name="intent" value="portal" />
          <button type="submit" className={buttonClass.primary}>
            Manage billing (card, invoices, cancel)
          </button>
          <p className="mt-2 text-sm text-slate-400">Opens Stripe&apos;s billing portal; invoices and receipts are there.</p>
        </WorkspaceForm>
      ) : null}
      {page.portal && !page.canManage ? (
        <p className="mt-6 text-sm text-slate-300">Only the owner of this workspace can change its card, invoices and plan.</p>
      ) : null}
      {page.lowerTo !== null ? (
        <WorkspaceForm method="post" className="mt-6 border-t border-white/10 pt-6">
          <input type="hidden" name="intent" value="lower-seats" />
          <input type="hidden" name="seats" value={page.lowerTo} />
          <p className="text-sm text-slate-300">
            {plural(seats.paid ?? 0, 'seat is', 'seats are')} paid for and {inUse} in use. Fewer seats are billed from the next
            renewal; nothing is refunded for the current period.
          </p>
          <button type="submit" className={`${buttonClass.secondary} mt-3`}>
            {SEAT_MESSAGES.lowerButton(page.lowerTo)}
          </button>
        </WorkspaceForm>
      ) : null}
    </section>
  )
}
