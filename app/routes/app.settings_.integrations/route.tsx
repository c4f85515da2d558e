import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { requireWorkspace } from '~/auth/workspace.server'
import { ConfirmDeleteForm, ConfirmDeletePanel } from '~/components/content/confirm-submit'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { crmSyncText, formatAgo } from '~/lib/crm-sync-state'
import { getCrmConnection, listQuestionLabels, listRecentCrmSyncs } from '~/models/crm.server'
import { HUBSPOT_DEAL_SCOPE, HUBSPOT_SCOPES } from '~/lib/crm-mapping'
import { crmNotInPlanMessage, hasCrmIntegration } from '~/lib/plans'
import { ownerPlan } from '~/models/leads.server'
import { ConnectForm, MappingForm } from './hubspot-forms'
import { integrationsAction } from './integrations.server'
import { INTEGRATIONS_PATH } from './schema'

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'integrations.manage')
  const [connection, plan] = await Promise.all([getCrmConnection(scope.ownerId), ownerPlan(scope.ownerId)])
  // A plan without CRM integration shows why instead of the forms; a connection made before a
  // downgrade stays listed, with its syncs and Disconnect.
  const notInPlan = hasCrmIntegration(plan) ? null : crmNotInPlanMessage(plan)
  if (!connection) return { notInPlan, hubspot: null, questionLabels: [], syncs: [] }
  const now = new Date()
  const [questionLabels, syncs] = await Promise.all([listQuestionLabels(scope.ownerId), listRecentCrmSyncs(scope.ownerId)])
  return {
    notInPlan,
    hubspot: {
      tokenHint: connection.tokenHint,
      connectedAgo: formatAgo(connection.createdAt, now),
      lastSyncAgo: connection.lastSyncedAt ? formatAgo(connection.lastSyncedAt, now) : null,
      lastError: connection.lastError,
      lastErrorAgo: connection.lastErrorAt ? formatAgo(connection.lastErrorAt, now) : null,
      fieldMap: connection.fieldMap,
    },
    questionLabels,
    syncs: syncs.map((s) => ({
      contactId: s.contactId,
      name: s.name,
      email: s.email,
      state: s.state,
      text: crmSyncText(s, now),
    })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'integrations.manage')
  return integrationsAction(request, scope)
}

