import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useFetcher, useLoaderData, useSearchParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, FormMessage, Honeypot, Spinner } from '~/components/forms'
import { Countdown } from '~/components/marketing/countdown'
import { Cta, ctaClass } from '~/components/marketing/cta'
import { marketingMeta } from '~/components/marketing/meta'
import { Faq, FeatureGrid, Section } from '~/components/marketing/sections'
import { TestimonialCard } from '~/components/marketing/testimonial-carousel'
import { useBranded } from '~/components/marketing/use-brand'
import { controlProps, serverResult } from '~/components/server-result'
import { useHydrated } from '~/components/use-hydrated'
import { getConfig } from '~/config.server'
import {
  LAUNCH_OFFER,
  productHuntBadge,
  productHuntDemo,
  productHuntEmailCapture,
  productHuntFaq,
  productHuntFeatures,
  productHuntFeaturesCta,
  productHuntFinalCta,
  productHuntHero,
  productHuntOffer,
  productHuntSteps,
  productHuntStepsCta,
} from '~/content/marketing'
import { getTestimonial, PRODUCT_HUNT_TESTIMONIAL_ID } from '~/content/testimonials'
import { countdownParts } from '~/lib/countdown'
import { NEWSLETTER_FAILURE } from '~/lib/shell-copy'
import { NewsletterSchema } from '~/lib/shell-forms'
import { embeddableVideoSrc } from '~/lib/video-embed'
import { subscribe } from '~/models/newsletter.server'
import { hitRateLimit } from '~/models/rate-limit.server'
import { isSpam } from '~/services/honeypot.server'
import { readForm } from '~/services/request-body.server'
import { clientIp } from '~/services/request.server'

// The launch page (spec 000 §2). One offer everywhere (decision 6): 40% off the annual Pro plan
// with code ProductHunt until the configured deadline. The discount e-mail form is first-party
// (decision 3): the address joins the newsletter list (double opt-in) with source 'product-hunt'.

export const LAUNCH_FORM_SOURCE = 'product-hunt'
// The form's two hidden flags (spec 000 §3), stored with the subscriber.
export const LAUNCH_FORM_FLAGS = { offer: LAUNCH_OFFER.code, campaign: 'product-hunt-launch' } as const
const SUBSCRIBES_PER_IP_PER_HOUR = 10

type LaunchResult = { ok: true } | { ok: false; failed: boolean; result: SubmissionResult<string[]> }

