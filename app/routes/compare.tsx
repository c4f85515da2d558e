import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Cta, ctaClass, MailtoLink } from '~/components/marketing/cta'
import { CurrencySwitch } from '~/components/marketing/currency-switch'
import { CheckIcon, CrossIcon, Icon } from '~/components/marketing/icons'
import { marketingMeta } from '~/components/marketing/meta'
import { PlanTabs } from '~/components/marketing/plan-tabs'
import { PageHero, Section } from '~/components/marketing/sections'
import { useBrand, useBranded } from '~/components/marketing/use-brand'
import { getConfig } from '~/config.server'
import { skipRevalidationForParam } from '~/lib/revalidate'
import {
  compareFinalCta,
  compareHero,
  comparePricing,
  comparePricingTabs,
  compareRows,
  compareSummaryCards,
  compareTable,
  diyMonthlyCostText,
  diyQrToolCostText,
  diyStackComponents,
  type ComparePricingTabId,
} from '~/content/marketing'
import { checkoutHref } from '~/lib/billing-checkout'
import { UNLOCK_FEE } from '~/lib/constants'
import { annualMonthly, formatPrice, PRICES, type Currency } from '~/lib/pricing'
import { getCurrency } from '~/services/currency.server'

const TAB_IDS = comparePricingTabs.map((t) => t.id)
const parsePlan = (value: string | null): ComparePricingTabId =>
  TAB_IDS.includes(value as ComparePricingTabId) ? (value as ComparePricingTabId) : 'solo'

export async function loader({ request }: LoaderFunctionArgs) {
  return { currency: getCurrency(request), teamEmail: getConfig().teamEmail }
}

// Switching plan tabs only changes ?plan: nothing to reload.
export const shouldRevalidate = skipRevalidationForParam('plan')

