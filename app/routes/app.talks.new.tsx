import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TalkForm } from '~/components/workspace/talk-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { TalkSchema } from '~/lib/talk-session'
import { createTalk } from '~/models/talks.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspace(request, 'talks.create')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  const submission = parseWithZod(await readForm(request), { schema: TalkSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const talk = await createTalk(scope, submission.value)
  // The next step for a new talk is its first session.
  return redirectWithToast(`/app/sessions/new?talk=${talk.id}`, {
    type: 'success',
    description: 'Talk created. Now plan a session of it.',
  })
}

export default function NewTalk() {
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader
        title="New talk"
        intro="A talk you give again and again. Each delivery becomes a session with its own page and QR code."
      />
      <TalkForm talk={null} lastResult={actionData?.result} cancelTo="/app/talks" />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'New talk')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
