import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { SessionForm } from '~/components/workspace/session-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { SESSION_ERRORS } from '~/lib/talk-session'
import { timeZoneList } from '~/lib/time-zone'
import { createSession } from '~/models/talk-sessions.server'
import { listTalks } from '~/models/talks.server'
import { newSessionDefaults, readSessionForm, speakerDisplayName } from '~/services/session-form.server'
import { redirectWithToast } from '~/services/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'sessions.create')
  const talks = await listTalks(scope.ownerId)
  const wanted = new URL(request.url).searchParams.get('talk')
  const talk = talks.find((t) => t.id === wanted) ?? (talks.length === 1 ? talks[0]! : null)
  const speaker = await speakerDisplayName(scope.user)
  return {
    talks: talks.map((t) => ({ id: t.id, title: t.title })),
    defaults: newSessionDefaults(speaker.name, talk),
    // Attendees would see the account email as the speaker's name: say so, and where to change it.
    nameIsEmail: speaker.isEmail,
    timeZones: timeZoneList(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'sessions.create')
  const form = await readSessionForm(request, null)
  if (!form.ok) return data({ result: form.reply }, { status: 400 })
  const created = await createSession(scope, form.input)
  if (!created)
    return data(
      { result: { ...form.reply, status: 'error' as const, error: { talkId: [SESSION_ERRORS.talk] } } },
      { status: 400 },
    )
  return redirectWithToast(`/app/sessions/${created.id}`, {
    type: 'success',
    description: 'Session created as a draft. Check its page, then go live.',
  })
}

export default function NewSession() {
  const { talks, defaults, timeZones, nameIsEmail } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  if (talks.length === 0) {
    return (
      <>
        <PageHeader title="New session" />
        <div className="mt-10 rounded-xl border border-white/10 bg-ink-900/60 p-10 text-center">
          <h2 className="text-xl font-semibold text-white">First, add a talk</h2>
          <p className="mt-2 text-slate-300">
            A session is one delivery of one of your talks. Add the talk, then plan the session.
          </p>
          <Link to="/app/talks/new" className={`${buttonClass.primary} mt-6`}>
            Add a talk
          </Link>
        </div>
      </>
    )
  }
  return (
    <>
      <PageHeader
        title="New session"
        intro="One delivery of a talk at an event. It starts as a draft: only you can see its page until you go live."
      />
      {nameIsEmail ? (
        <p className="mt-6 max-w-2xl rounded-xl border border-amber-300/40 bg-amber-950/40 p-4 text-sm text-amber-50">
          Attendees will see your email address as your name on this talk page, in their emails and in the consent notice.{' '}
          <Link to="/app/settings" className="font-medium underline">
            Add your name in Settings
          </Link>{' '}
          first if you would rather they saw your name.
        </p>
      ) : null}
      <SessionForm
        defaults={defaults}
        talks={talks}
        timeZones={timeZones}
        currentFile={null}
        lastResult={actionData?.result}
        submitLabel="Create session"
        cancelTo="/app"
        guessTimeZone
      />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'New session')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
