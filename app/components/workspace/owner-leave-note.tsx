import { Link } from '@remix-run/react'
import type { OwnerLeave } from '~/lib/owner-leave'

// The owner's "Leave the workspace" section (issue 29 Deliver 2): no Leave button, but why, and the
// step that hands the workspace on. The words are ownerLeave's (app/lib/owner-leave.ts), as are the
// leave action's refusal's.

const WORKSPACE_PAGE = '/app/team/workspace'

export function OwnerLeaveNote({ said, onWorkspacePage }: { said: OwnerLeave; onWorkspacePage: boolean }) {
  // The transfer control is the workspace page's "Transfer ownership" section; roles are changed
  // on each member's page, listed in Team.
  const step =
    said.handOn === 'offer'
      ? { to: onWorkspacePage ? '#ownership' : `${WORKSPACE_PAGE}#ownership`, label: 'Transfer ownership' }
      : said.handOn === 'make-admin'
        ? { to: '/app/team', label: 'Choose an admin in Team' }
        : null
  return (
    <section aria-labelledby="leave-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="leave-title" className="text-lg font-semibold text-white">
        Leave the workspace
      </h2>
      <p className="mt-2 text-sm text-slate-300">{said.text}</p>
      {step ? (
        <p className="mt-4 text-sm">
          <Link to={step.to} className="text-brand-300 underline">
            {step.label}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