export default function Compare() {
  const { currency, teamEmail } = useLoaderData<typeof loader>()
  const brand = useBrand()
  const hero = useBranded(compareHero)
  const pricing = useBranded(comparePricing)
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const plan = parsePlan(searchParams.get('plan'))
  const money = (amount: number) => formatPrice(amount, currency)
  const hrefFor = (id: ComparePricingTabId) => {
    const params = new URLSearchParams(searchParams)
    params.set('plan', id)
    return `?${params.toString()}#${pricing.id}`
  }
  const select = (id: ComparePricingTabId) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set('plan', id)
        return next
      },
      { replace: true, preventScrollReset: true },
    )

  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} subtitle={hero.subtitle} />

      <Section id="summary" title="At a glance">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {compareSummaryCards(money).map((card) => (
            <li key={card.title} className="rounded-xl border border-white/10 bg-ink-900/70 p-6">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
                <Icon name={card.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{card.title}</h3>
              <p className="mt-3 text-sm text-slate-300">
                <span className="font-semibold text-brand-300">{brand}:</span> {card.lectern}
              </p>
              <p className="mt-2 text-sm text-slate-300">
                <span className="font-semibold text-slate-200">DIY:</span> {card.diy}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="features" title={compareTable.title}>
        {/* Focusable so keyboard users can scroll the table sideways on small screens. */}
        <div
          className="overflow-x-auto rounded-xl border border-white/10"
          role="region"
          aria-label={compareTable.title}
          tabIndex={0}
        >
          <table className="w-full min-w-[40rem] text-left">
            <caption className="sr-only">{brand} compared with a DIY stack, feature by feature</caption>
            <thead className="bg-ink-900 text-sm text-slate-300">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {compareTable.columns.feature}
                </th>
                <th scope="col" className="px-4 py-3 text-brand-300">
                  {brand}
                </th>
                <th scope="col" className="px-4 py-3">
                  {compareTable.columns.diy}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10">
              {compareRows.map((row) => (
                <tr key={row.feature}>
                  <th scope="row" className="px-4 py-3 font-medium text-white">
                    {row.feature}
                  </th>
                  <td className="px-4 py-3">
                    <Cell value={row.lectern} />
                  </td>
                  <td className="px-4 py-3">
                    <Cell value={row.diy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id={pricing.id} title={pricing.title} intro={<p>{pricing.intro}</p>}>
        <div className="mb-8 flex flex-wrap items-center justify-center gap-3">
          <span className="text-sm font-semibold text-slate-200" id="compare-currency-label">
            {pricing.currencyLabel}
          </span>
          <CurrencySwitch
            current={currency}
            redirectTo={`${location.pathname}${location.search}#${pricing.id}`}
            label={pricing.currencyLabel}
          />
        </div>
        <PlanTabs
          tabs={comparePricingTabs}
          selected={plan}
          hrefFor={hrefFor}
          onSelect={select}
          label="Plans"
          idPrefix="compare-plan"
        >
          <PlanPanel plan={plan} currency={currency} teamEmail={teamEmail} brand={brand} />
        </PlanTabs>
        <p className="mt-8 text-center text-sm text-slate-300">{pricing.accurateAsOf}</p>
      </Section>

      <section
        aria-labelledby="compare-final-title"
        className="border-t border-white/10 bg-gradient-to-t from-brand-700/25 to-ink-950"
      >
        <div className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 id="compare-final-title" className="text-3xl font-bold text-white">
            {compareFinalCta.title}
          </h2>
          <p className="mt-4 text-lg text-slate-300">{compareFinalCta.body}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to={compareFinalCta.primary.href} className={ctaClass.primary}>
              {compareFinalCta.primary.label}
            </Link>
            <Cta cta={compareFinalCta.secondary} variant="secondary" />
          </div>
        </div>
      </section>
    </>
  )
}

function PlanPanel({
  plan,
  currency,
  teamEmail,
  brand,
}: {
  plan: ComparePricingTabId
  currency: Currency
  teamEmail: string
  brand: string
}) {
  const tab = comparePricingTabs.find((t) => t.id === plan)!
  const prices = PRICES[currency]
  const money = (amount: number) => formatPrice(amount, currency)
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="rounded-2xl border border-brand-400/60 bg-brand-700/10 p-6">
        <h3 className="text-xl font-bold text-white">
          {brand} {tab.label}
        </h3>
        {tab.priceKey ? (
          <p className="mt-4 flex flex-wrap items-baseline gap-2">
            <span className="text-4xl font-bold text-white">{money(prices[tab.priceKey])}</span>
            <span className="text-slate-300">{tab.priceUnit}</span>
          </p>
        ) : (
          <p className="mt-4 text-3xl font-bold text-white">{tab.priceUnit}</p>
        )}
        <p className="mt-2 text-slate-200">{tab.note}</p>
        {plan === 'solo' ? <p className="mt-2 text-sm text-slate-300">Per-session unlock fee: {money(UNLOCK_FEE)}.</p> : null}
        {plan === 'teams' ? (
          <p className="mt-2 text-sm text-slate-300">
            Annual billing: {money(annualMonthly(currency))} per seat per month ({money(prices.yearlyPrice)} a year).
          </p>
        ) : null}
        <ul className="mt-6 space-y-2">
          {tab.includes.map((item) => (
            <li key={item} className="flex gap-3 text-slate-200">
              <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        {tab.buy ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={checkoutHref({ plan: tab.buy.plan, interval: 'monthly', currency })} className={ctaClass.primary}>
              {tab.buy.monthly}
            </Link>
            {tab.buy.annual ? (
              <Link to={checkoutHref({ plan: tab.buy.plan, interval: 'annual', currency })} className={ctaClass.secondary}>
                {tab.buy.annual}
              </Link>
            ) : null}
          </div>
        ) : null}
        {plan === 'enterprise' ? (
          <p className="mt-6">
            <MailtoLink email={teamEmail} subject="Enterprise enquiry">
              Contact us for a quote
            </MailtoLink>
          </p>
        ) : null}
      </div>
      <div className="rounded-2xl border border-white/10 bg-ink-900/70 p-6">
        <h3 className="text-xl font-bold text-white">{comparePricing.diyLabel}</h3>
        <p className="mt-4 flex flex-wrap items-baseline gap-2">
          <span className="text-4xl font-bold text-white">{money(prices[comparePricing.diyPriceKey])}</span>
          <span className="text-slate-300">{comparePricing.diyPriceUnit}</span>
        </p>
        <p className="mt-2 text-slate-200">{diyMonthlyCostText(money)}</p>
        <p className="mt-2 text-slate-200">{diyQrToolCostText(money)}</p>
        <h4 className="mt-6 font-semibold text-white">{comparePricing.diyIncludesLabel}</h4>
        <ul className="mt-2 space-y-2">
          {diyStackComponents.map((item) => (
            <li key={item} className="flex gap-3 text-slate-300">
              <span aria-hidden="true">•</span>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

function Cell({ value }: { value: string | boolean }) {
  if (value === true)
    return (
      <span className="inline-flex items-center gap-2 text-emerald-300">
        <CheckIcon /> <span className="sr-only">Included</span>
      </span>
    )
  if (value === false)
    return (
      <span className="inline-flex items-center gap-2 text-slate-400">
        <CrossIcon /> <span className="sr-only">Not available</span>
      </span>
    )
  return <span className="text-slate-200">{value}</span>
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    'Compare: {brand} vs. a DIY stack',
    'Set up in under 30 minutes instead of 6-10 hours. Compare {brand} with a do-it-yourself lead-capture stack, feature by feature and price by price.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
