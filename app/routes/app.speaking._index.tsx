import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import { getConfig } from '~/config.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { SessionCard } from '~/components/speaking/session-card'
import { SpeakerPageForm } from '~/components/speaking/speaker-page-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { LeadNotifySettings } from '~/components/workspace/lead-notify-settings'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { IMAGE_MAX_BYTES } from '~/lib/constants'
import { isLocked, SPEAKER_PAGE_FIELDS, SPEAKER_PAGE_FIELD_LABELS } from '~/lib/events'
import { LeadNotifySchema } from '~/lib/lead-notify'
import { shortUrl } from '~/lib/short-link'
import { LOCKED_TEXT, sessionPageSchema, speakerPageSchema } from '~/lib/speaker-page'
import { formatSessionTime } from '~/lib/time-zone'
import { leaveWorkspace } from '~/models/memberships.server'
import { getLeadNotify, listMemberships, setLeadNotify } from '~/models/workspaces.server'
import {
  myRosterEntries,
  mySessionPage,
  mySessions,
  updateMySessionPage,
  updateMySpeakerPage,
} from '~/models/speaker-pages.server'
import { processImageUpload } from '~/services/images.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// /app/speaking (issue 23 Deliver 4): a claimed speaker's home in the organiser's workspace — their
// page at each event (the unlocked fields to edit, the locked ones read-only), and each session they
// give with its time, room, status, attendee page, QR codes and slide, and its leads; and how they
// hear about new leads here (they have no Settings in this workspace). Speakers only
// ('eventProfile.own'): anyone else gets 404 (the team works on the organiser's event pages).

const HERE = '/app/speaking'
// The page form may carry a photo at the image limit.
const BODY = { files: { maxFileBytes: IMAGE_MAX_BYTES }, maxBytes: IMAGE_MAX_BYTES + 64 * 1024 }

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'eventProfile.own')
  const [entries, leadNotify, memberships] = await Promise.all([
    myRosterEntries(scope),
    getLeadNotify(scope.ownerId, scope.userId),
    listMemberships(scope.userId),
  ])
  const sessions = await mySessions(
    scope,
    entries.map((e) => e.id),
  )
  const appUrl = getConfig().appUrl
  return {
    workspaceName: scope.workspace.name,
    leadNotify,
    inSeveralWorkspaces: memberships.length > 1,
    entries: entries.map((e) => ({
      ...e,
      locked: SPEAKER_PAGE_FIELDS.filter((f) => isLocked(e.lockedFields, f)).map((f) => f),
      events: [...new Map(sessions.filter((s) => s.speakerId === e.id).map((s) => [s.eventId, s])).values()].map((s) => ({
        name: s.eventName,
        href: `/e/${s.eventSlug}/${e.slug}`,
        isPublic: s.eventStatus !== 'draft',
      })),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      talkTitle: s.talkTitle,
      eventName: s.eventName,
      when: formatSessionTime(s.startsAt, s.timeZone),
      durationMinutes: s.durationMinutes,
      room: s.room,
      status: s.status,
      url: shortUrl(appUrl, s.code),
      page: { headline: s.headline, offerTitle: s.offerTitle, offerPromise: s.offerPromise },
      locked: { headline: isLocked(s.lockedFields, 'headline'), offer: isLocked(s.lockedFields, 'offer') },
    })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'eventProfile.own')
  const form = await readForm(request, BODY)
  switch (form.get('intent')) {
    case 'profile':
      return saveProfile(scope, form)
    case 'session':
      return saveSession(scope, form)
    case 'lead-notify': {
      // A speaker has no Settings here: how they hear about the leads given to them is set on this page.
      const submission = parseWithZod(form, { schema: LeadNotifySchema })
      if (submission.status !== 'success') return data({ leadNotify: submission.reply() }, { status: 400 })
      await setLeadNotify(scope.ownerId, scope.userId, submission.value.leadNotify)
      return redirectWithToast(HERE, { type: 'success', description: 'New-lead emails saved.' })
    }
    case 'leave': {
      await requireWorkspace(request, 'workspace.leave')
      await leaveWorkspace(scope.ownerId, { id: scope.userId, email: scope.user.email })
      // Not a member any more: back to the workspace the guard falls back to (their own).
      return redirectWithToast('/app', {
        type: 'success',
        description: `You left ${scope.workspace.name}. Your page there is unclaimed again.`,
      })
    }
    default:
      return data({ error: 'Unknown action.' }, { status: 400 })
  }
}

