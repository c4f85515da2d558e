import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { FirstRunName } from '~/components/workspace/first-run-name'
import { SessionForm } from '~/components/workspace/session-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { SESSION_ERRORS } from '~/lib/talk-session'
import { timeZoneList } from '~/lib/time-zone'
import { createSession } from '~/models/talk-sessions.server'
import { listTalks } from '~/models/talks.server'
import { firstRunStep, publicNameOf } from '~/services/first-run.server'
import { newSessionDefaults, readSessionForm } from '~/services/session-form.server'
import { redirectWithToast } from '~/services/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'sessions.create')
  const talks = await listTalks(scope.ownerId)
  const wanted = new URL(request.url).searchParams.get('talk')
  const talk = talks.find((t) => t.id === wanted) ?? (talks.length === 1 ? talks[0]! : null)
  const step = await firstRunStep(scope)
  const url = new URL(request.url)
  return {
    talks: talks.map((t) => ({ id: t.id, title: t.title })),
    defaults: newSessionDefaults(step ? step.name : await publicNameOf(scope.userId), talk),
    // No name yet: the first-run step comes first (issue 29 Deliver 7), then back here.
    firstRun: step?.needs.name ? { step, returnTo: `${url.pathname}${url.search}` } : null,
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
  const { talks, defaults, timeZones, firstRun } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  if (firstRun) {
    return (
      <>
        <PageHeader
          title="New session"
          intro="Attendees read your name on the session page, in their emails and in the consent notice: give it first."
        />
        <FirstRunName step={firstRun.step} returnTo={firstRun.returnTo} />
      </>
    )
  }
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
