import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Field, FormMessage, Honeypot, SelectField, Spinner, TextareaField } from '~/components/forms'
import { ctaClass } from '~/components/marketing/cta'
import { CheckIcon } from '~/components/marketing/icons'
import { marketingMeta } from '~/components/marketing/meta'
import { FeatureGrid, PageHero, Section } from '~/components/marketing/sections'
import { useBranded } from '~/components/marketing/use-brand'
import { controlProps, serverResult } from '~/components/server-result'
import { getConfig } from '~/config.server'
import {
  startupApply,
  startupBenefits,
  startupCommunity,
  startupHero,
  startupPricing,
  startupQualification,
} from '~/content/marketing'
import { STARTUP_YEAR_MIN } from '~/lib/constants'
import { startupApplicationSchema, type StartupApplicationInput } from '~/lib/startup-application'
import { hitRateLimit } from '~/models/rate-limit.server'
import { APPLICATION_ERRORS, createStartupApplication, StartupApplicationError } from '~/models/startup-applications.server'
import { recordEvent } from '~/services/analytics.server'
import { isSpam } from '~/services/honeypot.server'
import { readForm } from '~/services/request-body.server'
import { clientIp } from '~/services/request.server'

// The startup programme (spec 000 §2, §3, §5, §7–§9). The application is stored and the team
// notified through the outbox in one transaction; success redirects to ?applied=1, which shows
// the green banner at the top of the page with a fresh form.

const APPLICATIONS_PER_IP_PER_HOUR = 5
export const TOO_MANY_APPLICATIONS = 'Too many applications from your network. Please try again later.'

export async function loader() {
  const currentYear = new Date().getUTCFullYear()
  // The form's hints from the server's schema, so the page ships no validation library.
  return { currentYear, constraint: getZodConstraint(startupApplicationSchema(currentYear)) }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const schema = startupApplicationSchema(new Date().getUTCFullYear())
  const submission = parseWithZod(formData, { schema })
  const failWith = (message: string, status: number) => data({ result: submission.reply({ formErrors: [message] }) }, { status })

  // A bot that filled the hidden field is told it worked; nothing is stored or sent.
  if (isSpam(formData)) return redirect('/startup-program?applied=1')
  if (!(await hitRateLimit(`startup:ip:${clientIp(request)}`, APPLICATIONS_PER_IP_PER_HOUR, 60 * 60 * 1000)).allowed) {
    return failWith(TOO_MANY_APPLICATIONS, 429)
  }
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })

  const config = getConfig()
  const v = submission.value
  try {
    await createStartupApplication(
      {
        fullName: v.fullName,
        email: v.email,
        companyName: v.companyName,
        website: v.website ?? null,
        yearFounded: v.yearFounded,
        employees: v.employees,
        revenueStage: v.revenueStage,
        role: v.role ?? null,
        why: v.why ?? null,
      },
      { teamEmail: config.teamEmail, brand: config.BRAND_NAME, appUrl: config.appUrl },
    )
  } catch (error) {
    return failWith(error instanceof StartupApplicationError ? error.message : APPLICATION_ERRORS.unknown, 500)
  }
  await recordEvent('startup_application_submitted', {
    request,
    props: { company: v.companyName, employees: v.employees, revenue_stage: v.revenueStage },
  })
  return redirect('/startup-program?applied=1')
}

