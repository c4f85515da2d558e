import { Link } from '@remix-run/react'
import type { billingPage } from '~/routes/app.settings_.billing/billing.server'

// The sessions this workspace unlocked one by one (issue 22 Deliver 8), newest first, each with its
// state and Stripe's receipt. A refunded or disputed one is locked again; its data is kept.

type Unlock = Awaited<ReturnType<typeof billingPage>>['unlocks'][number]

export function BillingUnlocks({ unlocks }: { unlocks: Unlock[] }) {
  return (
    <section aria-labelledby="billing-unlocks-title" className="mt-8 max-w-3xl">
      <h2 id="billing-unlocks-title" className="text-xl font-semibold text-white">
        Unlocked sessions
      </h2>
      {unlocks.length === 0 ? (
        <p className="mt-2 text-slate-300">No session bought one by one.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {unlocks.map((u) => (
            <li key={u.id} className="rounded-xl border border-white/10 bg-ink-900/60 p-4 text-slate-300">
              <Link to={`/app/sessions/${u.sessionId}`} className="font-medium text-brand-300 underline">
                {u.title}
              </Link>
              <p className="mt-1 text-sm">
                {u.state} · {u.amount} · {u.date}
                {u.receiptUrl ? (
                  <>
                    {' · '}
                    <a href={u.receiptUrl} className="text-brand-300 underline" rel="noreferrer" target="_blank">
                      Receipt<span className="sr-only"> for {u.title}</span>
                    </a>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
