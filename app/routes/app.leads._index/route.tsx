import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { can, WORKSPACE_PARAM } from '~/lib/permissions'
import { UnlockButton } from '~/components/billing/unlock-button'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { Pagination } from '~/components/pagination'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { hasLeadFilters, parseLeadFilters, parseLeadPage, serializeLeadFilters } from '~/lib/lead-filters'
import { PLAN_LIMITS } from '~/lib/plans'
import { isUuid } from '~/lib/text'
import { hasAnyLeadPeople, leadFilterOptions, listLeadPeople, lockedCaptureSessions } from '~/models/lead-list.server'
import { ownerPlan } from '~/models/leads.server'
import { listSegments } from '~/models/segments.server'
import { unlockOffer } from '~/services/checkout.server'
import { readForm } from '~/services/request-body.server'
import { leadsAction, type LeadsActionData } from './actions.server'
import { LeadFiltersForm } from './filters'
import { PeopleTable } from './people-table'
import { SegmentsPanel } from './segments'

// /app/leads: every person the speaker may see, one row each however many captures they have
// (issue 10 Deliver 1–3). Filters, sort and page live in the query string (a GET form), so a view
// can be bookmarked, saved as a segment and exported as it is. Works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const url = new URL(request.url)
  const filters = parseLeadFilters(url.searchParams)
  const page = parseLeadPage(url.searchParams)
  // The GET form sends every field, empty ones too: answer with the short, canonical address (the
  // one a segment stores and a bookmark keeps).
  const canonical = new URLSearchParams(serializeLeadFilters(filters, { page }))
  const rename = url.searchParams.get('rename')
  if (rename && isUuid(rename)) canonical.set('rename', rename)
  // A form's answer rendered again carries its workspace (useWorkspaceAction): keep it.
  const workspace = url.searchParams.get(WORKSPACE_PARAM)
  if (workspace) canonical.set(WORKSPACE_PARAM, workspace)
  if (canonical.toString() !== url.searchParams.toString())
    throw redirect(canonical.toString() ? `/app/leads?${canonical}` : '/app/leads')
  const plan = await ownerPlan(scope.ownerId)
  const [list, options, segments, locked] = await Promise.all([
    listLeadPeople({ scope, plan, filters, page }),
    leadFilterOptions(scope),
    listSegments(scope.ownerId),
    lockedCaptureSessions(scope, plan),
  ])
  const filtered = hasLeadFilters(filters)
  const query = serializeLeadFilters(filters)
  const renaming = segments.find((s) => s.id === url.searchParams.get('rename')) ?? null
  return {
    filters,
    query,
    canFollowUp: can(scope.role, 'followUps.send'),
    filtered,
    page,
    totalPages: list.totalPages,
    total: list.total,
    // Only needed to tell "no leads yet" from "nothing matches".
    anyPeople: list.total > 0 || (filtered && (await hasAnyLeadPeople(scope, plan))),
    rows: list.rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.firstName,
      company: r.company,
      jobTitle: r.jobTitle,
      status: r.status,
      tags: r.tags,
      score: r.score,
      scoreBand: r.scoreBand,
      marketingConsent: r.marketingConsent,
      captures: r.captures,
      latestEvent: r.events[0] ?? '',
      lastCapturedAt: r.lastCapturedAt.toISOString(),
      bookingOrganisation: r.booking?.organisation ?? null,
    })),
    options: {
      sessions: options.sessions.map((s) => ({ id: s.id, label: s.label })),
      talks: options.talks,
      events: options.events,
      tags: options.tags,
    },
    segments,
    renaming,
    locked: {
      sessions: locked.sessions.map((s) => ({
        id: s.id,
        eventName: s.eventName,
        talkTitle: s.talkTitle,
        total: s.total,
        locked: s.locked,
      })),
      visibleLimit: PLAN_LIMITS[plan].visibleLeadsPerSession,
      // The buy button of each locked session (or who can buy, or that payments are not set up).
      unlock: locked.sessions.length ? await unlockOffer(request, scope) : null,
    },
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request)
  return leadsAction(await readForm(request, { multiple: ['ids'] }), scope)
}

