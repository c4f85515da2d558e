import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { z } from 'zod'
import { requireWorkspace } from '~/auth/workspace.server'
import { ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { DeliveryLog, EndpointState } from '~/components/workspace/webhook-deliveries'
import { WebhookEndpointForm } from '~/components/workspace/webhook-form'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { parsePage } from '~/lib/page-param'
import { isUuid } from '~/lib/text'
import { isWebhookEvent } from '~/lib/webhooks'
import { DELIVERIES_PER_PAGE, listDeliveries, queuePing, replayDelivery } from '~/models/webhook-deliveries.server'
import {
  deleteEndpoint,
  getEndpoint,
  isDeliveryId,
  rotateEndpointSecret,
  setEndpointEnabled,
  updateEndpoint,
} from '~/models/webhooks.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { parseWebhookEndpointForm } from '~/services/webhook-form.server'

const IntentSchema = z.object({ intent: z.enum(['save', 'enable', 'disable', 'rotate', 'ping', 'replay', 'delete']) })
const notFound = () => new Response('Endpoint not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'webhooks.manage')
  const endpoint = isUuid(params.id) ? await getEndpoint(scope.ownerId, params.id) : null
  if (!endpoint) throw notFound()
  const url = new URL(request.url)
  const page = parsePage(url.searchParams.get('page'))
  const { rows, total } = await listDeliveries(scope.ownerId, endpoint.id, page)
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events.filter(isWebhookEvent),
      enabled: endpoint.enabled,
      disabledReason: endpoint.disabledReason,
      failingSince: endpoint.failingSince?.toISOString() ?? null,
    },
    // Only when asked for (a link, so it works without JS): the page does not show it by default.
    secret: url.searchParams.get('secret') === 'show' ? endpoint.secret : null,
    secretUnreadable: endpoint.secret === null,
    deliveries: rows.map((d) => ({
      ...d,
      createdAt: d.createdAt.toISOString(),
      lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    })),
    page,
    total,
    totalPages: Math.max(1, Math.ceil(total / DELIVERIES_PER_PAGE)),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'webhooks.manage')
  if (!isUuid(params.id)) throw notFound()
  const id = params.id
  const form = await readForm(request, { multiple: ['events'] })
  const parsed = IntentSchema.safeParse({ intent: form.get('intent') })
  if (!parsed.success) return data({ result: null, error: 'Unknown action.' }, { status: 400 })
  const here = `/app/settings/webhooks/${id}`
  const done = (description: string, to = here) => redirectWithToast(to, { type: 'success', description })
  switch (parsed.data.intent) {
    case 'save': {
      const submission = parseWebhookEndpointForm(form)
      if (submission.status !== 'success') {
        if (!(await getEndpoint(scope.ownerId, id))) throw notFound()
        return data({ result: submission.reply(), error: null }, { status: 400 })
      }
      if (!(await updateEndpoint(scope.ownerId, id, submission.value))) throw notFound()
      return done('Endpoint saved.')
    }
    case 'enable':
    case 'disable': {
      const enabled = parsed.data.intent === 'enable'
      if (!(await setEndpointEnabled(scope.ownerId, id, enabled))) throw notFound()
      return done(enabled ? 'Endpoint enabled: new events are sent to it again.' : 'Endpoint disabled: no events are sent to it.')
    }
    case 'rotate': {
      if (!(await rotateEndpointSecret(scope.ownerId, id))) throw notFound()
      return done(
        'New signing secret created. For the next 24 hours messages are signed with both the new and the old secret: put the new one in your receiver within a day.',
        `${here}?secret=show`,
      )
    }
    case 'ping': {
      if (!(await queuePing(scope.ownerId, id))) throw notFound()
      return done('Test ping queued. Its result appears in the delivery log within seconds.')
    }
    case 'replay': {
      const deliveryId = form.get('deliveryId')
      if (!isDeliveryId(deliveryId) || !(await replayDelivery(scope.ownerId, id, deliveryId))) throw notFound()
      return done('Delivery queued again. Its result appears in the delivery log within seconds.')
    }
    case 'delete': {
      if (!(await deleteEndpoint(scope.ownerId, id, scope.user))) throw notFound()
      return done('Endpoint deleted.', '/app/settings/webhooks')
    }
  }
}

