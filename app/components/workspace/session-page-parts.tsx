import { Link } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { buttonClass } from '~/components/forms'
import { useHydrated } from '~/components/use-hydrated'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { SESSION_READ_ONLY } from '~/lib/permissions'

// The parts of a session's page (/app/sessions/{id}): its status controls for whoever changes it,
// the note a reader of a colleague's session sees instead (issue 29 Deliver 1), its figures and its
// short link.

/** Go live, close or reopen; duplicate and delete for the team's full session form. `children` go first (the name going live asks for). */
export function StatusForm({
  status,
  base,
  canEdit,
  children,
}: {
  status: 'draft' | 'live' | 'closed'
  base: string
  canEdit: boolean
  children?: ReactNode
}) {
  return (
    <WorkspaceForm method="post" className="mt-4 flex flex-wrap gap-2">
      {children}
      {status !== 'live' ? (
        <button type="submit" name="intent" value="go-live" className={buttonClass.primary}>
          {status === 'closed' ? 'Reopen' : 'Go live'}
        </button>
      ) : (
        <button type="submit" name="intent" value="close" className={buttonClass.secondary}>
          Close session
        </button>
      )}
      {canEdit ? (
        <>
          <button type="submit" name="intent" value="duplicate" className={buttonClass.secondary}>
            Duplicate for the next event
          </button>
          <Link to={`${base}?delete=1`} className={buttonClass.secondary}>
            Delete
          </Link>
        </>
      ) : null}
    </WorkspaceForm>
  )
}

/** A colleague's session, read with "Members see every lead" on: who runs it, and that it is theirs to change. */
export function ReadOnlyNote({ runner }: { runner: { userId: string; name: string } | null }) {
  return (
    <p className="mt-4 text-sm text-slate-300">
      {runner ? (
        <>
          Run by{' '}
          <Link to={`/app/team/members/${runner.userId}`} className="text-brand-300 underline">
            {runner.name}
          </Link>
          .{' '}
        </>
      ) : null}
      {SESSION_READ_ONLY}
    </p>
  )
}

export function Stat({ label, value, hint }: { label: string; value: number | string; hint?: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-white">{value}</dd>
      {hint ? <dd className="text-xs text-slate-400">{hint}</dd> : null}
    </div>
  )
}

export function ShortLink({ url }: { url: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  return (
    <div className="mt-3">
      <label htmlFor="short-url" className="mb-1 block text-sm font-medium text-slate-200">
        Attendee page
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="short-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-white/15 bg-ink-900 px-3 py-2 font-mono text-slate-100"
        />
        {hydrated ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              void navigator.clipboard.writeText(url).then(() => setCopied(true))
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Link copied' : ''}
      </p>
    </div>
  )
}
