import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Cta, MailtoLink } from '~/components/marketing/cta'
import { marketingMeta } from '~/components/marketing/meta'
import { Faq, FeatureGrid, PageHero, Section } from '~/components/marketing/sections'
import { TestimonialCard } from '~/components/marketing/testimonial-carousel'
import { useBranded } from '~/components/marketing/use-brand'
import { getConfig } from '~/config.server'
import {
  foundersStory,
  foundersStoryCta,
  foundersStoryFaq,
  foundersStoryFaqContact,
  foundersStoryFeatureCards,
  foundersStoryHero,
  foundersStoryWhy,
} from '~/content/marketing'
import { FOUNDERS_STORY_TESTIMONIAL_ID, getTestimonial } from '~/content/testimonials'

export async function loader() {
  return { teamEmail: getConfig().teamEmail }
}

export default function OurFoundersStory() {
  const { teamEmail } = useLoaderData<typeof loader>()
  const hero = useBranded(foundersStoryHero)
  const story = useBranded(foundersStory)
  const why = useBranded(foundersStoryWhy)
  const faq = useBranded(foundersStoryFaq)
  const testimonial = getTestimonial(FOUNDERS_STORY_TESTIMONIAL_ID)

  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} subtitle={hero.subtitle} />

      <Section id="story" title={story.title}>
        <div className="mx-auto max-w-3xl space-y-5 text-lg leading-relaxed text-slate-300">
          {story.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>

      <div className="border-y border-white/10 bg-ink-900/40">
        <Section id="why" title={why.title}>
          <div className="mx-auto max-w-3xl space-y-5 text-lg leading-relaxed text-slate-300">
            {why.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </Section>
      </div>

      <Section id="features" title="What you get">
        <FeatureGrid cards={foundersStoryFeatureCards} columns={4} />
      </Section>

      {testimonial ? (
        <Section id="testimonial" title="From a speaker who uses it">
          <div className="mx-auto max-w-3xl">
            <TestimonialCard testimonial={testimonial} />
          </div>
        </Section>
      ) : null}

      <section
        aria-labelledby="founders-cta-title"
        className="border-y border-white/10 bg-gradient-to-t from-brand-700/25 to-ink-950"
      >
        <div className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 id="founders-cta-title" className="text-3xl font-bold text-white">
            {foundersStoryCta.title}
          </h2>
          <p className="mt-4 text-lg text-slate-300">{foundersStoryCta.body}</p>
          <div className="mt-8">
            <Cta cta={foundersStoryCta.cta} />
          </div>
        </div>
      </section>

      <Section id="faq" title="Frequently asked questions">
        <Faq items={faq}>
          {foundersStoryFaqContact.text}{' '}
          <MailtoLink email={teamEmail} subject="A question about the product">
            {foundersStoryFaqContact.linkLabel}
          </MailtoLink>
        </Faq>
      </Section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    "Our Founders' Story",
    'Why we built {brand}: great talks deserve better than a pile of business cards. Capture, qualify and follow up with your audience, GDPR and CCPA compliant.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