export default function Integrations() {
  const { notInPlan, hubspot, questionLabels, syncs } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultOf = (intent: 'connect' | 'mapping') =>
    actionData?.intent === intent && 'result' in actionData ? actionData.result : undefined
  return (
    <>
      <PageHeader
        title="Integrations"
        intro="Send the leads you can see to your CRM as they arrive, and keep them up to date. Locked leads never leave Lectern."
      >
        <Link to="/app/settings" className={buttonClass.secondary}>
          Back to settings
        </Link>
      </PageHeader>

      <section aria-labelledby="hubspot-title" className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="hubspot-title" className="text-xl font-semibold text-white">
            HubSpot
          </h2>
          <span className="rounded-full border border-white/20 px-2.5 py-0.5 text-xs font-semibold text-slate-100">
            {hubspot ? 'Connected' : 'Not connected'}
          </span>
        </div>

        {hubspot ? (
          <>
            <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-400">Access token</dt>
              <dd className="text-slate-100">ending in {hubspot.tokenHint}</dd>
              <dt className="text-slate-400">Connected</dt>
              <dd className="text-slate-100">{hubspot.connectedAgo}</dd>
              <dt className="text-slate-400">Last sync</dt>
              <dd className="text-slate-100">{hubspot.lastSyncAgo ?? 'Nothing sent yet'}</dd>
            </dl>
            {hubspot.lastError ? (
              <div
                role="status"
                className="mt-4 rounded-md border border-red-400/50 bg-red-950/60 px-4 py-3 text-sm text-red-100"
              >
                <p className="font-semibold">Last problem ({hubspot.lastErrorAgo})</p>
                <p className="mt-1">{hubspot.lastError}</p>
              </div>
            ) : null}
            {notInPlan ? (
              <PlanNotice text={notInPlan} />
            ) : (
              <details className="mt-6">
                <summary className="cursor-pointer font-semibold text-brand-200">Replace the access token</summary>
                <ConnectForm lastResult={resultOf('connect')} replacing />
              </details>
            )}
          </>
        ) : notInPlan ? (
          <PlanNotice text={notInPlan} />
        ) : (
          <>
            <ol className="mt-4 list-decimal space-y-1 pl-6 text-sm text-slate-300">
              <li>In HubSpot, open Settings → Integrations → Private Apps and create an app.</li>
              <li>
                Give it the scopes <code className="text-slate-100">{HUBSPOT_SCOPES[0]}</code> and{' '}
                <code className="text-slate-100">{HUBSPOT_SCOPES[1]}</code>, and{' '}
                <code className="text-slate-100">{HUBSPOT_DEAL_SCOPE}</code> for booking leads to become deals.
              </li>
              <li>Copy its access token from the Auth tab and paste it here.</li>
            </ol>
            <ConnectForm lastResult={resultOf('connect')} replacing={false} />
          </>
        )}
      </section>

      {hubspot ? (
        <>
          {notInPlan ? null : (
            <>
              <section
                aria-labelledby="mapping-title"
                className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6"
              >
                <h2 id="mapping-title" className="text-xl font-semibold text-white">
                  Field mapping
                </h2>
                <p className="mt-1 text-sm text-slate-300">
                  The internal name of the HubSpot contact property each field goes to (in HubSpot: Settings → Properties, the
                  property’s details). Leave a field empty to keep it in Lectern.
                </p>
                <MappingForm fieldMap={hubspot.fieldMap} questionLabels={questionLabels} lastResult={resultOf('mapping')} />
              </section>

              <section
                aria-labelledby="backfill-title"
                className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6"
              >
                <h2 id="backfill-title" className="text-xl font-semibold text-white">
                  Leads from before you connected
                </h2>
                <p className="mt-1 text-sm text-slate-300">
                  New and updated leads are sent automatically. Send the ones you can see that are not in HubSpot yet, with the
                  mapping above.
                </p>
                <WorkspaceForm method="post" className="mt-4">
                  <input type="hidden" name="intent" value="backfill" />
                  <button type="submit" className={buttonClass.secondary}>
                    Send my existing leads
                  </button>
                </WorkspaceForm>
              </section>
            </>
          )}

          <section aria-labelledby="syncs-title" className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
            <h2 id="syncs-title" className="text-xl font-semibold text-white">
              Recent syncs
            </h2>
            {syncs.length === 0 ? (
              <p className="mt-2 text-sm text-slate-300">No lead has been sent yet. New leads are sent within seconds.</p>
            ) : (
              <div className="mt-4 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Latest people sent to HubSpot, failures first</caption>
                  <thead className="text-slate-300">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        Person
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        HubSpot
                      </th>
                      <th scope="col" className="py-2">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-white/10">
                    {syncs.map((s) => (
                      <tr key={s.contactId}>
                        <td className="py-2 pr-4 text-slate-100">
                          {s.name} <span className="text-slate-400">{s.email}</span>
                        </td>
                        <td className={`py-2 pr-4 ${s.state === 'failed' ? 'text-red-200' : 'text-slate-200'}`}>{s.text}</td>
                        <td className="py-2">
                          {s.state === 'failed' && !notInPlan ? (
                            <WorkspaceForm method="post">
                              <input type="hidden" name="intent" value="resync" />
                              <input type="hidden" name="contactId" value={s.contactId} />
                              <button type="submit" className="text-brand-300 underline hover:text-brand-100">
                                Send again<span className="sr-only"> {s.email}</span>
                              </button>
                            </WorkspaceForm>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section
            aria-labelledby="disconnect-title"
            className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6"
          >
            <h2 id="disconnect-title" className="text-xl font-semibold text-white">
              Disconnect
            </h2>
            <p className="mt-1 text-sm text-slate-300">
              Lectern deletes the token and which HubSpot contact each person is. The contacts stay in HubSpot.
            </p>
            {actionData?.intent === 'disconnect' ? (
              <ConfirmDeletePanel
                message="Disconnect HubSpot and delete the stored token?"
                fields={{ intent: 'disconnect', confirmed: '1' }}
                cancelTo={INTEGRATIONS_PATH}
              />
            ) : (
              <div className="mt-4">
                <ConfirmDeleteForm
                  message="Disconnect HubSpot and delete the stored token?"
                  fields={{ intent: 'disconnect' }}
                  className={buttonClass.danger}
                >
                  Disconnect HubSpot
                </ConfirmDeleteForm>
              </div>
            )}
          </section>
        </>
      ) : null}
    </>
  )
}

/** Instead of the connect form when the plan does not include CRM integration. */
function PlanNotice({ text }: { text: string }) {
  return (
    <div className="mt-4 rounded-md border border-amber-300/40 bg-amber-950/40 px-4 py-3 text-sm text-amber-50">
      <p>{text}</p>
      <Link to="/pricing" className="mt-2 inline-block font-semibold text-brand-200 underline">
        Compare plans
      </Link>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Integrations')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
