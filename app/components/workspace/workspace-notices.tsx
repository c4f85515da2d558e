import { Link, useLocation } from '@remix-run/react'
import { buttonClass } from '~/components/forms'
import { useWorkspaceFrame } from './use-workspace-frame'
import { WorkspaceForm } from './workspace-form'

// The notices this person has in the workspace the page shows (issue 29 Deliver 4): an ownership
// offer declined or withdrawn. Each stays until dismissed — a plain form (GET changes nothing, and it
// works without JavaScript) that comes back to this page.

export const DISMISS_NOTICE_ACTION = '/app/notices/dismiss'

export function WorkspaceNotices() {
  const notices = useWorkspaceFrame()?.notices ?? []
  const location = useLocation()
  if (notices.length === 0) return null
  return (
    <div className="mx-auto mt-4 flex w-full max-w-6xl flex-col gap-2 px-4">
      {notices.map((n) => (
        <div
          key={n.id}
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-brand-400/50 bg-ink-900 px-4 py-3 text-sm text-slate-100"
        >
          <p>
            {n.text}
            {n.link ? (
              <>
                {' '}
                <Link to={n.link.to} className="text-brand-300 underline">
                  {n.link.label}
                </Link>
              </>
            ) : null}
          </p>
          <WorkspaceForm method="post" action={DISMISS_NOTICE_ACTION}>
            <input type="hidden" name="id" value={n.id} />
            <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
            <button type="submit" className={buttonClass.secondary}>
              Dismiss
            </button>
          </WorkspaceForm>
        </div>
      ))}
    </div>
  )
}