export default function WebhookEndpoint() {
  const { endpoint, secret, secretUnreadable, deliveries, page, total, totalPages } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const base = `/app/settings/webhooks/${endpoint.id}`
  return (
    <>
      <PageHeader title="Webhook endpoint" intro={endpoint.description || undefined}>
        <Link to="/app/settings/webhooks" className={buttonClass.secondary}>
          All endpoints
        </Link>
      </PageHeader>
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-red-200">
          {actionData.error}
        </p>
      ) : null}

      {params.get('delete') === '1' ? (
        <ConfirmDeletePanel
          message={`Delete the endpoint ${endpoint.url} and its delivery log? Nothing more is sent to it. This cannot be undone.`}
          fields={{ intent: 'delete' }}
          cancelTo={base}
        />
      ) : null}
      {params.get('rotate') === '1' ? <ConfirmRotate cancelTo={base} /> : null}

      <section aria-labelledby="state-title" className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="state-title" className="break-all font-mono text-lg text-white">
            {endpoint.url}
          </h2>
          <EndpointState enabled={endpoint.enabled} failingSince={endpoint.failingSince} />
        </div>
        {endpoint.disabledReason ? <p className="mt-2 text-amber-200">{endpoint.disabledReason}</p> : null}
        {endpoint.enabled && endpoint.failingSince ? (
          <p className="mt-2 text-sm text-amber-200">
            Every delivery has failed since {endpoint.failingSince.slice(0, 16).replace('T', ' ')} UTC. After 24 hours of failures
            the endpoint is disabled and you get an email.
          </p>
        ) : null}
        <WorkspaceForm method="post" className="mt-4 flex flex-wrap gap-2">
          <button type="submit" name="intent" value="ping" className={buttonClass.primary}>
            Send test ping
          </button>
          <button type="submit" name="intent" value={endpoint.enabled ? 'disable' : 'enable'} className={buttonClass.secondary}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <Link to={`${base}?delete=1`} className={buttonClass.secondary}>
            Delete
          </Link>
        </WorkspaceForm>
      </section>

      <section aria-labelledby="secret-title" className="mt-6 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
        <h2 id="secret-title" className="text-lg font-semibold text-white">
          Signing secret
        </h2>
        <p className="mt-1 text-sm text-slate-300">
          Verify each message’s webhook-signature header with this secret and a Standard Webhooks library.
        </p>
        {secretUnreadable ? (
          <p role="alert" className="mt-3 text-amber-200">
            The secret can no longer be decrypted (the server’s encryption key changed), so deliveries fail. Rotate it and put the
            new one in your receiver.
          </p>
        ) : null}
        {secret ? (
          <div className="mt-3">
            <label htmlFor="signing-secret" className="mb-1 block text-sm font-medium text-slate-200">
              Secret
            </label>
            <input
              id="signing-secret"
              readOnly
              value={secret}
              className="w-full rounded-md border border-white/15 bg-ink-900 px-3 py-2 font-mono text-sm text-slate-100"
            />
          </div>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={secret ? base : `${base}?secret=show`} className={buttonClass.secondary}>
            {secret ? 'Hide secret' : 'Reveal secret'}
          </Link>
          <Link to={`${base}?rotate=1`} className={buttonClass.secondary}>
            Rotate secret
          </Link>
        </div>
      </section>

      <section aria-labelledby="edit-title" className="mt-6 max-w-3xl">
        <h2 id="edit-title" className="mb-4 text-lg font-semibold text-white">
          Edit endpoint
        </h2>
        <WebhookEndpointForm endpoint={endpoint} lastResult={actionData?.result} cancelTo="/app/settings/webhooks" />
      </section>

      <DeliveryLog deliveries={deliveries} page={page} totalPages={totalPages} total={total} base={base} />
    </>
  )
}

function ConfirmRotate({ cancelTo }: { cancelTo: string }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-rotate"
      className="mt-6 rounded-xl border border-amber-400/50 bg-amber-950/40 p-5"
    >
      <p id="confirm-rotate" className="font-semibold text-white">
        Create a new signing secret? For 24 hours each message carries a signature with the old secret too; after that only the
        new one verifies.
      </p>
      <div className="mt-4 flex gap-3">
        <WorkspaceForm method="post">
          <button type="submit" name="intent" value="rotate" className={buttonClass.primary}>
            Yes, rotate
          </button>
        </WorkspaceForm>
        <Link to={cancelTo} className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Webhook endpoint')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
