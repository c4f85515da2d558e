import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace, sessionChangeRefusal, sessionsScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SessionForm } from '~/components/workspace/session-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { SESSION_ERRORS } from '~/lib/talk-session'
import { isUuid } from '~/lib/text'
import { timeZoneList } from '~/lib/time-zone'
import { getSession, updateSession } from '~/models/talk-sessions.server'
import { listTalks } from '~/models/talks.server'
import { readSessionForm, sessionFormValues } from '~/services/session-form.server'
import { redirectWithToast } from '~/services/toast.server'

const notFound = () => new Response('Session not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'sessions.edit')
  // A colleague's session a member reads ("Members see every lead") is not theirs to edit: 403.
  const session = isUuid(params.id) ? await getSession(sessionsScope(scope, 'change'), params.id) : null
  if (!session) throw await sessionChangeRefusal(scope, params.id)
  const talks = await listTalks(scope.ownerId)
  return {
    id: session.id,
    eventName: session.eventName,
    talks: talks.map((t) => ({ id: t.id, title: t.title })),
    defaults: sessionFormValues(session),
    currentFile: session.offerFileName,
    timeZones: timeZoneList(),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'sessions.edit')
  const session = isUuid(params.id) ? await getSession(sessionsScope(scope, 'change'), params.id) : null
  if (!session) throw await sessionChangeRefusal(scope, params.id)
  const form = await readSessionForm(request, session)
  if (!form.ok) return data({ result: form.reply }, { status: 400 })
  const result = await updateSession(sessionsScope(scope, 'change'), session.id, form.input)
  if (result === 'not-found') throw notFound()
  if (result === 'talk')
    return data(
      { result: { ...form.reply, status: 'error' as const, error: { talkId: [SESSION_ERRORS.talk] } } },
      { status: 400 },
    )
  return redirectWithToast(`/app/sessions/${session.id}`, { type: 'success', description: 'Session saved.' })
}

export default function EditSession() {
  const { id, eventName, talks, defaults, currentFile, timeZones } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title={`Edit session: ${eventName}`} />
      <SessionForm
        defaults={defaults}
        talks={talks}
        timeZones={timeZones}
        currentFile={currentFile}
        lastResult={actionData?.result}
        submitLabel="Save session"
        cancelTo={`/app/sessions/${id}`}
        guessTimeZone={false}
      />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Edit session')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
