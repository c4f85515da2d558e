import { buttonClass } from '~/components/forms'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { maskedKey } from '~/lib/api-keys'
import { formatUsLongDate } from '~/lib/text'

// Settings → API: the workspace's keys (issue 30 Deliver 1), with the ends of each key, who made it,
// when it was made, last used and when it expires; Revoke stops it at once.

export type ApiKeyRow = {
  id: string
  name: string
  start: string
  end: string
  scopes: string[]
  creatorEmail: string | null
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
}

/** "May 10, 2025, 14:03 UTC": last use to the minute, the same on server and browser. */
function dayAndTime(iso: string) {
  return `${formatUsLongDate(iso)}, ${iso.slice(11, 16)} UTC`
}

export function ApiKeyList({ keys, now }: { keys: ApiKeyRow[]; now: string }) {
  if (keys.length === 0) return <p className="mt-4 text-slate-300">No API keys yet.</p>
  return (
    <ul className="mt-4 flex flex-col gap-3">
      {keys.map((k) => {
        const expired = k.expiresAt !== null && k.expiresAt <= now
        return (
          <li key={k.id} className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 className="font-semibold text-white">
                  {k.name}
                  {expired ? <span className="ml-2 text-sm font-normal text-amber-200">Expired</span> : null}
                </h3>
                <p className="mt-1 font-mono text-sm text-slate-300">{maskedKey(k)}</p>
              </div>
              <WorkspaceForm method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="id" value={k.id} />
                <button type="submit" className={buttonClass.secondary} aria-label={`Revoke ${k.name}`}>
                  Revoke
                </button>
              </WorkspaceForm>
            </div>
            <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <div>
                <dt className="inline text-slate-400">Scopes: </dt>
                <dd className="inline font-mono text-slate-200">{k.scopes.join(', ')}</dd>
              </div>
              <div>
                <dt className="inline text-slate-400">Created by: </dt>
                <dd className="inline text-slate-200">{k.creatorEmail ?? 'a deleted account'}</dd>
              </div>
              <div>
                <dt className="inline text-slate-400">Created: </dt>
                <dd className="inline text-slate-200">{formatUsLongDate(k.createdAt)}</dd>
              </div>
              <div>
                <dt className="inline text-slate-400">Last used: </dt>
                <dd className="inline text-slate-200">{k.lastUsedAt ? dayAndTime(k.lastUsedAt) : 'Never'}</dd>
              </div>
              <div>
                <dt className="inline text-slate-400">Expires: </dt>
                <dd className="inline text-slate-200">{k.expiresAt ? formatUsLongDate(k.expiresAt) : 'Never'}</dd>
              </div>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
