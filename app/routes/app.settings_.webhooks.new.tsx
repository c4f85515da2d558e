import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { WebhookEndpointForm } from '~/components/workspace/webhook-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WEBHOOK_MESSAGES } from '~/lib/webhooks'
import { createEndpoint } from '~/models/webhooks.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { parseWebhookEndpointForm } from '~/services/webhook-form.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspace(request, 'webhooks.manage')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'webhooks.manage')
  const submission = parseWebhookEndpointForm(await readForm(request, { multiple: ['events'] }))
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const id = await createEndpoint(scope.ownerId, submission.value, scope.user)
  if (!id) return data({ result: submission.reply({ formErrors: [WEBHOOK_MESSAGES.tooMany] }) }, { status: 409 })
  return redirectWithToast(`/app/settings/webhooks/${id}`, {
    type: 'success',
    description: 'Endpoint added. Copy its signing secret into your receiver, then send a test ping.',
  })
}

export default function NewWebhook() {
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader title="Add a webhook endpoint" intro="Lectern POSTs each event you choose to this URL as JSON." />
      <div className="mt-8">
        <WebhookEndpointForm endpoint={null} lastResult={actionData?.result} cancelTo="/app/settings/webhooks" />
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Add a webhook endpoint')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
