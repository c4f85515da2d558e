import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { EndpointState } from '~/components/workspace/webhook-deliveries'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { DEFAULT_BRAND } from '~/content/brand'
import { WEBHOOK_LIMITS } from '~/lib/webhooks'
import { listEndpoints } from '~/models/webhooks.server'
import { useRootData } from '~/root'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'webhooks.manage')
  const endpoints = await listEndpoints(scope.ownerId)
  return {
    endpoints: endpoints.map(({ apiKeyRevokedAt, ...e }) => ({
      ...e,
      failingSince: e.failingSince?.toISOString() ?? null,
      apiKeyRevoked: apiKeyRevokedAt !== null,
    })),
    canAdd: endpoints.length < WEBHOOK_LIMITS.endpoints,
  }
}

export default function Webhooks() {
  const { endpoints, canAdd } = useLoaderData<typeof loader>()
  const brand = useRootData()?.brand ?? DEFAULT_BRAND
  return (
    <>
      <PageHeader
        title="Webhooks"
        intro="Send new, changed and deleted leads to your own systems as they happen. Every message is signed, so your receiver can check it came from Lectern."
      >
        <Link to="/app/settings" className={buttonClass.secondary}>
          Back to settings
        </Link>
        <Link to="/app/settings/webhooks/guide" className={buttonClass.secondary}>
          Webhook guide
        </Link>
        {canAdd ? (
          <Link to="/app/settings/webhooks/new" className={buttonClass.primary}>
            Add endpoint
          </Link>
        ) : null}
      </PageHeader>
      {endpoints.length === 0 ? (
        <p className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6 text-slate-300">
          No endpoints yet. Add one with the URL that should receive the events; docs on verifying signatures are in{' '}
          <Link to="/app/settings/webhooks/guide" className="text-brand-300 underline">
            {brand}’s webhook guide
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-8 flex max-w-3xl flex-col gap-3">
          {endpoints.map((e) => (
            <li key={e.id} className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
              <div className="flex flex-wrap items-center gap-3">
                <Link to={`/app/settings/webhooks/${e.id}`} className="break-all font-mono text-brand-300 underline">
                  {e.url}
                </Link>
                <EndpointState enabled={e.enabled} failingSince={e.failingSince} />
              </div>
              {e.description ? <p className="mt-1 text-slate-300">{e.description}</p> : null}
              <p className="mt-1 text-sm text-slate-400">Events: {e.events.join(', ')}</p>
              {e.apiKeyName !== null ? <ApiSubscriptionNote keyName={e.apiKeyName} revoked={e.apiKeyRevoked} /> : null}
              {e.disabledReason ? <p className="mt-1 text-sm text-amber-200">{e.disabledReason}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {!canAdd ? (
        <p className="mt-4 text-sm text-slate-400">
          You have {WEBHOOK_LIMITS.endpoints} endpoints, the most an account can have.
        </p>
      ) : null}
    </>
  )
}

/** A subscription made through the API (a REST hook, e.g. a Zapier trigger): what it sends, and while when. */
function ApiSubscriptionNote({ keyName, revoked }: { keyName: string; revoked: boolean }) {
  return (
    <p className="mt-1 text-sm text-slate-400">
      Subscribed through the API with the key “{keyName}”: its messages carry the{' '}
      <a href="/docs/api#webhooks" className="text-brand-300 underline">
        API’s objects
      </a>
      .{' '}
      {revoked ? (
        <span className="text-amber-200">The key was revoked, so nothing is sent to it: delete it.</span>
      ) : (
        'Sent while the key works.'
      )}
    </p>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Webhooks')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