export default function Leads() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as LeadsActionData | undefined
  const { query, filtered, total, rows, page, totalPages } = data
  const back = query
  const hrefFor = (p: number) => {
    const q = serializeLeadFilters(data.filters, { page: p })
    return q ? `/app/leads?${q}` : '/app/leads'
  }
  return (
    <>
      <PageHeader
        title="Leads"
        intro="Everyone who left their details at your sessions, one row per person: the same email at several talks is one person."
      >
        {data.anyPeople ? (
          <a href={`/app/leads/export${query ? `?${query}` : ''}`} className={buttonClass.secondary} download>
            Export CSV{filtered ? ' (this filter)' : ''}
          </a>
        ) : null}
      </PageHeader>

      {actionData?.form === 'confirm-delete' ? (
        <ConfirmDeletePanel
          message={`Delete ${actionData.ids.length === 1 ? '1 person' : `${actionData.ids.length} people`} and every capture of theirs? This cannot be undone; each attendee’s erasure is recorded.`}
          fields={{ intent: 'delete', ids: actionData.ids.join(','), confirmed: '1', back }}
          cancelTo={query ? `/app/leads?${query}` : '/app/leads'}
        />
      ) : null}
      {actionData?.form === 'delete-segment' ? (
        <ConfirmDeletePanel
          message={`Delete the segment “${actionData.name}”? The people in it stay.`}
          fields={{ intent: 'delete-segment', segmentId: actionData.segmentId, confirmed: '1', back }}
          cancelTo={query ? `/app/leads?${query}` : '/app/leads'}
        />
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[18rem_1fr]">
        <aside className="flex flex-col gap-6">
          <LeadFiltersForm filters={data.filters} options={data.options} filtered={filtered} />
          <SegmentsPanel
            segments={data.segments}
            query={query}
            renaming={data.renaming}
            actionData={actionData}
            canFollowUp={data.canFollowUp}
          />
        </aside>
        <div className="min-w-0">
          {data.anyPeople ? (
            <p className="text-slate-200" role="status">
              {total === 1 ? '1 person' : `${total.toLocaleString('en-US')} people`}
              {filtered ? (total === 1 ? ' matches these filters' : ' match these filters') : ''}
            </p>
          ) : null}
          {!data.anyPeople ? (
            <NoLeadsYet />
          ) : rows.length === 0 ? (
            <NoMatch />
          ) : (
            <PeopleTable rows={rows} back={back} actionData={actionData} />
          )}
          <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} label="Leads pages" />
          <LockedPanel locked={data.locked} />
        </div>
      </div>
    </>
  )
}

function NoLeadsYet() {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/60 p-8">
      <h2 className="text-xl font-semibold text-white">No leads yet</h2>
      <p className="mt-2 text-slate-300">Your first lead is one talk away:</p>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-300">
        <li>Create a session for your next talk, with what attendees get for their details.</li>
        <li>Go live and put the session’s QR code on your first and last slide.</li>
        <li>Everyone who scans and leaves their details appears here at once, one row per person.</li>
      </ol>
      <Link to="/app" className={`${buttonClass.primary} mt-6`}>
        Go to your sessions
      </Link>
    </div>
  )
}

function NoMatch() {
  return (
    <div className="mt-4 rounded-xl border border-white/10 bg-ink-900/60 p-8">
      <h2 className="text-xl font-semibold text-white">No one matches these filters</h2>
      <p className="mt-2 text-slate-300">Try a shorter search, a wider date range or fewer filters.</p>
      <Link to="/app/leads" className={`${buttonClass.secondary} mt-6`}>
        Clear filters
      </Link>
    </div>
  )
}

type Locked = ReturnType<typeof useLoaderData<typeof loader>>['locked']

function LockedPanel({ locked }: { locked: Locked }) {
  const offer = locked.unlock
  if (locked.sessions.length === 0 || !offer) return null
  const n = locked.sessions.reduce((sum, s) => sum + s.locked, 0)
  return (
    <section aria-labelledby="locked-leads" className="mt-8 rounded-xl border border-brand-400/40 bg-brand-500/10 p-6">
      <h2 id="locked-leads" className="text-lg font-semibold text-white">
        {n === 1 ? '1 more lead is locked' : `${n} more leads are locked`}
      </h2>
      <p className="mt-2 text-slate-200">
        The free plan shows the first {locked.visibleLimit} leads captured in each session; deleted ones keep their place. Locked
        leads are not in this list or in exports; their details stay safe until you unlock them.
      </p>
      <ul className="mt-4 space-y-3">
        {locked.sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3">
            <Link to={`/app/sessions/${s.id}/leads`} className="text-brand-300 underline">
              {s.eventName} · {s.talkTitle}
            </Link>
            <span className="text-slate-300">{s.locked} locked</span>
            <UnlockButton offer={offer} sessionId={s.id}>
              Unlock all {s.total} leads for {offer.price}
              <span className="sr-only"> of {s.eventName}</span>
            </UnlockButton>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Leads')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
