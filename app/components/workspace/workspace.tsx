import type { MetaDescriptor } from '@remix-run/node'
import { Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { rootInfo } from '~/components/meta'
import { WORKSPACE_PROFILE_PATH } from '~/lib/constants'
import { withBrandSuffix } from '~/lib/meta-title'
import type { WorkspaceFrame } from '~/lib/workspace-frame'
import { workspaceLink } from '~/lib/permissions'
import type { NavLinkSpec } from '~/lib/workspace-nav'
import { SESSION_STATUS_LABELS, type SessionStatus } from '~/lib/talk-session'
import { useWorkspaceFrame } from './use-workspace-frame'

// The speaker workspace's frame (/app): its nav, page header, status badge and meta.

// Shown until the workspace loader's own links arrive (an error page without its data).
const FALLBACK_LINKS: NavLinkSpec[] = [{ to: WORKSPACE_PROFILE_PATH, label: 'Profile' }]

export function WorkspaceNav() {
  const data = useWorkspaceFrame()
  return (
    <nav aria-label="Workspace" className="border-b border-white/10 bg-ink-900/60">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 text-sm">
        {(data?.links ?? FALLBACK_LINKS).map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            prefetch="intent"
            className={({ isActive }) =>
              `rounded-md px-3 py-1.5 ${isActive ? 'bg-white/10 font-semibold text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'}`
            }
          >
            {link.label}
          </NavLink>
        ))}
        {data ? <WorkspaceSwitcher current={data.current} workspaces={data.workspaces} /> : null}
      </div>
    </nav>
  )
}

type SwitcherData = Pick<WorkspaceFrame, 'current' | 'workspaces'>

/**
 * Which workspace the pages show, the others the person is in (plain links: `?switch=` makes one
 * current, with or without JavaScript) and a way to make a new one. A <details> disclosure, so it
 * opens without a script.
 */
function WorkspaceSwitcher({ current, workspaces }: SwitcherData) {
  const { label } = current
  return (
    <details className="relative ml-auto">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-1.5 text-slate-200 hover:bg-white/5 hover:text-white">
        <span className="sr-only">Workspace: </span>
        <span className="max-w-[14rem] truncate font-semibold">{label}</span>
        <span className="text-xs text-slate-400">{current.roleLabel}</span>
        <span aria-hidden="true">▾</span>
        <span className="sr-only">(switch workspace)</span>
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-72 rounded-lg border border-white/10 bg-ink-900 p-1 shadow-xl">
        {workspaces.map((w) => (
          <li key={w.id}>
            <a
              href={workspaceLink('/app', w.id)}
              aria-current={w.id === current.id ? 'true' : undefined}
              className={`flex items-center justify-between gap-2 rounded-md px-3 py-2 ${w.id === current.id ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'}`}
            >
              <span className="truncate">{w.label}</span>
              <span className="shrink-0 text-xs text-slate-400">{w.roleLabel}</span>
            </a>
          </li>
        ))}
        <li className="mt-1 border-t border-white/10 pt-1">
          <Link to="/app/workspaces/new" className="block rounded-md px-3 py-2 text-brand-300 hover:bg-white/5 hover:text-white">
            New workspace
          </Link>
        </li>
      </ul>
    </details>
  )
}

/**
 * The admin the owner offered the workspace to sees it on every /app page until they answer
 * (the answer itself is on /app/team/workspace of that workspace).
 */
export function OwnershipOfferNotice() {
  const offers = useWorkspaceFrame()?.offers ?? []
  if (offers.length === 0) return null
  return (
    <div className="mx-auto mt-4 w-full max-w-6xl px-4">
      {offers.map((w) => (
        <p key={w.id} role="status" className="rounded-md border border-brand-400/50 bg-ink-900 px-4 py-3 text-sm text-slate-100">
          You are offered the ownership of {w.name}.{' '}
          <a href={workspaceLink('/app/team/workspace', w.id)} className="text-brand-300 underline">
            Answer the offer
          </a>
        </p>
      ))}
    </div>
  )
}

export function PageHeader({ title, children, intro }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-white">{title}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-slate-300">{intro}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </header>
  )
}

const STATUS_CLASS: Record<SessionStatus, string> = {
  draft: 'border-slate-400/50 text-slate-200',
  live: 'border-emerald-400/60 bg-emerald-950/60 text-emerald-200',
  closed: 'border-amber-400/50 text-amber-200',
}

export function StatusBadge({ status }: { status: SessionStatus }) {
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>
      {SESSION_STATUS_LABELS[status]}
    </span>
  )
}

type Match = { id: string; data: unknown }

export function workspaceMeta(matches: readonly (Match | undefined)[], title: string): MetaDescriptor[] {
  return [{ title: withBrandSuffix(title, rootInfo(matches).brand) }, { name: 'robots', content: 'noindex' }]
}
