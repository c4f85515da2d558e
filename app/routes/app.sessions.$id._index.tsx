import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import {
  changesSession,
  requireWorkspace,
  sessionChangeRefusal,
  sessionsScope,
  type WorkspaceScope,
} from '~/auth/workspace.server'
import { SessionLock } from '~/components/billing/session-lock'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { DisplayLinkSection } from '~/components/workspace/display-link'
import { GoLiveName } from '~/components/workspace/go-live-name'
import { ReadOnlyNote, ShortLink, Stat, StatusForm } from '~/components/workspace/session-page-parts'
import { PageHeader, StatusBadge, workspaceMeta } from '~/components/workspace/workspace'
import { getConfig } from '~/config.server'
import { canUnlock } from '~/lib/billing-checkout'
import { liveLimitMessage, visibleLeadLimit } from '~/lib/plans'
import { QR_DOWNLOADS, shortUrl } from '~/lib/short-link'
import { confirmationsSkippedSummary } from '~/lib/confirmation-limits'
import { conversion, conversionHint } from '~/lib/conversion'
import { feedbackSettingsSentence, feedbackState, feedbackWindowSentence } from '~/lib/feedback'
import { formatPercent } from '~/lib/roi'
import { can } from '~/lib/permissions'
import { isUuid } from '~/lib/text'
import { formatSessionTime } from '~/lib/time-zone'
import { countSkippedConfirmations } from '~/models/confirmation-budget.server'
import { getDisplayLinkInfo, makeDisplayLink, revokeDisplayLink } from '~/models/display-links.server'
import { getMember } from '~/models/memberships.server'
import { closeSession, deleteSession, duplicateSession, getSession } from '~/models/talk-sessions.server'
import { unlockOffer } from '~/services/checkout.server'
import { automaticEntry } from '~/services/follow-up-automatic.server'
import { goLiveAskingName, OTHER_SPEAKER_NAMELESS, publicNameOf } from '~/services/first-run.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

const IntentSchema = z.object({ intent: z.enum(['go-live', 'close', 'duplicate', 'delete', 'display-make', 'display-revoke']) })
const notFound = () => new Response('Session not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  // Read: a colleague's session opens read-only when "Members see every lead" is on (issue 29).
  const session = isUuid(params.id) ? await getSession(sessionsScope(scope, 'read'), params.id) : null
  if (!session) throw notFound()
  const changes = changesSession(scope, session)
  return {
    session: {
      id: session.id,
      status: session.status,
      eventName: session.eventName,
      talkTitle: session.talkTitle,
      headline: session.headline || session.talkTitle,
      when: formatSessionTime(session.startsAt, session.timeZone),
      where: session.isOnline ? 'Online' : (session.city ?? ''),
      audienceSize: session.audienceSize,
      offerTitle: session.offerTitle,
      offerPromise: session.offerPromise,
      code: session.code,
    },
    stats: {
      scans: session.scans,
      visits: session.visits,
      visitors: session.visitors,
      leads: session.leads,
      conversion: conversion(session.leads, session.visitors),
    },
    feedback: feedbackLine(session, new Date()),
    // Confirmations held back by the limits against relaying (never silently: the speaker is told).
    skippedConfirmations: confirmationsSkippedSummary(await countSkippedConfirmations(scope.ownerId, session.id)),
    url: shortUrl(getConfig().appUrl, session.code),
    lock: await sessionLock(request, scope, session),
    // Going live and closing are for whoever changes the session (an event's speaker, issue 23, too);
    // editing, copying and deleting also need the team's full session form.
    canRun: changes,
    canEdit: changes && can(scope.role, 'sessions.edit'),
    // Who to ask, for a reader of a colleague's session.
    runner: changes ? null : await runnerOf(scope.ownerId, session.userId),
    // Going live asks its speaker for the name the page would otherwise lack (issue 29 Deliver 7).
    asksName: changes && (await goLiveAsksName(scope, session)),
    // The projector's display link (issue 33 Deliver 6): whether one is active, never its token.
    displayLink: await displayLinkView(scope, session.id),
    // Its automatic follow-up (issue 32 Deliver 7), for whoever writes follow-ups to its people.
    automaticFollowUp: can(scope.role, 'followUps.send') ? await automaticEntry(scope, session.id) : null,
  }
}

