import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FirstRunName } from '~/components/workspace/first-run-name'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { safeReturnTo } from '~/lib/url'
import { firstRunStep, saveFirstRunStep } from '~/services/first-run.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// /app/name: the first-run step's own page (issue 29 Deliver 7; docs/speakers.md). The workspace's
// home and the new-session page show its form and post here; a refused attempt is shown here with
// the message by the field, and saving returns to the page the form was on.

const returnToOf = (value: unknown) => {
  const path = safeReturnTo(value, '/app')
  return path.startsWith('/app') ? path : '/app'
}

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'sessions.create')
  const returnTo = returnToOf(new URL(request.url).searchParams.get('returnTo'))
  const step = await firstRunStep(scope)
  if (!step) throw redirect(returnTo)
  return { step, returnTo }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'sessions.create')
  const form = await readForm(request)
  const returnTo = returnToOf(form.get('returnTo'))
  const step = await firstRunStep(scope)
  // Given in another tab since this page was shown: nothing is asked any more.
  if (!step) return redirect(returnTo)
  const saved = await saveFirstRunStep(scope, step, form)
  if (!saved.ok) return data({ result: saved.reply, step, returnTo }, { status: 400 })
  return redirectWithToast(returnTo, {
    type: 'success',
    description: step.needs.name ? 'Name saved: attendees will see it on your session pages.' : 'Workspace renamed.',
  })
}

export default function FirstRunPage() {
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { step, returnTo } = actionData ?? loaded
  return (
    <>
      <PageHeader
        title={step.needs.name ? 'Your name' : 'Your workspace'}
        intro="One step before attendees see your session page."
      />
      <FirstRunName step={step} returnTo={returnTo} lastResult={actionData?.result} />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Your name')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
