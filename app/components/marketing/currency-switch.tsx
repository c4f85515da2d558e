import { Form } from '@remix-run/react'
import { CURRENCIES } from '~/lib/constants'
import { PRICES, type Currency } from '~/lib/pricing'

/**
 * USD / GBP / EUR buttons. Each posts to /currency, which stores the preferred-currency cookie
 * and redirects back to `redirectTo`; works without JavaScript, and with it the page's loaders
 * revalidate in place (no scroll jump).
 */
export function CurrencySwitch({
  current,
  redirectTo,
  label = 'Currency',
}: {
  current: Currency
  redirectTo: string
  label?: string
}) {
  return (
    <Form method="post" action="/currency" preventScrollReset replace className="inline-flex">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div role="group" aria-label={label} className="inline-flex rounded-lg border border-white/15 bg-ink-900 p-1">
        {CURRENCIES.map((c) => (
          <button
            key={c}
            type="submit"
            name="currency"
            value={c}
            aria-pressed={c === current}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${c === current ? 'bg-brand-500 text-white' : 'text-slate-200 hover:bg-white/10'}`}
          >
            <span aria-hidden="true">{PRICES[c].symbol} </span>
            {c}
          </button>
        ))}
      </div>
    </Form>
  )
}
