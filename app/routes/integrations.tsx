import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ctaClass, MailtoLink } from '~/components/marketing/cta'
import { Icon } from '~/components/marketing/icons'
import { marketingMeta } from '~/components/marketing/meta'
import { Faq, PageHero, Section } from '~/components/marketing/sections'
import { useBranded } from '~/components/marketing/use-brand'
import { getConfig } from '~/config.server'
import {
  getStartedSteps,
  integrationFaq,
  integrationsHelp,
  integrationsHero,
  integrationSections,
  INTEGRATION_STATUSES,
  integrationStatusDescriptions,
  type IntegrationStatus,
} from '~/content/integrations'
import { useRootData } from '~/root'

export async function loader() {
  return { teamEmail: getConfig().teamEmail }
}

const STATUS_STYLE: Record<IntegrationStatus, string> = {
  'Early Access': 'border-emerald-400/50 bg-emerald-500/15 text-emerald-100',
  'Supported (contact us)': 'border-sky-400/50 bg-sky-500/15 text-sky-100',
  'In Development': 'border-amber-400/50 bg-amber-500/15 text-amber-100',
  'Coming Soon': 'border-violet-400/50 bg-violet-500/15 text-violet-100',
  Planned: 'border-slate-400/50 bg-slate-500/15 text-slate-100',
  'On Request': 'border-pink-400/50 bg-pink-500/15 text-pink-100',
  'Possible Future Integration': 'border-white/30 bg-white/5 text-slate-200',
}

function StatusBadge({ status }: { status: IntegrationStatus }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}
    >
      {status}
    </span>
  )
}

export default function Integrations() {
  const { teamEmail } = useLoaderData<typeof loader>()
  const hero = useBranded(integrationsHero)
  const sections = useBranded(integrationSections)
  const faq = useBranded(integrationFaq)
  const links = useRootData()?.links

  return (
    <>
      <PageHero title={hero.title} subtitle={hero.subtitle}>
        <p className="text-sm text-slate-300">{hero.note}</p>
      </PageHero>

      <Section id="statuses" title="What the statuses mean">
        <dl className="mx-auto grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {INTEGRATION_STATUSES.map((status) => (
            <div key={status} className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
              <dt>
                <StatusBadge status={status} />
              </dt>
              <dd className="mt-2 text-sm text-slate-300">{integrationStatusDescriptions[status]}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {sections.map((section) => (
        <Section key={section.id} id={section.id} className="py-10">
          <div className="flex items-start gap-4">
            <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
              <Icon name={section.icon} />
            </span>
            <div>
              <h2 className="text-2xl font-bold text-white">{section.title}</h2>
              <p className="mt-1 text-slate-300">{section.description}</p>
            </div>
          </div>
          <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {section.items.map((item) => (
              <li key={item.name} className="flex flex-col rounded-xl border border-white/10 bg-ink-900/70 p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="text-lg font-semibold text-white">{item.name}</h3>
                  <StatusBadge status={item.status} />
                </div>
                <p className="mt-2 text-sm text-slate-300">{item.description}</p>
                {item.covers ? <p className="mt-2 text-sm text-slate-300">Covers: {item.covers.join(', ')}</p> : null}
                {item.plans ? (
                  <p className="mt-3 text-xs font-semibold uppercase tracking-wider text-brand-300">{item.plans}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ))}

      <Section id="get-started" title="Get started in four steps">
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {getStartedSteps.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-white/10 bg-ink-900/70 p-6">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-500 font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-slate-300">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <Faq items={faq} />
      </Section>

      <section aria-labelledby="integrations-help-title" className="mx-auto max-w-4xl px-4 pb-20">
        <div className="rounded-2xl border border-white/10 bg-ink-900/70 p-8 text-center">
          <h2 id="integrations-help-title" className="text-2xl font-bold text-white">
            {integrationsHelp.title}
          </h2>
          <p className="mt-3 text-slate-300">{integrationsHelp.body}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-4">
            {links?.knowledgeBase ? (
              <a href={links.knowledgeBase} target="_blank" rel="noopener noreferrer" className={ctaClass.secondary}>
                {integrationsHelp.knowledgeBaseLabel}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
            {links?.feedbackBoard ? (
              <a href={links.feedbackBoard} target="_blank" rel="noopener noreferrer" className={ctaClass.secondary}>
                {integrationsHelp.featureRequestLabel}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
            <MailtoLink email={teamEmail} subject="Integration support" className={ctaClass.secondary}>
              {integrationsHelp.supportLabel}
            </MailtoLink>
            <Link to="/signup" className={ctaClass.primary}>
              {integrationsHelp.getStartedLabel}
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-300">
            Support: <MailtoLink email={teamEmail}>{teamEmail}</MailtoLink>
          </p>
        </div>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    'Integrations',
    'Connect {brand} to your CRM, email marketing, data enrichment, analytics and automation tools. See what is available today and what is coming next.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
