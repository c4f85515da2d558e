import { Link } from '@remix-run/react'

import type { Billing } from '~/lib/plan-prices'

export type { Billing }

export function parseBilling(value: string | null): Billing {
  return value === 'annual' ? 'annual' : 'monthly'
}

/**
 * Monthly / Annual as two links (?billing=…), so the toggle works without JavaScript. With
 * JavaScript the route skips revalidation for this param, so switching is instant.
 */
export function BillingToggle({
  billing,
  hrefFor,
  labels,
}: {
  billing: Billing
  hrefFor: (b: Billing) => string
  labels: { label: string; monthly: string; annual: string }
}) {
  const options: Billing[] = ['monthly', 'annual']
  return (
    <nav aria-label={labels.label} className="inline-flex rounded-lg border border-white/15 bg-ink-900 p-1">
      {options.map((b) => (
        <Link
          key={b}
          to={hrefFor(b)}
          replace
          preventScrollReset
          aria-current={b === billing ? 'true' : undefined}
          className={`rounded-md px-4 py-1.5 text-sm font-semibold ${b === billing ? 'bg-brand-500 text-white' : 'text-slate-200 hover:bg-white/10'}`}
        >
          {labels[b]}
        </Link>
      ))}
    </nav>
  )
}
