import { WorkspaceForm } from '~/components/workspace/workspace-form'

import { buttonClass } from '~/components/forms'
import { Pagination } from '~/components/pagination'

// The delivery log of one endpoint (Settings → Webhooks → endpoint): one row per message with its
// latest outcome, and a replay button that posts to the endpoint page's action (works without JS).

export type DeliveryRow = {
  id: string
  eventType: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  responseStatus: number | null
  responseExcerpt: string | null
  lastError: string | null
  createdAt: string
  lastAttemptAt: string | null
  /** When a delivery being retried is tried next. */
  nextAttemptAt: string | null
  /** Its capture was erased: the body is gone, nothing to replay. */
  erased: boolean
}

const STATUS: Record<DeliveryRow['status'], { label: string; cls: string }> = {
  succeeded: { label: 'Delivered', cls: 'text-emerald-200' },
  pending: { label: 'Retrying', cls: 'text-amber-200' },
  failed: { label: 'Failed', cls: 'text-red-200' },
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

export function DeliveryLog({
  deliveries,
  page,
  totalPages,
  total,
  base,
}: {
  deliveries: DeliveryRow[]
  page: number
  totalPages: number
  total: number
  base: string
}) {
  return (
    <section aria-labelledby="log-title" className="mt-8">
      <h2 id="log-title" className="text-lg font-semibold text-white">
        Delivery log
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        {total === 0
          ? 'Nothing sent yet. New leads, changes and deletions appear here, and so does a test ping.'
          : `${total === 1 ? '1 delivery' : `${total} deliveries`}, newest first. Failed attempts are retried for 24 hours; replay sends one again now with the same webhook-id.`}
      </p>
      {deliveries.length > 0 ? (
        <div className="mt-3 overflow-x-auto rounded-xl border border-white/10">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Deliveries to this endpoint</caption>
            <thead className="bg-white/5 text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Event
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  HTTP
                </th>
                <th scope="col" className="px-3 py-2">
                  Attempts
                </th>
                <th scope="col" className="px-3 py-2">
                  Time
                </th>
                <th scope="col" className="px-3 py-2">
                  Response or error
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10 text-slate-200">
              {deliveries.map((d) => (
                <tr key={d.id} className="align-top">
                  <td className="px-3 py-2">
                    <span className="font-mono">{d.eventType}</span>
                    <span className="block font-mono text-xs text-slate-400">{d.id}</span>
                  </td>
                  <td className="px-3 py-2">
                    <span className={`font-semibold ${STATUS[d.status].cls}`}>{STATUS[d.status].label}</span>
                    {d.status === 'pending' && d.nextAttemptAt ? (
                      <span className="block text-xs text-slate-400">
                        next try <time dateTime={d.nextAttemptAt}>{when(d.nextAttemptAt)}</time>
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{d.responseStatus ?? '–'}</td>
                  <td className="px-3 py-2">{d.attempts}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={d.createdAt}>{when(d.createdAt)}</time>
                    {d.lastAttemptAt && d.lastAttemptAt !== d.createdAt ? (
                      <span className="block text-xs text-slate-400">
                        last try <time dateTime={d.lastAttemptAt}>{when(d.lastAttemptAt)}</time>
                      </span>
                    ) : null}
                  </td>
                  <td className="max-w-sm px-3 py-2">
                    {d.lastError ? <span className="block text-red-200">{d.lastError}</span> : null}
                    {d.responseExcerpt ? (
                      <code className="block max-h-24 overflow-hidden whitespace-pre-wrap break-words text-xs text-slate-300">
                        {d.responseExcerpt.slice(0, 300)}
                      </code>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    {d.erased ? (
                      <span className="text-xs text-slate-400">Content erased with the person’s details</span>
                    ) : (
                      <WorkspaceForm method="post">
                        <input type="hidden" name="intent" value="replay" />
                        <input type="hidden" name="deliveryId" value={d.id} />
                        <button type="submit" className={`${buttonClass.secondary} px-3 py-1 text-sm`}>
                          Replay<span className="sr-only"> {d.id}</span>
                        </button>
                      </WorkspaceForm>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination page={page} totalPages={totalPages} hrefFor={(p) => `${base}?page=${p}`} label="Delivery log pages" />
    </section>
  )
}

/** Enabled, failing (enabled but every delivery failing) or disabled. */
export function EndpointState({ enabled, failingSince }: { enabled: boolean; failingSince: string | null }) {
  const [label, cls] = !enabled
    ? ['Disabled', 'border-slate-400/50 text-slate-200']
    : failingSince
      ? ['Failing', 'border-amber-400/50 text-amber-200']
      : ['Enabled', 'border-emerald-400/60 bg-emerald-950/60 text-emerald-200']
  return <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${cls}`}>{label}</span>
}