/** Whether the attendee page takes feedback, and its window in words (the rule's sentences, app/lib/feedback.ts). */
function feedbackLine(session: Parameters<typeof feedbackState>[0] & { timeZone: string }, now: Date) {
  if (!session.feedbackEnabled) return { on: false as const, text: 'Feedback is off: the attendee page asks for none.' }
  const state = feedbackWindowSentence(feedbackState(session, now), session.timeZone)
  return { on: true as const, text: `Feedback is on. ${feedbackSettingsSentence(session)} ${state ?? ''}`.trim() }
}

async function displayLinkView(scope: WorkspaceScope, sessionId: string) {
  const info = await getDisplayLinkInfo(sessionsScope(scope, 'read'), sessionId)
  return info ? { createdAt: info.createdAt.toISOString(), createdByEmail: info.createdByEmail } : null
}

/** The page would name nobody: its own speaker gives the name by the go-live button (anyone else is told who must). */
async function goLiveAsksName(
  scope: WorkspaceScope,
  session: { status: string; userId: string; eventId: string | null; speakerId: string | null },
) {
  if (session.status === 'live' || session.userId !== scope.userId || (session.eventId && session.speakerId)) return false
  return (await publicNameOf(session.userId)) === null
}

/** The member who runs a session, named as the team page names them (removing a member hands their sessions on). */
async function runnerOf(workspaceId: string, userId: string) {
  const member = await getMember(workspaceId, userId)
  return member ? { userId: member.userId, name: member.name } : null
}

/** Leads the plan hides in this session, with the unlock offer; null when nothing is locked. */
async function sessionLock(request: Request, scope: WorkspaceScope, session: { unlocked: boolean; leads: number }) {
  const limit = visibleLeadLimit(scope.workspace.plan, session.unlocked)
  if (limit === null || session.leads <= limit || !canUnlock(scope.workspace.plan, session.unlocked)) return null
  return { visibleLimit: limit, locked: session.leads - limit, unlock: await unlockOffer(request, scope) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request)
  const sessions = sessionsScope(scope, 'change')
  if (!isUuid(params.id)) throw notFound()
  const form = await readForm(request)
  const parsed = IntentSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data({ error: 'Unknown action.' }, { status: 400 })
  const id = params.id
  const here = `/app/sessions/${id}`
  switch (parsed.data.intent) {
    case 'go-live': {
      const { outcome: result, reply } = await goLiveAskingName(scope, id, form)
      if (result === 'not-found') throw await sessionChangeRefusal(scope, id)
      if (result === 'plan-limit') return data({ error: liveLimitMessage(scope.workspace.plan) }, { status: 403 })
      // The page would name nobody (issue 29 Deliver 7): the name by its field, or who must give it.
      if (result === 'name-needed') return data({ goLiveName: reply }, { status: 400 })
      if (result === 'no-name' || result === 'other-nameless') return data({ error: OTHER_SPEAKER_NAMELESS }, { status: 409 })
      return redirectWithToast(here, { type: 'success', description: 'The session is live: attendees can leave their details.' })
    }
    case 'close': {
      const result = await closeSession(sessions, id)
      if (result === 'not-found') throw await sessionChangeRefusal(scope, id)
      if (result === 'not-live') return data({ error: 'Only a live session can be closed.' }, { status: 409 })
      return redirectWithToast(here, { type: 'success', description: 'Session closed. Its page now says the session has ended.' })
    }
    case 'duplicate': {
      // An event's speaker runs their session (go live, close) but makes no sessions of the organiser's.
      await requireWorkspace(request, 'sessions.create')
      const copy = await duplicateSession(sessions, id)
      if (!copy) throw await sessionChangeRefusal(scope, id)
      return redirectWithToast(`/app/sessions/${copy.id}/edit`, {
        type: 'success',
        description: 'Copied as a new draft with a new QR code. Set the event, date and place of the next delivery.',
      })
    }
    case 'display-make': {
      const made = await makeDisplayLink(sessions, id, scope.user)
      if (!made) throw await sessionChangeRefusal(scope, id)
      // The link rides in this answer only (no redirect, no flash cookie): only its hash is stored.
      return data(
        { displayLink: `${getConfig().appUrl}/d/${made.token}`, renewed: made.renewed },
        { headers: { 'Cache-Control': 'no-store' } },
      )
    }
    case 'display-revoke': {
      if (!(await revokeDisplayLink(sessions, id, scope.user))) throw await sessionChangeRefusal(scope, id)
      return redirectWithToast(here, { type: 'success', description: 'Display link revoked: it no longer opens the display.' })
    }
    case 'delete': {
      await requireWorkspace(request, 'sessions.edit')
      if (!(await deleteSession(sessions, id))) throw await sessionChangeRefusal(scope, id)
      return redirectWithToast('/app', { type: 'success', description: 'Session deleted.' })
    }
  }
}

