import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Cta, ctaClass } from '~/components/marketing/cta'
import { CheckIcon } from '~/components/marketing/icons'
import { marketingMeta } from '~/components/marketing/meta'
import { FeatureGrid, Section } from '~/components/marketing/sections'
import { TestimonialCarousel } from '~/components/marketing/testimonial-carousel'
import { useBrand, useBranded } from '~/components/marketing/use-brand'
import {
  landingDemo,
  landingDiyComparison,
  landingFeatureCards,
  landingFeatureSections,
  landingFinalCta,
  landingHero,
  landingIdeasLink,
  landingLogoStrip,
  landingTestimonialsHeading,
} from '~/content/marketing'
import { landingTestimonials } from '~/content/testimonials'
import { useRootData } from '~/root'

export default function Index() {
  const hero = useBranded(landingHero)
  const sections = useBranded(landingFeatureSections)
  const diy = useBranded(landingDiyComparison)
  const brand = useBrand()
  const calendar = useRootData()?.links.calendar

  return (
    <>
      <section className="relative overflow-hidden border-b border-white/10 bg-gradient-to-b from-brand-700/25 via-ink-950 to-ink-950">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{hero.eyebrow}</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-white sm:text-6xl">{hero.headline}</h1>
          <p className="mx-auto mt-6 max-w-3xl text-lg text-slate-300">{hero.subheadline}</p>
          <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
            <Cta cta={hero.primaryCta} />
            <Cta cta={hero.secondaryCta} variant="secondary" />
          </div>
          <p className="mt-6 text-sm text-slate-300">{hero.reassurance}</p>
        </div>
      </section>

      <section aria-labelledby="logo-strip-title" className="border-b border-white/10 bg-ink-900/40">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="logo-strip-title" className="text-center text-sm font-semibold uppercase tracking-wider text-slate-300">
            {landingLogoStrip.heading}
          </h2>
          <ul className="mt-6 flex flex-wrap justify-center gap-3">
            {landingLogoStrip.labels.map((label) => (
              <li
                key={label}
                className="rounded-full border border-white/15 bg-white/5 px-4 py-2 text-sm font-medium text-slate-200"
              >
                {label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="features" title={`Why speakers choose ${brand}`}>
        <FeatureGrid cards={landingFeatureCards} />
      </Section>

      {landingTestimonials.length > 0 ? (
        <Section id="testimonials" title={landingTestimonialsHeading}>
          <TestimonialCarousel testimonials={landingTestimonials} />
        </Section>
      ) : null}

      <div className="border-y border-white/10 bg-ink-900/40">
        {sections.map((s, i) => (
          <section
            key={s.id}
            id={s.id}
            aria-labelledby={`${s.id}-title`}
            className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2 md:items-center"
          >
            <div className={i % 2 === 1 ? 'md:order-2' : ''}>
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{s.eyebrow}</p>
              <h2 id={`${s.id}-title`} className="mt-2 text-3xl font-bold text-white">
                {s.title}
              </h2>
              <p className="mt-4 text-slate-300">{s.description}</p>
            </div>
            <ul className="space-y-3 rounded-2xl border border-white/10 bg-ink-950/70 p-6">
              {s.bullets.map((b) => (
                <li key={b} className="flex gap-3 text-slate-200">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" />
                  <span>{b}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <Section id="diy" title={diy.title} intro={<p>{diy.intro}</p>}>
        {/* Focusable so keyboard users can scroll the table sideways on small screens. */}
        <div className="overflow-x-auto rounded-xl border border-white/10" role="region" aria-label={diy.title} tabIndex={0}>
          <table className="w-full min-w-[36rem] text-left">
            <caption className="sr-only">{diy.title}</caption>
            <thead className="bg-ink-900 text-sm text-slate-300">
              <tr>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Aspect</span>
                </th>
                <th scope="col" className="px-4 py-3 text-brand-300">
                  {brand}
                </th>
                <th scope="col" className="px-4 py-3">
                  DIY stack
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10">
              {diy.points.map((p) => (
                <tr key={p.label}>
                  <th scope="row" className="px-4 py-3 font-semibold text-white">
                    {p.label}
                  </th>
                  <td className="px-4 py-3 text-slate-100">{p.lectern}</td>
                  <td className="px-4 py-3 text-slate-300">{p.diy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-8 text-center">
          <Link to={diy.cta.href} className={ctaClass.secondary}>
            {diy.cta.label}
          </Link>
        </div>
      </Section>

      <section aria-labelledby="ideas-title" className="mx-auto max-w-4xl px-4 pb-16 text-center">
        <h2 id="ideas-title" className="text-2xl font-bold text-white">
          {landingIdeasLink.text}
        </h2>
        <p className="mt-6">
          <Link to={landingIdeasLink.cta.href} className={ctaClass.secondary}>
            {landingIdeasLink.cta.label}
          </Link>
        </p>
      </section>

      {calendar ? (
        <section aria-labelledby="demo-title" className="mx-auto max-w-4xl px-4 pb-16">
          <div className="rounded-2xl border border-white/10 bg-ink-900/70 p-8 text-center">
            <h2 id="demo-title" className="text-2xl font-bold text-white">
              {landingDemo.title}
            </h2>
            <p className="mt-3 text-slate-300">{landingDemo.body}</p>
            <div className="mt-6">
              <Cta cta={landingDemo.cta} />
            </div>
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="final-cta-title"
        className="border-t border-white/10 bg-gradient-to-t from-brand-700/25 to-ink-950"
      >
        <div className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 id="final-cta-title" className="text-3xl font-bold text-white sm:text-4xl">
            {landingFinalCta.title}
          </h2>
          <p className="mt-4 text-lg text-slate-300">{landingFinalCta.body}</p>
          <div className="mt-8">
            <Cta cta={landingFinalCta.cta} />
          </div>
        </div>
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    'Lead capture for event speakers',
    '{brand} turns every talk into a pipeline: a landing page and QR code per talk, qualified leads in seconds, built-in GDPR notices and ROI per engagement.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
