import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { pricingFreePlan, pricingOrganiserPlan, pricingProPlan } from '~/content/marketing-pricing'
import { checkoutHref } from '~/lib/billing-checkout'
import { planPrices, type Billing } from '~/lib/plan-prices'
import type { Currency } from '~/lib/pricing'
import { ctaClass, MailtoLink } from './cta'
import { CheckIcon, CrossIcon } from './icons'

/** The three plans of spec 000 §2 in the visitor's currency. */
export function PricingCards({ currency, billing, teamEmail }: { currency: Currency; billing: Billing; teamEmail: string }) {
  const prices = planPrices(currency, billing)
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <PlanCard name={pricingFreePlan.name} badge={pricingFreePlan.badge}>
        <p className="mt-6 text-4xl font-bold text-white">{pricingFreePlan.price}</p>
        <Features items={pricingFreePlan.features} excluded={pricingFreePlan.excluded} />
        <p className="mt-6 rounded-lg bg-white/5 p-4 text-sm text-slate-200">
          {pricingFreePlan.unlockPrefix} <strong className="text-white">{prices.unlockFee}</strong> {pricingFreePlan.unlockSuffix}
        </p>
        <div className="mt-auto pt-8">
          <Link to={pricingFreePlan.cta.href} className={`${ctaClass.secondary} w-full`}>
            {pricingFreePlan.cta.label}
          </Link>
        </div>
      </PlanCard>

      <PlanCard name={pricingProPlan.name} badge={pricingProPlan.badge} highlighted>
        <p className="mt-6 flex flex-wrap items-baseline gap-2">
          <span className="text-4xl font-bold text-white" data-testid="pro-price">
            {prices.proPerMonth}
          </span>
          <span className="text-slate-300">{pricingProPlan.perMonth}</span>
          {billing === 'annual' ? (
            <span className="rounded-full bg-emerald-500/20 px-2.5 py-0.5 text-xs font-semibold text-emerald-200">
              {pricingProPlan.saveBadge}
            </span>
          ) : null}
        </p>
        <p className="mt-1 text-sm text-slate-300">
          {prices.proBilledYearly ? `${prices.proBilledYearly} ${pricingProPlan.billedAnnually}` : pricingProPlan.billedMonthly}
        </p>
        <Features items={pricingProPlan.features} />
        <div className="mt-auto pt-8">
          {/* Straight to checkout for this interval and currency; signed out, checkout sends them to sign up and back. */}
          <Link to={checkoutHref({ plan: 'pro', interval: billing, currency })} className={`${ctaClass.primary} w-full`}>
            {pricingProPlan.cta.label}
          </Link>
        </div>
      </PlanCard>

      <PlanCard name={pricingOrganiserPlan.name} badge={pricingOrganiserPlan.badge}>
        <p className="mt-6 flex flex-wrap items-baseline gap-2">
          <span className="text-slate-300">{pricingOrganiserPlan.from}</span>
          <span className="text-4xl font-bold text-white">{prices.organiserFrom}</span>
          <span className="text-slate-300">{pricingOrganiserPlan.perYear}</span>
        </p>
        <p className="mt-1 text-sm text-slate-300">{pricingOrganiserPlan.note}</p>
        <Features items={pricingOrganiserPlan.features} />
        <div className="mt-auto pt-8">
          <MailtoLink email={teamEmail} subject={pricingOrganiserPlan.cta.subject} className={`${ctaClass.secondary} w-full`}>
            {pricingOrganiserPlan.cta.label}
          </MailtoLink>
        </div>
      </PlanCard>
    </div>
  )
}

function PlanCard({
  name,
  badge,
  highlighted,
  children,
}: {
  name: string
  badge: string
  highlighted?: boolean
  children: ReactNode
}) {
  return (
    <section
      aria-label={name}
      className={`flex flex-col rounded-2xl border p-8 ${highlighted ? 'border-brand-400 bg-brand-700/15 shadow-lg shadow-brand-500/10' : 'border-white/10 bg-ink-900/70'}`}
    >
      <p className="w-fit rounded-full bg-brand-500/20 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-100">
        {badge}
      </p>
      <h2 className="mt-4 text-2xl font-bold text-white">{name}</h2>
      <div className="flex flex-1 flex-col">{children}</div>
    </section>
  )
}

function Features({ items, excluded = [] }: { items: readonly string[]; excluded?: readonly string[] }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((f) => (
        <li key={f} className="flex gap-3 text-slate-200">
          <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" />
          <span>{f}</span>
        </li>
      ))}
      {excluded.map((f) => (
        <li key={f} className="flex gap-3 text-slate-300">
          <CrossIcon className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  )
}