export default function SessionPage() {
  const {
    session,
    stats,
    skippedConfirmations,
    url,
    lock,
    canRun,
    canEdit,
    runner,
    asksName,
    displayLink,
    feedback,
    automaticFollowUp,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const confirmDelete = canEdit && params.get('delete') === '1'
  const base = `/app/sessions/${session.id}`
  return (
    <>
      <PageHeader
        title={session.eventName}
        intro={`${session.talkTitle} · ${session.when}${session.where ? ` · ${session.where}` : ''}`}
      >
        {canEdit ? (
          <>
            <Link to={`${base}/edit`} className={buttonClass.secondary}>
              Edit
            </Link>
            <Link to={`${base}/languages`} className={buttonClass.secondary}>
              Languages
            </Link>
          </>
        ) : null}
        <Link to={`${base}/leads`} className={buttonClass.secondary}>
          Leads
        </Link>
        <Link to={`${base}/roi`} className={buttonClass.secondary}>
          ROI
        </Link>
        <Link to={`${base}/feedback`} className={buttonClass.secondary}>
          Feedback
        </Link>
      </PageHeader>

      {actionData && 'error' in actionData ? (
        <div className="mt-6">
          <FormMessage>
            {actionData.error}{' '}
            {actionData.error.includes('upgrade') ? (
              <Link to="/pricing" className="underline">
                See plans
              </Link>
            ) : null}
          </FormMessage>
        </div>
      ) : null}

      {confirmDelete ? (
        <ConfirmDeletePanel
          message={`Delete this session with its ${stats.leads === 1 ? 'lead' : `${stats.leads} leads`} and counts? This cannot be undone.`}
          fields={{ intent: 'delete' }}
          cancelTo={base}
        />
      ) : null}

      <section aria-labelledby="status-title" className="mt-8 rounded-xl border border-white/10 bg-ink-900/60 p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="status-title" className="text-lg font-semibold text-white">
            Status
          </h2>
          <StatusBadge status={session.status} />
        </div>
        <p className="mt-2 text-sm text-slate-300">
          {session.status === 'draft'
            ? canRun
              ? 'Only you can open the page. Go live when you are ready to show the QR code.'
              : 'Attendees cannot open the page until it goes live.'
            : session.status === 'live'
              ? 'Attendees can open the page and leave their details.'
              : `The page says the session has ended and takes no new details.${canRun ? ' You can reopen it.' : ''}`}
        </p>
        <p id="feedback-setting" className="mt-2 text-sm text-slate-300">
          {feedback.text}{' '}
          {canEdit ? (
            <Link to={`${base}/edit#feedback-hint`} className="text-brand-300 underline">
              {feedback.on ? 'Change the feedback settings' : 'Turn feedback on'}
            </Link>
          ) : null}
        </p>
        {canRun ? (
          <StatusForm status={session.status} base={base} canEdit={canEdit}>
            {asksName ? (
              <GoLiveName
                errors={actionData && 'goLiveName' in actionData ? actionData.goLiveName?.error?.displayName : undefined}
              />
            ) : null}
          </StatusForm>
        ) : (
          <ReadOnlyNote runner={runner} />
        )}
      </section>

      <section aria-labelledby="stats-title" className="mt-6">
        <h2 id="stats-title" className="text-lg font-semibold text-white">
          Results
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-5">
          <Stat label="Scans" value={stats.scans} />
          <Stat label="Visits" value={stats.visits} />
          <Stat label="Unique visitors" value={stats.visitors} />
          <Stat label="Leads" value={stats.leads} />
          <Stat label="Conversion" value={formatPercent(stats.conversion.percent)} hint={conversionHint(stats.conversion)} />
        </dl>
        {skippedConfirmations ? <p className="mt-3 text-sm text-amber-200">{skippedConfirmations}</p> : null}
      </section>

      {lock ? (
        <SessionLock
          sessionId={session.id}
          total={stats.leads}
          locked={lock.locked}
          visibleLimit={lock.visibleLimit}
          offer={lock.unlock}
        />
      ) : null}

      <section
        aria-labelledby="link-title"
        className="mt-6 grid gap-6 rounded-xl border border-white/10 bg-ink-900/60 p-6 md:grid-cols-[1fr_auto]"
      >
        <div>
          <h2 id="link-title" className="text-lg font-semibold text-white">
            Short link and QR code
          </h2>
          <ShortLink url={url} />
          {/* Whoever opens this page may open a draft's preview too (previewsDraft). */}
          <p className="mt-2 text-sm">
            <a href={url} target="_blank" rel="noreferrer" className="text-brand-300 underline">
              Open the attendee page
            </a>{' '}
            <span className="text-slate-400">
              {session.status !== 'draft'
                ? '(opening it counts as a visit)'
                : canRun
                  ? '(a preview: attendees cannot open it until you go live)'
                  : '(a preview: attendees cannot open it until it goes live)'}
            </span>
          </p>
          <h3 className="mt-6 font-semibold text-white">Downloads</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {QR_DOWNLOADS.map((d) => (
              <li key={d.format}>
                <a href={`${base}/qr/${d.format}`} download className={buttonClass.secondary}>
                  {d.label}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-400">
            The QR code adds ?qr=1 to the link, so scans are counted apart from typed visits.
          </p>
        </div>
        <img src={`${base}/qr/svg`} alt={`QR code for ${url}`} width={200} height={200} className="rounded-lg bg-white p-2" />
      </section>

      {automaticFollowUp ? (
        <section aria-labelledby="auto-follow-up-title" className="mt-6 rounded-xl border border-white/10 bg-ink-900/60 p-6">
          <h2 id="auto-follow-up-title" className="text-lg font-semibold text-white">
            Automatic follow-up
          </h2>
          <p className="mt-2 text-sm text-slate-300" data-testid="auto-follow-up-state">
            {automaticFollowUp.sentence}
          </p>
          <p className="mt-3">
            <Link to={`${base}/automatic-follow-up`} className={buttonClass.secondary}>
              {automaticFollowUp.written ? 'Open the automatic follow-up' : 'Set up an automatic follow-up'}
            </Link>
          </p>
        </section>
      ) : null}

      <DisplayLinkSection
        link={displayLink}
        shownOnce={
          actionData && 'displayLink' in actionData ? { url: actionData.displayLink, renewed: actionData.renewed } : null
        }
        canChange={canRun}
      />
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  workspaceMeta(matches, data?.session.eventName ?? 'Session')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