export default function StartupProgram() {
  const hero = useBranded(startupHero)
  const community = useBranded(startupCommunity)
  const [searchParams] = useSearchParams()
  const applied = searchParams.get('applied') === '1'

  return (
    <>
      {applied ? (
        <div className="mx-auto max-w-4xl px-4 pt-8">
          <p
            role="status"
            className="rounded-lg border border-emerald-400/60 bg-emerald-900/60 px-5 py-4 font-semibold text-emerald-50"
          >
            {startupApply.success}
          </p>
        </div>
      ) : null}
      <PageHero eyebrow={hero.eyebrow} title={hero.title} subtitle={hero.subtitle}>
        <a href={hero.primaryCta.href} className={ctaClass.primary}>
          {hero.primaryCta.label}
        </a>
        <a href={hero.secondaryCta.href} className={ctaClass.secondary}>
          {hero.secondaryCta.label}
        </a>
      </PageHero>

      <Section id={startupBenefits.id} title={startupBenefits.title} intro={<p>{startupBenefits.intro}</p>}>
        <FeatureGrid cards={startupBenefits.items} />
      </Section>

      <div className="border-y border-white/10 bg-ink-900/40">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 lg:grid-cols-3">
          <section aria-labelledby="qualify-title" className="rounded-2xl border border-white/10 bg-ink-950/70 p-8">
            <h2 id="qualify-title" className="text-2xl font-bold text-white">
              {startupQualification.title}
            </h2>
            <p className="mt-3 text-slate-300">{startupQualification.intro}</p>
            <ul className="mt-4 space-y-2">
              {startupQualification.criteria.map((c) => (
                <li key={c} className="flex gap-3 text-slate-200">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" />
                  <span>{c}</span>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-slate-300">{startupQualification.note}</p>
          </section>
          <section aria-labelledby="startup-pricing-title" className="lg:col-span-2">
            <h2 id="startup-pricing-title" className="text-2xl font-bold text-white">
              {startupPricing.title}
            </h2>
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              <PriceCard card={startupPricing.startupCard} highlighted />
              <PriceCard card={startupPricing.standardCard} />
            </div>
            <p className="mt-4 text-sm text-slate-300">{startupPricing.footnote}</p>
          </section>
        </div>
      </div>

      <Section id="community" title={community.title}>
        <div className="mx-auto grid max-w-5xl gap-8 md:grid-cols-2">
          <div className="space-y-4 text-slate-300">
            {community.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <ul className="space-y-3 rounded-2xl border border-white/10 bg-ink-900/70 p-6">
            {community.bullets.map((b) => (
              <li key={b} className="flex gap-3 text-slate-200">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" />
                <span>{b}</span>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <ApplicationForm />
    </>
  )
}

type Card = { label: string; price: string; unit: string; total: string; badge?: string; points: readonly string[] }

function PriceCard({ card, highlighted }: { card: Card; highlighted?: boolean }) {
  return (
    <div
      className={`rounded-2xl border p-6 ${highlighted ? 'border-brand-400 bg-brand-700/15' : 'border-white/10 bg-ink-950/70'}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-white">{card.label}</h3>
        {card.badge ? (
          <span className="rounded-full bg-emerald-500/20 px-2.5 py-0.5 text-xs font-semibold text-emerald-200">
            {card.badge}
          </span>
        ) : null}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-2">
        <span className="text-4xl font-bold text-white">{card.price}</span>
        <span className="text-slate-300">{card.unit}</span>
      </p>
      <p className="mt-1 text-sm text-slate-200">{card.total}</p>
      <ul className="mt-4 space-y-2">
        {card.points.map((p) => (
          <li key={p} className="flex gap-3 text-sm text-slate-200">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function ApplicationForm() {
  const { currentYear, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const submitting =
    navigation.state !== 'idle' && navigation.formMethod === 'POST' && navigation.formAction === '/startup-program'
  // The server validates; the constraints from its schema (loader) are the browser's hints.
  const reply = serverResult(navigation.state === 'idle' ? actionData?.result : undefined)
  const control = (name: keyof StartupApplicationInput) => ({
    ...constraint[name],
    ...controlProps('startup-application', name, reply),
  })
  const labels = startupApply.labels
  const formError = reply.formErrors?.[0]

  // A failed submission scrolls the red message above the form into view.
  useEffect(() => {
    if (formError) document.getElementById('startup-application-error')?.scrollIntoView({ block: 'center' })
  }, [formError])

  return (
    <Section id={startupApply.id} title={startupApply.title} intro={<p>{startupApply.intro}</p>}>
      <div className="mx-auto max-w-2xl rounded-2xl border border-white/10 bg-ink-900/80 p-8">
        {formError ? (
          <div className="mb-6">
            <FormMessage id="startup-application-error">{formError}</FormMessage>
          </div>
        ) : null}
        {/* A new key after a successful submission gives a fresh, empty form. */}
        <Form
          key={location.key}
          method="post"
          action="/startup-program"
          id="startup-application"
          noValidate
          className="relative grid gap-5 sm:grid-cols-2"
        >
          <Honeypot />
          <Field
            label={labels.fullName}
            inputProps={{ ...control('fullName'), type: 'text', autoComplete: 'name' }}
            errors={reply.errors('fullName')}
          />
          <Field
            label={labels.email}
            inputProps={{ ...control('email'), type: 'email', autoComplete: 'email' }}
            errors={reply.errors('email')}
          />
          <Field
            label={labels.companyName}
            inputProps={{ ...control('companyName'), type: 'text', autoComplete: 'organization' }}
            errors={reply.errors('companyName')}
          />
          <Field
            label={labels.website}
            inputProps={{ ...control('website'), type: 'text', autoComplete: 'url', inputMode: 'url' }}
            errors={reply.errors('website')}
          />
          <Field
            label={labels.yearFounded}
            inputProps={{
              ...control('yearFounded'),
              type: 'number',
              min: STARTUP_YEAR_MIN,
              max: currentYear,
              step: 1,
            }}
            errors={reply.errors('yearFounded')}
          />
          <Field
            label={labels.employees}
            inputProps={{ ...control('employees'), type: 'number', min: 0, step: 1 }}
            errors={reply.errors('employees')}
          />
          <SelectField
            label={labels.revenueStage}
            selectProps={control('revenueStage')}
            options={[{ value: '', label: 'Choose…' }, ...startupApply.revenueOptions]}
            errors={reply.errors('revenueStage')}
          />
          <Field
            label={labels.role}
            inputProps={{ ...control('role'), type: 'text', autoComplete: 'organization-title' }}
            errors={reply.errors('role')}
          />
          <TextareaField
            className="sm:col-span-2"
            label={labels.why}
            textareaProps={{ ...control('why'), rows: 4 }}
            errors={reply.errors('why')}
          />
          <div className="sm:col-span-2">
            <button type="submit" disabled={submitting} className={`${ctaClass.primary} w-full sm:w-auto`}>
              {submitting ? <Spinner label="Submitting..." /> : startupApply.submitLabel}
            </button>
          </div>
        </Form>
      </div>
    </Section>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  marketingMeta(
    matches,
    'Startup Program',
    'Pro-level lead capture for early-stage teams: 3 seats at $29 per seat per month, 41% off standard pricing for your first year. Apply in two minutes.',
  )

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
