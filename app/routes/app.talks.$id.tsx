import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { TalkForm } from '~/components/workspace/talk-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { composeLink } from '~/lib/follow-up-compose'
import { isUuid } from '~/lib/text'
import { TalkSchema } from '~/lib/talk-session'
import { getTalk, updateTalk } from '~/models/talks.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

const notFound = () => new Response('Talk not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  const talk = isUuid(params.id) ? await getTalk(scope.ownerId, params.id) : null
  if (!talk) throw notFound()
  return { talk }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'talks.create')
  if (!isUuid(params.id)) throw notFound()
  const submission = parseWithZod(await readForm(request), { schema: TalkSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  if (!(await updateTalk(scope.ownerId, params.id, submission.value))) throw notFound()
  return redirectWithToast('/app/talks', { type: 'success', description: 'Talk saved.' })
}

export default function EditTalk() {
  const { talk } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Edit talk">
        <Link to={`/app/talks/${talk.id}/roi`} className={buttonClass.secondary}>
          ROI across sessions
        </Link>
        <Link to={`/app/talks/${talk.id}/feedback`} className={buttonClass.secondary}>
          Feedback across sessions
        </Link>
        <Link to={`/app/sessions/new?talk=${talk.id}`} className={buttonClass.secondary}>
          New session of this talk
        </Link>
        <Link to={composeLink('talk', talk.id)} className={buttonClass.secondary}>
          Write a follow-up to its leads
        </Link>
      </PageHeader>
      <TalkForm talk={talk} lastResult={actionData?.result} cancelTo="/app/talks" />
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Edit talk')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
