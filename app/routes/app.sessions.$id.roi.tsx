import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { UnlockButton } from '~/components/billing/unlock-button'
import { changesSession, requireWorkspace, sessionChangeRefusal, sessionsScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Field, FormMessage, SelectField } from '~/components/forms'
import { ColumnChart, Legend } from '~/components/workspace/roi-charts'
import { ATTRIBUTION_NOTE, DataTable, money, OtherCurrencies, percent, Stat } from '~/components/workspace/roi-parts'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { columnChart } from '~/lib/charts.server'
import { conversionHint } from '~/lib/conversion'
import { formatMoney, MONEY_CURRENCIES, moneyInputValue } from '~/lib/money'
import { analyticsNotInPlanMessage } from '~/lib/plans'
import {
  attributeFirstTouch,
  CostFieldsSchema,
  CostSchema,
  daysAfterSeries,
  formatPercent,
  quarterHourSeries,
  ROI_MISSING_TEXT,
  sessionRoi,
} from '~/lib/roi'
import { isUuid } from '~/lib/text'
import { formatSessionTime } from '~/lib/time-zone'
import { getOwnedSession } from '~/models/leads.server'
import { getSessionRoiData, setSessionCost } from '~/models/roi.server'
import { unlockOffer } from '~/services/checkout.server'
import { getCurrency } from '~/services/currency.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

