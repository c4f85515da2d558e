import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { ApiKeyForm, ApiKeyShownOnce } from '~/components/workspace/api-key-form'
import { ApiKeyList } from '~/components/workspace/api-key-list'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { API_DOCS_PATH } from '~/lib/api-errors'
import { API_KEY_MESSAGES, apiKeySchema } from '~/lib/api-keys'
import { apiNotInPlanMessage, apiRateLimit, hasApi } from '~/lib/plans'
import { isUuid } from '~/lib/text'
import { createApiKey, listApiKeys, revokeApiKey } from '~/models/api-keys.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// Settings → API (issue 30 Deliver 1; docs/api.md): the workspace's API keys, for its owner and
// admins. A new key is answered in the create action's own response (no redirect, no flash cookie,
// no-store): it is never written anywhere in plain text, so that page is the only place it appears.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'apiKeys.manage')
  const plan = scope.workspace.plan
  const keys = await listApiKeys(scope.ownerId)
  const now = new Date()
  return {
    notInPlan: hasApi(plan) ? null : apiNotInPlanMessage(plan),
    rateLimit: apiRateLimit(plan),
    keys: keys.map((k) => ({
      ...k,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      expiresAt: k.expiresAt?.toISOString() ?? null,
    })),
    now: now.toISOString(),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'apiKeys.manage')
  const form = await readForm(request, { multiple: ['scopes'] })
  if (form.get('intent') === 'revoke') {
    const id = form.get('id')
    if (!isUuid(id) || !(await revokeApiKey(scope.ownerId, id, scope.user))) {
      throw new Response(API_KEY_MESSAGES.notFound, { status: 404 })
    }
    return redirectWithToast('/app/settings/api', { type: 'success', description: 'Key revoked: it no longer works.' })
  }
  const submission = parseWithZod(form, { schema: apiKeySchema() })
  const plan = scope.workspace.plan
  if (!hasApi(plan)) return data({ result: submission.reply({ formErrors: [apiNotInPlanMessage(plan)] }) }, { status: 403 })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const created = await createApiKey(scope.ownerId, submission.value, scope.user)
  if (!created) return data({ result: submission.reply({ formErrors: [API_KEY_MESSAGES.tooMany] }) }, { status: 409 })
  // The key rides in this response only; no-store keeps it out of the browser's and any proxy's cache.
  return data(
    { result: submission.reply({ resetForm: true }), created: { name: submission.value.name, key: created.key } },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export default function ApiSettings() {
  const { notInPlan, rateLimit, keys, now } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const created = actionData && 'created' in actionData ? (actionData.created as { name: string; key: string }) : null
  return (
    <>
      <PageHeader
        title="API"
        intro="Let Zapier, Make, n8n or your own code read your leads, sessions and events, and update leads, with an API key."
      >
        <Link to="/app/settings" className={buttonClass.secondary}>
          Back to settings
        </Link>
        <Link to={API_DOCS_PATH} className={buttonClass.secondary}>
          API reference
        </Link>
      </PageHeader>

      {created ? <ApiKeyShownOnce name={created.name} apiKey={created.key} /> : null}

      {notInPlan ? (
        <section aria-labelledby="api-plan-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
          <h2 id="api-plan-title" className="text-lg font-semibold text-white">
            The API is not in your plan
          </h2>
          <p className="mt-2 text-slate-300">
            The API is a REST interface to your workspace: automation tools and your own code list your leads as they come in,
            update their status and tags, and manage sessions, each with a key you create here.
          </p>
          <p className="mt-2 text-slate-300">{notInPlan}</p>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/pricing" className="text-brand-300 underline">
              Compare plans
            </Link>
            <Link to={API_DOCS_PATH} className="text-brand-300 underline">
              Read the API reference
            </Link>
          </p>
        </section>
      ) : (
        <section
          aria-labelledby="api-create-title"
          className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6"
        >
          <h2 id="api-create-title" className="text-lg font-semibold text-white">
            Create a key
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            A key acts as you: it never does more than your role allows, and stops if you leave the workspace or stop being an
            owner or admin. Each key may make {rateLimit?.toLocaleString('en-US')} requests a minute.
          </p>
          <ApiKeyForm lastResult={actionData?.result} today={now.slice(0, 10)} />
        </section>
      )}

      <section aria-labelledby="api-keys-title" className="mt-8 max-w-3xl">
        <h2 id="api-keys-title" className="text-lg font-semibold text-white">
          Keys
        </h2>
        <ApiKeyList keys={keys} now={now} />
      </section>
    </>
  )
}

// The page can carry a new key: no browser or proxy keeps a copy (back/forward included).
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'API')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
