import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { BillingToggle, parseBilling, type Billing } from '~/components/marketing/billing-toggle'
import { ctaClass, MailtoLink } from '~/components/marketing/cta'
import { CurrencySwitch } from '~/components/marketing/currency-switch'
import { marketingMeta } from '~/components/marketing/meta'
import { PricingCards } from '~/components/marketing/pricing-cards'
import { PageHero } from '~/components/marketing/sections'
import { getConfig } from '~/config.server'
import { skipRevalidationForParam } from '~/lib/revalidate'
import { pricingBilling, pricingHero, pricingStillUnsure } from '~/content/marketing-pricing'
import { useRootData } from '~/root'
import { getCurrency } from '~/services/currency.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return { currency: getCurrency(request), teamEmail: getConfig().teamEmail }
}

// The billing toggle only changes ?billing: nothing to reload, so it switches instantly.
export const shouldRevalidate = skipRevalidationForParam('billing')

export default function Pricing() {
  const { currency, teamEmail } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const billing = parseBilling(searchParams.get('billing'))
  const calendar = useRootData()?.links.calendar
  const hrefFor = (b: Billing) => {
    const params = new URLSearchParams(searchParams)
    params.set('billing', b)
    return `?${params.toString()}`
  }

  return (
    <>
      <PageHero eyebrow={pricingHero.eyebrow} title={pricingHero.title} subtitle={pricingHero.subtitle}>
        <BillingToggle billing={billing} hrefFor={hrefFor} labels={pricingBilling} />
        <CurrencySwitch current={currency} redirectTo={`${location.pathname}${location.search}`} />
      </PageHero>

      <div className="mx-auto max-w-6xl px-4 py-16">
        <PricingCards currency={currency} billing={billing} teamEmail={teamEmail} />
      </div>

      <section aria-labelledby="still-unsure-title" className="mx-auto max-w-4xl px-4 pb-20">
        <div className="rounded-2xl border border-white/10 bg-ink-900/70 p-8 text-center">
          <h2 id="still-unsure-title" className="text-2xl font-bold text-white">
            {pricingStillUnsure.title}
          </h2>
          <p className="mt-3 text-slate-300">{pricingStillUnsure.body}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-4">
            <Link to={pricingStillUnsure.freePage.href} className={ctaClass.primary}>
              {pricingStillUnsure.freePage.label}
            </Link>
            {calendar ? (
              <a href={calendar} target="_blank" rel="noopener noreferrer" className={ctaClass.secondary}>
                {pricingStillUnsure.demo.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
          <p className="mt-2 text-sm text-slate-300">{pricingStillUnsure.freePage.note}</p>
          <p className="mt-6 text-slate-300">
            {pricingStillUnsure.questions} <MailtoLink email={teamEmail}>{teamEmail}</MailtoLink>
          </p>
        </div>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    'Pricing',
    'Free to start and pay only when it works, Professional / Teams for unlimited sessions, and Event Organiser plans for multi-speaker events.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