const notFound = () => new Response('Session not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const found = await getSessionRoiData({ scope, sessions: sessionsScope(scope, 'read') }, params.id ?? '')
  if (!found) throw notFound()
  const { session } = found
  const header = {
    id: session.id,
    talkId: session.talkId,
    eventName: session.eventName,
    talkTitle: session.talkTitle,
    when: formatSessionTime(session.startsAt, session.timeZone),
    timeZone: session.timeZone,
    audienceSize: session.audienceSize,
  }
  if (!found.analytics) {
    // No ROI and lead analytics on this plan for this session: the basic counts /app shows, why, and the unlock.
    const unlock = await unlockOffer(request, scope)
    return {
      session: header,
      locked: {
        text: analyticsNotInPlanMessage(found.plan, unlock.price),
        unlock,
        scans: session.scans,
        visits: session.visits,
        leads: session.leads,
      },
    }
  }
  const { captures, times } = found
  const people = attributeFirstTouch(captures).filter((p) => p.sessionId === session.id)
  const visibleHere = captures.filter((c) => c.sessionId === session.id)
  const roi = sessionRoi(
    {
      scans: session.scans,
      visits: session.visits,
      visitors: session.visitors,
      leads: session.leads,
      audienceSize: session.audienceSize,
      cost: { feeCents: session.costFeeCents, travelCents: session.costTravelCents, currency: session.costCurrency },
    },
    people,
  )
  const day = quarterHourSeries(times, session.startsAt, session.timeZone)
  const after = daysAfterSeries(times, session.startsAt, session.timeZone, new Date())
  const currency = session.costCurrency ?? getCurrency(request)
  return {
    session: header,
    locked: null,
    roi,
    // The cost is the runner's to enter (and the owner's and admins'); a colleague reads it.
    canChange: changesSession(scope, session),
    // Captures the plan hides still count as leads; their people add no money.
    capturedPeople: new Set(visibleHere.map((c) => c.contactId)).size,
    hiddenLeads: Math.max(0, session.leads - visibleHere.length),
    cost: {
      fee: moneyInputValue(session.costFeeCents, currency),
      travel: moneyInputValue(session.costTravelCents, currency),
      currency,
    },
    day: { ...day, chart: columnChart(day.points, { labelEvery: 4 }) },
    after: { ...after, chart: columnChart(after.points) },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request)
  const owned = isUuid(params.id) ? await getOwnedSession(sessionsScope(scope, 'change'), params.id) : null
  if (!owned) throw await sessionChangeRefusal(scope, params.id)
  const submission = parseWithZod(await readForm(request), { schema: CostSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  if (!(await setSessionCost(sessionsScope(scope, 'change'), owned.id, submission.value))) throw notFound()
  return redirectWithToast(`/app/sessions/${owned.id}/roi`, {
    type: 'success',
    description: submission.value.currency ? 'Cost saved.' : 'Cost removed.',
  })
}

export default function SessionRoiPage() {
  const loaded = useLoaderData<typeof loader>()
  if (loaded.locked) return <WithoutAnalytics session={loaded.session} locked={loaded.locked} />
  return <SessionRoi data={loaded} />
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>

function RoiHeader({ session }: { session: Loaded['session'] }) {
  return (
    <PageHeader title={`ROI: ${session.eventName}`} intro={`${session.talkTitle} · ${session.when}`}>
      <Link to={`/app/sessions/${session.id}`} className={buttonClass.secondary}>
        Back to the session
      </Link>
      <Link to={`/app/talks/${session.talkId}/roi`} className={buttonClass.secondary}>
        ROI of the talk
      </Link>
    </PageHeader>
  )
}

/** A session without ROI and lead analytics: its basic counts and the ways to get the rest. */
function WithoutAnalytics({
  session,
  locked,
}: {
  session: Loaded['session']
  locked: NonNullable<Extract<Loaded, { locked: object }>['locked']>
}) {
  return (
    <>
      <RoiHeader session={session} />
      <section
        aria-labelledby="upgrade-title"
        className="mt-8 max-w-3xl rounded-xl border border-amber-300/40 bg-amber-950/40 p-6"
      >
        <h2 id="upgrade-title" className="text-lg font-semibold text-white">
          ROI and lead analytics are not in your plan
        </h2>
        <p className="mt-2 text-amber-50">{locked.text}</p>
        <p className="mt-2 text-sm text-slate-300">
          They add the cost of the engagement, pipeline and won value, ROI, and leads over time on the day and after.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <UnlockButton offer={locked.unlock} sessionId={session.id}>
            Unlock this session for {locked.unlock.price}
          </UnlockButton>
          <Link to="/pricing" className="inline-block font-semibold text-brand-200 underline">
            Compare plans
          </Link>
        </div>
      </section>
      <dl className="mt-8 grid max-w-3xl grid-cols-3 gap-4">
        <Stat label="Scans" value={locked.scans} hint="QR code opens" />
        <Stat label="Visits" value={locked.visits} hint="Typed or shared link opens" />
        <Stat label="Leads" value={locked.leads} hint="Captures, including any your plan hides" />
      </dl>
    </>
  )
}

function SessionRoi({ data: loaded }: { data: Extract<Loaded, { locked: null }> }) {
  const { session, roi, capturedPeople, hiddenLeads, day, after, canChange } = loaded
  const costCurrency = roi.cost?.currency ?? null
  return (
    <>
      <RoiHeader session={session} />

      <section aria-labelledby="roi-title" className="mt-8">
        <h2 id="roi-title" className="text-lg font-semibold text-white">
          Return on investment
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
          <Stat label="Scans" value={roi.scans} hint="QR code opens" />
          <Stat label="Visits" value={roi.visits} hint="Typed or shared link opens" />
          <Stat label="Unique visitors" value={roi.visitors} hint="People who opened the page, by either way, once a day" />
          <Stat label="Leads" value={roi.leads} hint="Captures, including any your plan hides" />
          <Stat label="Conversion" value={percent(roi.conversion.percent)} hint={conversionHint(roi.conversion)} />
          <Stat
            label="Capture rate"
            value={percent(roi.captureRate)}
            hint={
              session.audienceSize
                ? `Leads ÷ expected audience of ${session.audienceSize}`
                : 'Leads ÷ expected audience: add the audience in the session editor'
            }
          />
          <Stat
            label="Cost"
            value={roi.cost ? formatMoney(roi.cost.cents, roi.cost.currency) : '—'}
            hint={
              roi.cost
                ? `Fee ${formatMoney(roi.cost.feeCents, roi.cost.currency)} + travel ${formatMoney(roi.cost.travelCents, roi.cost.currency)}`
                : 'Not entered yet'
            }
          />
          <Stat label="Pipeline value" value={money(roi.pipeline)} hint="Open deals: new, contacted, meeting" />
          <Stat label="Won value" value={money(roi.won)} hint="Deals marked won" />
          <Stat
            label="ROI"
            value={formatPercent(roi.roi, { signed: true })}
            hint={
              roi.roiMissing === 'no-cost' && canChange ? (
                <a href="#cost-title" className="text-brand-300 underline">
                  {ROI_MISSING_TEXT['no-cost']}
                </a>
              ) : roi.roiMissing ? (
                ROI_MISSING_TEXT[roi.roiMissing]
              ) : (
                '(Won − cost) ÷ cost'
              )
            }
          />
          <Stat label="People credited" value={roi.people} hint={`of ${capturedPeople} you can see here`} />
        </dl>
        {costCurrency ? <OtherCurrencies costCurrency={costCurrency} won={roi.otherWon} pipeline={roi.otherPipeline} /> : null}
        {hiddenLeads ? (
          <p className="mt-4 max-w-3xl text-sm text-slate-200">
            {hiddenLeads === 1 ? '1 lead is' : `${hiddenLeads} leads are`} beyond what your plan shows: counted as leads and in
            the charts, but their deal values are not in these figures.{' '}
            <Link to="/pricing" className="text-brand-300 underline">
              See plans
            </Link>
          </p>
        ) : null}
        <p className="mt-4 max-w-3xl text-sm text-slate-300">{ATTRIBUTION_NOTE}</p>
      </section>

      {canChange ? <CostForm cost={loaded.cost} eventName={session.eventName} /> : null}

      <section aria-labelledby="time-title" className="mt-10">
        <h2 id="time-title" className="text-lg font-semibold text-white">
          Leads over time
        </h2>
        <p className="mt-1 text-sm text-slate-300">Times are in the session’s time zone ({session.timeZone}).</p>

        <h3 className="mt-6 font-semibold text-white">On the day, per 15 minutes ({day.day})</h3>
        <div className="mt-2 rounded-xl border border-white/10 bg-ink-900/60 p-4">
          <ColumnChart
            model={day.chart}
            title={`Leads per 15 minutes on ${day.day}`}
            description={describeSeries(day.points, 'quarter hour')}
          />
          <Legend
            items={[
              { swatch: 'bg-brand-400', label: 'Leads in the 15 minutes (left axis)' },
              { swatch: 'bg-amber-300', label: 'Running total (right axis)' },
            ]}
          />
          <DataTable
            summary="Leads per 15 minutes as a table"
            caption={`Leads per 15 minutes on ${day.day}`}
            head={['Starting at', 'Leads']}
            rows={day.points}
          />
        </div>
        <p className="mt-2 text-sm text-slate-300">
          {[
            day.beforeDay ? `${day.beforeDay} before the day` : null,
            day.earlierThatDay ? `${day.earlierThatDay} earlier that day` : null,
            day.laterThatDay ? `${day.laterThatDay} later that day` : null,
            day.afterDay ? `${day.afterDay} on the days after` : null,
          ]
            .filter(Boolean)
            .join(' · ') || 'No leads outside these 15-minute slots.'}
        </p>

        <h3 className="mt-6 font-semibold text-white">The days after, per day</h3>
        {after.points.length ? (
          <div className="mt-2 rounded-xl border border-white/10 bg-ink-900/60 p-4">
            <ColumnChart
              model={after.chart}
              title="Leads per day after the session"
              description={describeSeries(after.points, 'day')}
            />
            <Legend
              items={[
                { swatch: 'bg-brand-400', label: 'Leads that day (left axis)' },
                { swatch: 'bg-amber-300', label: 'Running total (right axis)' },
              ]}
            />
            <DataTable
              summary="Leads per day as a table"
              caption="Leads per day after the session"
              head={['Day', 'Leads']}
              rows={after.points}
            />
            {after.later ? <p className="mt-2 text-sm text-slate-300">{after.later} more after these days.</p> : null}
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-300">No days after the session yet.</p>
        )}
      </section>
    </>
  )
}

/** The chart's text alternative: the total and the busiest slot. */
function describeSeries(points: ReadonlyArray<{ label: string; count: number }>, unit: string) {
  const total = points.reduce((n, p) => n + p.count, 0)
  if (!points.length) return 'No data.'
  if (total === 0) return `No leads from ${points[0]!.label} to ${points.at(-1)!.label}.`
  const busiest = points.reduce((a, b) => (b.count > a.count ? b : a))
  return `${total} ${total === 1 ? 'lead' : 'leads'} from ${points[0]!.label} to ${points.at(-1)!.label}; the busiest ${unit} was ${busiest.label} with ${busiest.count}. The table below has every value.`
}

function CostForm({ cost, eventName }: { cost: Extract<Loaded, { locked: null }>['cost']; eventName: string }) {
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'cost-form',
    lastResult: actionData?.result,
    constraint: getZodConstraint(CostFieldsSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CostSchema }),
    defaultValue: cost,
  })
  return (
    <section aria-labelledby="cost-title" className="mt-10 rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="cost-title" className="text-lg font-semibold text-white">
        Cost of the engagement
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-300">
        What speaking at {eventName} cost you: the fee you paid (if any) and travel. Leave both empty to remove the cost.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 grid max-w-3xl gap-4 md:grid-cols-3">
        {form.errors?.length ? (
          <div className="md:col-span-3">
            <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage>
          </div>
        ) : null}
        <Field
          label="Fee paid"
          hint="Leave empty if there was none."
          inputProps={{ ...getInputProps(fields.fee, { type: 'text' }), inputMode: 'decimal', autoComplete: 'off' }}
          errors={fields.fee.errors}
        />
        <Field
          label="Travel"
          hint="Flights, hotel, transport."
          inputProps={{ ...getInputProps(fields.travel, { type: 'text' }), inputMode: 'decimal', autoComplete: 'off' }}
          errors={fields.travel.errors}
        />
        <SelectField
          label="Currency"
          selectProps={getSelectProps(fields.currency)}
          options={MONEY_CURRENCIES.map((c) => ({ value: c, label: c }))}
          errors={fields.currency.errors}
        />
        <div className="md:col-span-3">
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            Save cost
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  workspaceMeta(matches, data ? `ROI: ${data.session.eventName}` : 'ROI')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
