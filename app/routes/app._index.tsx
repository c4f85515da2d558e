import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace, sessionsScope } from '~/auth/workspace.server'
import { OrganiserDashboard, type DashboardView } from '~/components/events/organiser-dashboard'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { FirstRunName } from '~/components/workspace/first-run-name'
import { PageHeader, StatusBadge, workspaceMeta } from '~/components/workspace/workspace'
import { WORKSPACE_PROFILE_PATH } from '~/lib/constants'
import { formatEventDates } from '~/lib/event-programme'
import { can } from '~/lib/permissions'
import { PLAN_LABELS, PLAN_LIMITS } from '~/lib/plans'
import { conversion, conversionNote } from '~/lib/conversion'
import { formatPercent } from '~/lib/roi'
import { formatSessionTime } from '~/lib/time-zone'
import { SPEAKING_PATH } from '~/lib/workspace-nav'
import { organiserDashboard } from '~/models/organiser-dashboard.server'
import { listSessions } from '~/models/talk-sessions.server'
import { listTalks } from '~/models/talks.server'
import { firstRunStep } from '~/services/first-run.server'

// The workspace's home (ARCHITECTURE decision 13): every session with its status and results — the
// sessions one changes ("Your sessions": a member's own; a colleague's, read with "Members see every
// lead" on, is reached from its leads, its talk's ROI and the emails, docs/teams.md). In an
// Event Organiser workspace its owner and admins see the organiser's dashboard instead (issue 23
// Deliver 9), and an event's speaker goes to their own talks.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  // An event's speaker (issue 23) has no sessions list of the organiser's: their home is My talks.
  if (scope.role === 'speaker') throw redirect(SPEAKING_PATH)
  // The first-run step (issue 29 Deliver 7): the name attendees see, and the workspace's while an address names it.
  const firstRun = await firstRunStep(scope)
  if (PLAN_LIMITS[scope.workspace.plan].events && can(scope.role, 'events.manage')) {
    return { kind: 'organiser' as const, firstRun, dashboard: dashboardView(await organiserDashboard(scope.ownerId)) }
  }
  const [sessions, talks] = await Promise.all([listSessions(sessionsScope(scope, 'change')), listTalks(scope.ownerId)])
  return {
    kind: 'sessions' as const,
    firstRun,
    plan: PLAN_LABELS[scope.workspace.plan],
    talkCount: talks.length,
    sessions: sessions.map((s) => ({
      id: s.id,
      status: s.status,
      eventName: s.eventName,
      talkTitle: s.talkTitle,
      when: formatSessionTime(s.startsAt, s.timeZone),
      where: s.isOnline ? 'Online' : (s.city ?? ''),
      scans: s.scans,
      visits: s.visits,
      visitors: s.visitors,
      leads: s.leads,
      conversion: conversion(s.leads, s.visitors),
    })),
  }
}

function dashboardView(d: Awaited<ReturnType<typeof organiserDashboard>>): DashboardView {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })
  return {
    events: d.events.map(({ startsOn, endsOn, slug: _slug, timeZone: _zone, ...e }) => ({
      ...e,
      dates: formatEventDates(startsOn, endsOn),
    })),
    toClaim: d.toClaim.map((e) => ({
      ...e,
      listed: e.listed.map(({ invitedAt, ...s }) => ({ ...s, invited: invitedAt ? day.format(invitedAt) : null })),
    })),
    live: d.live.map(({ startsAt, timeZone, eventId: _eventId, ...s }) => ({
      ...s,
      when: formatSessionTime(startsAt, timeZone),
    })),
    liveTotal: d.liveTotal,
    leadsToday: d.leadsToday,
  }
}

export default function WorkspaceHome() {
  const data = useLoaderData<typeof loader>()
  if (data.kind === 'sessions') return <SessionsHome {...data} />
  return (
    <>
      {data.firstRun ? <FirstRunName step={data.firstRun} returnTo="/app" /> : null}
      <OrganiserDashboard view={data.dashboard} />
    </>
  )
}

function SessionsHome({
  sessions,
  talkCount,
  plan,
  firstRun,
}: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: 'sessions' }>) {
  return (
    <>
      <PageHeader title="Your sessions" intro={`Each session has its own page and QR code. Plan: ${plan}.`}>
        <Link to="/app/sessions/new" className={buttonClass.primary}>
          New session
        </Link>
      </PageHeader>

      {firstRun ? <FirstRunName step={firstRun} returnTo="/app" /> : null}

      {sessions.length === 0 ? (
        <FirstSteps hasTalk={talkCount > 0} named={!firstRun?.needs.name} />
      ) : (
        <div className="mt-8 overflow-x-auto rounded-xl border border-white/10" tabIndex={0} role="region" aria-label="Sessions">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your sessions with scans, visits, unique visitors, leads and conversion</caption>
            <thead className="bg-white/5 text-slate-200">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Session
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Scans
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Visits
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Unique visitors
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Leads
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} className="border-t border-white/10 align-top">
                  <td className="px-4 py-3">
                    <Link to={`/app/sessions/${s.id}`} className="font-semibold text-white underline-offset-2 hover:underline">
                      {s.eventName}
                    </Link>
                    <div className="text-slate-400">
                      {s.talkTitle} · {s.when}
                      {s.where ? ` · ${s.where}` : ''}
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={s.status} />
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{s.scans}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{s.visits}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{s.visitors}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    <Link
                      to={`/app/sessions/${s.id}/leads`}
                      className="text-brand-300 underline"
                      aria-label={`${s.leads} leads of ${s.eventName}`}
                    >
                      {s.leads}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatPercent(s.conversion.percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="border-t border-white/10 px-4 py-3 text-sm text-slate-400">
            {conversionNote({ floored: sessions.some((s) => s.conversion.floored) })}
          </p>
        </div>
      )}

      <nav aria-label="More" className="mt-10 grid gap-4 md:grid-cols-3">
        <Card to="/app/talks" title="Talks" body="The talks you give again and again." />
        <Card
          to={WORKSPACE_PROFILE_PATH}
          title="Profile"
          body="Your page in the speaker directory; its name and photo show on your session pages."
        />
        <Card to="/app/settings" title="Settings" body="Your name, new-lead emails and your plan." />
      </nav>
    </>
  )
}

function FirstSteps({ hasTalk, named }: { hasTalk: boolean; named: boolean }) {
  return (
    <div className="mt-8 rounded-xl border border-white/10 bg-ink-900/60 p-8">
      <h2 className="text-xl font-semibold text-white">Turn your next audience into leads</h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-300">
        <li className={named ? 'line-through' : ''}>Give the name attendees will see.</li>
        <li className={hasTalk ? 'line-through' : ''}>Add a talk you give (a title is enough).</li>
        <li>Create a session: the event, the date and what attendees get for their details.</li>
        <li>Go live and put the QR code on your last slide.</li>
      </ol>
      <Link to={hasTalk ? '/app/sessions/new' : '/app/talks/new'} className={`${buttonClass.primary} mt-6`}>
        {hasTalk ? 'Create your first session' : 'Add your first talk'}
      </Link>
    </div>
  )
}

function Card({ to, title, body }: { to: string; title: string; body: string }) {
  return (
    <Link to={to} className="rounded-xl border border-white/10 bg-ink-900/60 p-5 hover:border-brand-400/60">
      <span className="block font-semibold text-white">{title}</span>
      <span className="mt-1 block text-sm text-slate-300">{body}</span>
    </Link>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  workspaceMeta(matches, data?.kind === 'organiser' ? 'Dashboard' : 'Your sessions')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
