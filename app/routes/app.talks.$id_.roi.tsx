import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace, sessionsScope, type WorkspaceScope } from '~/auth/workspace.server'
import { UnlockButton } from '~/components/billing/unlock-button'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { GroupedBarChart, Legend } from '~/components/workspace/roi-charts'
import { ATTRIBUTION_NOTE, money, percent, Stat } from '~/components/workspace/roi-parts'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { groupedBarChart } from '~/lib/charts.server'
import { conversionHint, conversionNote } from '~/lib/conversion'
import { formatMoney } from '~/lib/money'
import { analyticsNotInPlanMessage } from '~/lib/plans'
import {
  attributeFirstTouch,
  formatPercent,
  ROI_MISSING_TEXT,
  sessionRoi,
  talkTotals,
  type CreditedPerson,
  type SessionFigures,
} from '~/lib/roi'
import { formatSessionTime } from '~/lib/time-zone'
import { getTalkRoiData } from '~/models/roi.server'
import { unlockOffer } from '~/services/checkout.server'

const notFound = () => new Response('Talk not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  const found = await getTalkRoiData({ scope, sessions: sessionsScope(scope, 'read') }, params.id ?? '')
  if (!found) throw notFound()
  const bySession = new Map<string, CreditedPerson[]>()
  for (const person of attributeFirstTouch(found.captures)) {
    const list = bySession.get(person.sessionId)
    if (list) list.push(person)
    else bySession.set(person.sessionId, [person])
  }
  const deliveries = found.sessions.map((s) => {
    const figures: SessionFigures = {
      scans: s.scans,
      visits: s.visits,
      visitors: s.visitors,
      leads: s.leads,
      audienceSize: s.audienceSize,
      cost: { feeCents: s.costFeeCents, travelCents: s.costTravelCents, currency: s.costCurrency },
    }
    const credited = bySession.get(s.id) ?? []
    return {
      id: s.id,
      eventName: s.eventName,
      when: formatSessionTime(s.startsAt, s.timeZone),
      date: new Intl.DateTimeFormat('en-GB', { timeZone: s.timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(
        s.startsAt,
      ),
      where: s.isOnline ? 'Online' : (s.city ?? ''),
      figures,
      credited,
      roi: sessionRoi(figures, credited),
    }
  })
  const totals = talkTotals(deliveries.map((d) => ({ figures: d.figures, people: d.credited })))
  return {
    talk: found.talk,
    // Sessions without ROI and lead analytics (plan, not unlocked) are in none of these figures.
    leftOut: found.leftOut ? await leftOutOf(request, scope, found) : null,
    deliveries: deliveries.map(({ figures: _f, credited: _c, ...d }) => d),
    totals,
    chart: deliveries.length
      ? groupedBarChart(
          deliveries.map((d) => ({ label: `${d.eventName} (${d.date})`, values: [d.roi.scans, d.roi.leads] })),
          2,
        )
      : null,
  }
}

/** The sessions without analytics, why, and an unlock for each (our tables only, never Stripe). */
async function leftOutOf(
  request: Request,
  scope: WorkspaceScope,
  found: NonNullable<Awaited<ReturnType<typeof getTalkRoiData>>>,
) {
  const unlock = await unlockOffer(request, scope)
  return {
    count: found.leftOut,
    text: analyticsNotInPlanMessage(found.plan, unlock.price, 'a session'),
    sessions: found.leftOutSessions,
    unlock,
  }
}

export default function TalkRoiPage() {
  const { talk, deliveries, totals, chart, leftOut } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader
        title={`ROI: ${talk.title}`}
        intro="Every delivery of this talk side by side, and the talk’s totals. Money is added up per currency."
      >
        <Link to={`/app/talks/${talk.id}`} className={buttonClass.secondary}>
          Edit talk
        </Link>
        <Link to={`/app/sessions/new?talk=${talk.id}`} className={buttonClass.secondary}>
          New session of this talk
        </Link>
      </PageHeader>

      {leftOut ? (
        <section
          aria-labelledby="left-out-title"
          className="mt-8 max-w-3xl rounded-xl border border-amber-300/40 bg-amber-950/40 p-6"
        >
          <h2 id="left-out-title" className="text-lg font-semibold text-white">
            {leftOut.count === 1 ? '1 session' : `${leftOut.count} sessions`} left out
          </h2>
          <p className="mt-2 text-amber-50">
            {deliveries.length
              ? `These figures count only the ${deliveries.length === 1 ? 'session' : `${deliveries.length} sessions`} with ROI and lead analytics; ${leftOut.count === 1 ? '1 session of this talk is' : `${leftOut.count} sessions of this talk are`} left out.`
              : `No session of this talk has ROI and lead analytics, so there are no figures to show.`}
          </p>
          <p className="mt-2 text-amber-50">{leftOut.text}</p>
          <ul className="mt-4 space-y-3">
            {leftOut.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3">
                <Link to={`/app/sessions/${s.id}`} className="text-brand-200 underline">
                  {s.eventName}
                </Link>
                <UnlockButton offer={leftOut.unlock} sessionId={s.id}>
                  Unlock this session for {leftOut.unlock.price}
                  <span className="sr-only"> ({s.eventName})</span>
                </UnlockButton>
              </li>
            ))}
          </ul>
          <Link to="/pricing" className="mt-4 inline-block font-semibold text-brand-200 underline">
            Compare plans
          </Link>
        </section>
      ) : null}

      {deliveries.length === 0 && leftOut ? null : deliveries.length === 0 ? (
        <p className="mt-8 text-slate-300">
          No sessions of this talk yet.{' '}
          <Link to={`/app/sessions/new?talk=${talk.id}`} className="text-brand-300 underline">
            Add the first one
          </Link>
          .
        </p>
      ) : (
        <>
          <section aria-labelledby="totals-title" className="mt-8">
            <h2 id="totals-title" className="text-lg font-semibold text-white">
              Totals across {deliveries.length === 1 ? '1 session' : `${deliveries.length} sessions`}
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-7">
              <Stat label="Scans" value={totals.scans} />
              <Stat label="Visits" value={totals.visits} />
              <Stat label="Unique visitors" value={totals.visitors} hint="Added up over the sessions" />
              <Stat label="Leads" value={totals.leads} hint="Captures, including any your plan hides" />
              <Stat label="People" value={totals.people} hint="Each counted once (first touch)" />
              <Stat label="Conversion" value={percent(totals.conversion.percent)} hint={conversionHint(totals.conversion)} />
              <Stat label="Capture rate" value={percent(totals.captureRate)} hint="Leads ÷ audience, where it is known" />
            </dl>
            <div className="mt-6 overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm text-slate-200">
                <caption className="mb-2 text-left text-slate-300">Money per currency</caption>
                <thead>
                  <tr className="border-b border-white/10 text-slate-300">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Currency
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      Cost
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      Pipeline value
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      Won value
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      ROI of the sessions costed in it
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {currencyRows(totals).map((r) => (
                    <tr key={r.currency} className="border-b border-white/5">
                      <th scope="row" className="py-2 pr-4 font-semibold">
                        {r.currency}
                      </th>
                      <td className="py-2 pr-4 text-right tabular-nums">{r.cost}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{r.pipeline}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{r.won}</td>
                      <td className="py-2 text-right tabular-nums">{r.roi}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {currencyRows(totals).length === 0 ? (
                <p className="mt-2 text-sm text-slate-300">No costs or deal values yet.</p>
              ) : null}
            </div>
            <p className="mt-4 max-w-3xl text-sm text-slate-300">
              A currency’s ROI compares the won value of the sessions whose cost is in that currency with their cost; won deals of
              a session without a cost, or in another currency, are listed but not in any ROI. Lectern does not convert
              currencies, so it never guesses an exchange rate.
            </p>
            <p className="mt-2 max-w-3xl text-sm text-slate-300">{ATTRIBUTION_NOTE}</p>
          </section>

          <section aria-labelledby="compare-title" className="mt-10">
            <h2 id="compare-title" className="text-lg font-semibold text-white">
              Each delivery beside the others
            </h2>
            {chart ? (
              <div className="mt-3 rounded-xl border border-white/10 bg-ink-900/60 p-4">
                <GroupedBarChart
                  model={chart}
                  title="Scans and leads per delivery"
                  description={`${deliveries.length} deliveries. ${deliveries
                    .map((d) => `${d.eventName} (${d.date}): ${d.roi.scans} scans, ${d.roi.leads} leads`)
                    .join('; ')}. The table below has every figure.`}
                />
                <Legend
                  items={[
                    { swatch: 'bg-slate-400', label: 'Scans (grey, the upper bar of each delivery)' },
                    { swatch: 'bg-brand-400', label: 'Leads (blue, the lower bar)' },
                  ]}
                />
              </div>
            ) : null}
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[64rem] text-left text-sm text-slate-200">
                <caption className="sr-only">Every figure of each delivery</caption>
                <thead>
                  <tr className="border-b border-white/10 text-slate-300">
                    {[
                      'Delivery',
                      'Scans',
                      'Visits',
                      'Unique visitors',
                      'Leads',
                      'Conversion',
                      'Capture rate',
                      'Cost',
                      'Pipeline',
                      'Won',
                      'ROI',
                    ].map((h, i) => (
                      <th key={h} scope="col" className={`py-2 pr-3 font-medium ${i ? 'text-right' : ''}`}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {deliveries.map((d) => (
                    <tr key={d.id} className="border-b border-white/5 align-top">
                      <th scope="row" className="py-2 pr-3 font-normal">
                        <Link to={`/app/sessions/${d.id}/roi`} className="font-semibold text-brand-300 underline">
                          {d.eventName}
                        </Link>
                        <span className="block text-xs text-slate-400">
                          {d.when}
                          {d.where ? ` · ${d.where}` : ''}
                        </span>
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">{d.roi.scans}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{d.roi.visits}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{d.roi.visitors}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{d.roi.leads}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{percent(d.roi.conversion.percent)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{percent(d.roi.captureRate)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {d.roi.cost ? formatMoney(d.roi.cost.cents, d.roi.cost.currency) : '—'}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{money([...d.roi.pipeline, ...d.roi.otherPipeline])}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{money([...d.roi.won, ...d.roi.otherWon])}</td>
                      <td className="py-2 text-right tabular-nums">
                        {formatPercent(d.roi.roi, { signed: true })}
                        {d.roi.roiMissing ? (
                          <span className="block text-xs text-slate-400">
                            {d.roi.roiMissing === 'no-cost' ? 'No cost entered' : ROI_MISSING_TEXT['zero-cost']}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 max-w-3xl text-sm text-slate-400">
              {conversionNote({ floored: deliveries.some((d) => d.roi.conversion.floored) })}
            </p>
          </section>
        </>
      )}
    </>
  )
}

type Totals = ReturnType<typeof useLoaderData<typeof loader>>['totals']

/** One row per currency that appears in a cost, a pipeline or a won value. */
function currencyRows(totals: Totals) {
  const currencies = [...new Set([...totals.cost, ...totals.pipeline, ...totals.won].map((t) => t.currency))].sort()
  const amount = (list: Totals['cost'], currency: string) => {
    const found = list.find((t) => t.currency === currency)
    return found ? formatMoney(found.cents, currency) : '—'
  }
  return currencies.map((currency) => {
    const roi = totals.roi.find((r) => r.currency === currency)
    return {
      currency,
      cost: amount(totals.cost, currency),
      pipeline: amount(totals.pipeline, currency),
      won: amount(totals.won, currency),
      roi: roi ? formatPercent(roi.roi, { signed: true }) : '—',
    }
  })
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  workspaceMeta(matches, data ? `ROI: ${data.talk.title}` : 'ROI')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
