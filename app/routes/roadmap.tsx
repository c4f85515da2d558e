import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ctaClass, MailtoLink } from '~/components/marketing/cta'
import { Icon } from '~/components/marketing/icons'
import { marketingMeta } from '~/components/marketing/meta'
import { PageHero, Section } from '~/components/marketing/sections'
import { useBranded } from '~/components/marketing/use-brand'
import { getConfig } from '~/config.server'
import {
  roadmapContactLabel,
  roadmapFeedback,
  roadmapGetStarted,
  roadmapHero,
  roadmapSections,
  roadmapUpdates,
  type RoadmapClosingBlock,
} from '~/content/roadmap'
import { useRootData } from '~/root'

export async function loader() {
  return { teamEmail: getConfig().teamEmail }
}

export default function Roadmap() {
  const { teamEmail } = useLoaderData<typeof loader>()
  const hero = useBranded(roadmapHero)
  const sections = useBranded(roadmapSections)
  const mailingList = useRootData()?.links.mailingList
  // The mailing-list sign-up: the configured external form, or the newsletter form in the footer.
  const signupHref = mailingList ?? '#newsletter'

  return (
    <>
      <PageHero title={hero.title} subtitle={hero.subtitle}>
        <div className="space-y-1 text-sm text-slate-300">
          {hero.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      </PageHero>

      <nav aria-label="Roadmap sections" className="mx-auto max-w-6xl px-4 pt-10">
        <ul className="flex flex-wrap justify-center gap-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-block rounded-full border border-white/15 px-4 py-1.5 text-sm text-slate-200 hover:bg-white/10"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {sections.map((section) => (
        <Section key={section.id} id={section.id} className="py-10">
          <div className="flex items-start gap-4">
            <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
              <Icon name={section.icon} />
            </span>
            <div>
              <h2 id={`${section.id}-title`} className="text-2xl font-bold text-white">
                {section.title}
              </h2>
              <p className="mt-1 text-slate-300">{section.intro}</p>
              {section.availability ? (
                <p className="mt-2 w-fit rounded-full bg-brand-500/20 px-3 py-0.5 text-xs font-semibold text-brand-100">
                  {section.availability}
                </p>
              ) : null}
            </div>
          </div>
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {section.items.map((item) => (
              <li key={item.title} className="rounded-xl border border-white/10 bg-ink-900/70 p-5">
                <h3 className="text-lg font-semibold text-white">{item.title}</h3>
                <p className="mt-2 text-sm text-slate-300">{item.description}</p>
              </li>
            ))}
          </ul>
        </Section>
      ))}

      <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-10 md:grid-cols-2">
        <ClosingBlock id="updates" block={roadmapUpdates} />
        <ClosingBlock id="feedback" block={roadmapFeedback}>
          <p className="mt-4">
            <MailtoLink email={teamEmail} subject="Roadmap feedback">
              {roadmapContactLabel}
            </MailtoLink>
          </p>
        </ClosingBlock>
      </div>

      <section aria-labelledby="roadmap-start-title" className="mx-auto max-w-4xl px-4 pb-20">
        <div className="rounded-2xl border border-white/10 bg-gradient-to-t from-brand-700/25 to-ink-900 p-8 text-center">
          <h2 id="roadmap-start-title" className="text-2xl font-bold text-white">
            {roadmapGetStarted.title}
          </h2>
          <p className="mt-3 text-slate-300">{roadmapGetStarted.body}</p>
          <div className="mt-6">
            {mailingList ? (
              <a href={signupHref} target="_blank" rel="noopener noreferrer" className={ctaClass.primary}>
                {roadmapGetStarted.cta.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <a href={signupHref} className={ctaClass.primary}>
                {roadmapGetStarted.cta.label}
              </a>
            )}
          </div>
        </div>
      </section>
    </>
  )
}

function ClosingBlock({ id, block, children }: { id: string; block: RoadmapClosingBlock; children?: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-white/10 bg-ink-900/70 p-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-white">
        {block.title}
      </h2>
      {block.paragraphs.map((p) => (
        <p key={p} className="mt-3 text-slate-300">
          {p}
        </p>
      ))}
      {block.list ? (
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-300">
          {block.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    'Product Roadmap',
    "What's next for {brand}: AI follow-up and lead scoring, deeper integrations, advanced branding, retargeting, credits and our long-term vision.",
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