async function saveProfile(scope: WorkspaceScope, form: FormData) {
  const entry = (await myRosterEntries(scope)).find((e) => e.id === form.get('speakerId'))
  if (!entry) throw new Response('Not Found', { status: 404 })
  const schema = speakerPageSchema(entry.lockedFields, entry)
  const submission = parseWithZod(form, { schema })
  const photo = form.get('photo')
  const hasPhoto = photo instanceof File && photo.size > 0
  if (submission.status !== 'success') return data({ profile: submission.reply() }, { status: 400 })
  if (hasPhoto && isLocked(entry.lockedFields, 'photoUrl'))
    return data({ profile: submission.reply({ fieldErrors: { photo: [LOCKED_TEXT] } }) }, { status: 400 })
  let photoUrl: string | undefined
  if (hasPhoto) {
    const upload = await processImageUpload(photo)
    if (!upload.ok) return data({ profile: submission.reply({ fieldErrors: { photo: [upload.error] } }) }, { status: 400 })
    photoUrl = upload.url
  }
  const { name, jobTitle, company, bio } = submission.value
  const values = Object.fromEntries(
    Object.entries({ name, jobTitle, company, bio, photoUrl }).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>
  if ((await updateMySpeakerPage(scope, entry.id, values)) === 'not-found') throw new Response('Not Found', { status: 404 })
  return redirectWithToast(HERE, { type: 'success', description: 'Your speaker page is saved.' })
}

async function saveSession(scope: WorkspaceScope, form: FormData) {
  const sessionId = String(form.get('sessionId') ?? '')
  const current = /^[0-9a-f-]{36}$/i.test(sessionId) ? await mySessionPage(scope, sessionId) : null
  if (!current) throw new Response('Not Found', { status: 404 })
  const submission = parseWithZod(form, { schema: sessionPageSchema(current.lockedFields, current) })
  if (submission.status !== 'success') return data({ session: submission.reply(), sessionId }, { status: 400 })
  const { headline, offerTitle, offerPromise } = submission.value
  const values = Object.fromEntries(
    Object.entries({ headline, offerTitle, offerPromise }).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>
  // An offer delivered as a link or file needs its title (the session form's rule).
  if (current.offerKind !== 'none' && values.offerTitle === '')
    return data(
      { session: submission.reply({ fieldErrors: { offerTitle: ['Give the offer a title'] } }), sessionId },
      { status: 400 },
    )
  if ((await updateMySessionPage(scope, sessionId, values)) === 'not-found') throw new Response('Not Found', { status: 404 })
  return redirectWithToast(HERE, { type: 'success', description: 'Your session’s page is saved.' })
}

export default function Speaking() {
  const { workspaceName, entries, sessions, leadNotify, inSeveralWorkspaces } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  return (
    <>
      <PageHeader
        title="My talks"
        intro={`Your speaker page and sessions at ${workspaceName}: edit what the organiser left open, download your QR code and slide, and follow the leads given to you.`}
      />
      {entries.length === 0 ? <p className="mt-8 text-slate-300">You have no speaker page in this workspace.</p> : null}
      {entries.map((entry) => (
        <section key={entry.id} aria-labelledby={`page-${entry.id}`} className="mt-8 max-w-3xl">
          <h2 id={`page-${entry.id}`} className="text-xl font-semibold text-white">
            Your speaker page
          </h2>
          <ul className="mt-2 text-slate-300">
            {entry.events.map((e) => (
              <li key={e.href}>
                {e.isPublic ? (
                  <Link to={e.href} className="text-brand-300 underline">
                    Your page at {e.name}
                  </Link>
                ) : (
                  <span>Your page at {e.name} (the event is a draft: not public yet)</span>
                )}
              </li>
            ))}
          </ul>
          <SpeakerPageForm
            entry={entry}
            labels={SPEAKER_PAGE_FIELD_LABELS}
            lastResult={actionData && 'profile' in actionData ? actionData.profile : undefined}
          />
        </section>
      ))}
      <section aria-labelledby="sessions-title" className="mt-10 max-w-3xl">
        <h2 id="sessions-title" className="text-xl font-semibold text-white">
          Your sessions
        </h2>
        {sessions.length === 0 ? <p className="mt-2 text-slate-300">No sessions yet.</p> : null}
        {sessions.map((s) => (
          <SessionCard
            key={s.id}
            session={s}
            lastResult={actionData && 'session' in actionData && actionData.sessionId === s.id ? actionData.session : undefined}
          />
        ))}
      </section>
      <LeadNotifySettings
        leadNotify={leadNotify}
        workspaceName={inSeveralWorkspaces ? workspaceName : null}
        lastResult={actionData && 'leadNotify' in actionData ? actionData.leadNotify : undefined}
        submitLabel="Save new-lead emails"
      />
      <section aria-labelledby="leave-title" className="mt-10 max-w-3xl">
        <h2 id="leave-title" className="text-xl font-semibold text-white">
          Leave {workspaceName}
        </h2>
        {params.get('leave') === '1' ? (
          <WorkspaceForm method="post" className="mt-2">
            <p className="text-slate-300">
              You lose access to your page, sessions and leads here; the organiser keeps them. Your own workspace stays as it is.
            </p>
            <input type="hidden" name="intent" value="leave" />
            <div className="mt-3 flex gap-3">
              <button type="submit" className={buttonClass.danger}>
                Leave {workspaceName}
              </button>
              <Link to={HERE} className={buttonClass.secondary}>
                Stay
              </Link>
            </div>
          </WorkspaceForm>
        ) : (
          <Link to={`${HERE}?leave=1`} className={`${buttonClass.secondary} mt-2`}>
            Leave this workspace
          </Link>
        )}
      </section>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'My talks')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