export async function loader(_args: LoaderFunctionArgs) {
  const config = getConfig()
  return {
    deadline: config.launchOfferDeadline.toISOString(),
    now: Date.now(),
    demoSrc: embeddableVideoSrc(config.DEMO_VIDEO_URL),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const wantsJson = formData.get('_js') === '1'
  const submission = parseWithZod(formData, { schema: NewsletterSchema })
  const succeed = () => (wantsJson ? data<LaunchResult>({ ok: true }) : redirect('/product-hunt?subscribed=1#launch-discount'))
  const fail = (status: number) =>
    data<LaunchResult>({ ok: false, failed: true, result: submission.reply({ formErrors: [NEWSLETTER_FAILURE] }) }, { status })

  if (isSpam(formData)) return succeed()
  if (!(await hitRateLimit(`launch:ip:${clientIp(request)}`, SUBSCRIBES_PER_IP_PER_HOUR, 60 * 60 * 1000)).allowed)
    return fail(429)
  if (submission.status !== 'success')
    return data<LaunchResult>({ ok: false, failed: false, result: submission.reply() }, { status: 400 })

  const config = getConfig()
  const active = !countdownParts(config.launchOfferDeadline, Date.now()).ended
  try {
    await subscribe(
      { email: submission.value.email, source: LAUNCH_FORM_SOURCE, flags: { ...LAUNCH_FORM_FLAGS } },
      active
        ? {
            intro: `Your launch code is ${LAUNCH_OFFER.code}: ${LAUNCH_OFFER.discountPercent}% off the ${LAUNCH_OFFER.plan}. Use it at checkout before the offer ends.`,
          }
        : {},
    )
  } catch (error) {
    console.error('Launch-discount subscription failed', error)
    return fail(500)
  }
  return succeed()
}

export default function ProductHunt() {
  const { deadline, now, demoSrc } = useLoaderData<typeof loader>()
  const hero = useBranded(productHuntHero)
  const demo = useBranded(productHuntDemo)
  const offer = useBranded(productHuntOffer)
  const faq = useBranded(productHuntFaq)
  const testimonial = getTestimonial(PRODUCT_HUNT_TESTIMONIAL_ID)
  const ended = countdownParts(new Date(deadline), now).ended

  return (
    <>
      <section className="border-b border-white/10 bg-gradient-to-b from-orange-600/15 via-ink-950 to-ink-950">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-orange-300">{hero.eyebrow}</p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-white sm:text-6xl">{hero.headline}</h1>
          <p className="mx-auto mt-6 max-w-3xl text-lg text-slate-300">{hero.subheadline}</p>
          <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
            <Cta cta={hero.primaryCta} />
            <Cta cta={hero.secondaryCta} variant="secondary" />
          </div>
          <p className="mt-8 inline-flex items-center gap-2 rounded-full border border-orange-400/40 bg-orange-500/10 px-4 py-2 text-sm font-semibold text-orange-100">
            <span aria-hidden="true">▲</span> {productHuntBadge.text}
          </p>
        </div>
      </section>

      <LaunchDiscountForm ended={ended} />

      <Section id="how-it-works" title="How it works">
        <ol className="grid gap-6 md:grid-cols-3">
          {productHuntSteps.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-white/10 bg-ink-900/70 p-6">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-500 font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-300">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 text-center">
          <Cta cta={productHuntStepsCta} />
        </div>
      </Section>

      {demoSrc ? (
        <Section id="demo" title={demo.title} intro={<p>{demo.body}</p>}>
          <div className="mx-auto aspect-video max-w-4xl overflow-hidden rounded-2xl border border-white/10">
            <iframe
              src={demoSrc}
              title={demo.title}
              className="h-full w-full"
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </div>
        </Section>
      ) : null}

      <Section id="offer" title={offer.title}>
        <div className="mx-auto max-w-3xl rounded-2xl border border-orange-400/40 bg-ink-900/80 p-8 text-center">
          <p className="text-2xl font-bold text-white">{offer.headline}</p>
          <p className="mt-3 text-slate-300">{offer.body}</p>
          <p className="mt-4 text-slate-200">
            {offer.codeLabel}:{' '}
            <code className="rounded bg-ink-800 px-2 py-1 font-mono text-lg text-orange-200">{LAUNCH_OFFER.code}</code>
          </p>
          <div className="mt-6 flex justify-center">
            <Countdown
              deadline={deadline}
              serverNow={now}
              label={offer.countdownLabel}
              units={offer.countdownUnits}
              ended={offer.ended}
            />
          </div>
          {ended ? null : (
            <div className="mt-6">
              <Cta cta={offer.cta} />
            </div>
          )}
          <p className="mt-6 text-sm text-slate-300">{offer.share}</p>
        </div>
      </Section>

      <Section id="features" title="Everything you need to capture leads at your talks">
        <FeatureGrid cards={productHuntFeatures} />
        <div className="mt-8 text-center">
          <Cta cta={productHuntFeaturesCta} />
        </div>
      </Section>

      {testimonial ? (
        <Section id="testimonial" title="What speakers say">
          <div className="mx-auto max-w-3xl">
            <TestimonialCard testimonial={testimonial} />
          </div>
        </Section>
      ) : null}

      <Section id="faq" title="Frequently asked questions">
        <Faq items={faq} />
      </Section>

      <section
        aria-labelledby="ph-final-title"
        className="border-t border-white/10 bg-gradient-to-t from-orange-600/15 to-ink-950"
      >
        <div className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 id="ph-final-title" className="text-3xl font-bold text-white">
            {productHuntFinalCta.title}
          </h2>
          <p className="mt-4 text-lg text-slate-300">{productHuntFinalCta.body}</p>
          <div className="mt-8">
            <Cta cta={productHuntFinalCta.cta} />
          </div>
        </div>
      </section>
    </>
  )
}

/**
 * Launch-discount e-mail form (spec 000 §4): idle → loading (submit swapped for a spinner) →
 * success (thank-you replaces the form) or failure (alert, submit restored). With JavaScript it
 * posts in the background; without, success redirects back here with ?subscribed=1.
 */
function LaunchDiscountForm({ ended }: { ended: boolean }) {
  const fetcher = useFetcher<LaunchResult>()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const actionData = useActionData<typeof action>()
  const result = fetcher.data ?? actionData
  // The server validates (NewsletterSchema); the page ships no form library.
  const reply = serverResult(result && !result.ok ? result.result : undefined)
  const email = controlProps('launch-discount-form', 'email', reply)
  const loading = fetcher.state !== 'idle'
  const succeeded = (result?.ok && !loading) || (!result && searchParams.get('subscribed') === '1')
  const copy = ended ? { ...productHuntEmailCapture, ...productHuntEmailCapture.ended } : productHuntEmailCapture

  return (
    <section id="launch-discount" aria-labelledby="launch-discount-title" className="mx-auto max-w-3xl scroll-mt-24 px-4 py-16">
      <div className="rounded-2xl border border-white/10 bg-ink-900/80 p-8">
        <h2 id="launch-discount-title" className="text-2xl font-bold text-white">
          {copy.title}
        </h2>
        <p className="mt-3 text-slate-300">{copy.body}</p>
        {succeeded ? (
          <p role="status" className="mt-6 rounded-md border border-emerald-400/50 bg-emerald-950/70 px-4 py-3 text-emerald-100">
            {copy.success}
          </p>
        ) : (
          <fetcher.Form
            method="post"
            action="/product-hunt"
            id="launch-discount-form"
            noValidate
            className="relative mt-6 flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <Honeypot />
            {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
            <div className="flex-1">
              <label htmlFor={email.id} className="sr-only">
                {copy.emailLabel}
              </label>
              <input
                {...email}
                type="email"
                required
                autoComplete="email"
                placeholder={copy.placeholder}
                className="w-full rounded-md border border-white/15 bg-ink-950 px-3 py-2.5 text-slate-100 placeholder:text-slate-400 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 aria-[invalid=true]:border-red-400"
              />
              <ErrorList id={`${email.id}-error`} errors={reply.errors('email')} />
            </div>
            {loading ? (
              <p className="flex h-11 items-center px-4 text-slate-200">
                <Spinner label="Sending..." />
              </p>
            ) : (
              <button type="submit" className={ctaClass.primary}>
                {copy.submitLabel}
              </button>
            )}
          </fetcher.Form>
        )}
        {result && !result.ok && result.failed && !loading ? (
          <div className="mt-4">
            <FormMessage>{NEWSLETTER_FAILURE}</FormMessage>
          </div>
        ) : null}
      </div>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    '{brand} on Product Hunt',
    'Turn every talk into qualified leads. Launch offer: 40% off the annual Pro plan with code ProductHunt.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
