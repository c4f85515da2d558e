import { redirect } from '@remix-run/node'
import {
  can,
  opensEverySession,
  refusalStatus,
  SESSION_READ_ONLY,
  seesEveryLead,
  SWITCH_PARAM,
  WORKSPACE_PARAM,
  type Scope,
  type SessionAccess,
  type WorkspaceAction,
  type WorkspaceRole,
} from '~/lib/permissions'
import { isUuid } from '~/lib/text'
import { getOwnedSession, opensSession } from '~/models/leads.server'
import { defaultMembership, getMembership, type WorkspaceSummary } from '~/models/workspaces.server'
import { signedCookie } from '~/platform/signed-cookie.server'
import { requireSpeakerOrAdmin } from './guards.server'
import type { SessionUser } from './session.server'

// The one guard of the workspace (issue 21 Deliver 8; docs/decisions/0016-workspaces-own-the-work.md).
// It resolves the person, the workspace and their role for a request; routes pass the scope to the
// models, which put `owner_id = scope.ownerId` (and, for a member who sees only their own sessions'
// leads, the runner) in the WHERE clause.
//
// Which workspace: `?switch=<id>` (the switcher's links and the links in emails) makes it the
// current one (a cookie) and redirects without it; `?workspace=<id>` (every workspace form posts to
// its page's URL with it — useWorkspaceAction — so a form writes where its page showed, whatever
// another tab switched to since) works there for that one request; otherwise the cookie, else the
// person's own workspace. Membership is read fresh on every request: a removed member's
// next request no longer reaches the workspace.

const workspaceCookie = signedCookie('lectern_workspace', { maxAgeMs: 365 * 24 * 60 * 60 * 1000 })

export type WorkspaceScope = Scope & {
  user: SessionUser
  workspace: WorkspaceSummary
  role: WorkspaceRole
}

const cache = new WeakMap<Request, Promise<WorkspaceScope>>()

export const NOT_IN_WORKSPACE = 'This workspace does not exist, or you are not a member of it.'

/**
 * The signed-in person's scope for this request; with an action, refuses (403) a role that may not
 * do it. A `?workspace=` the person is not a member of answers 404, as another workspace's ids do.
 */
export async function requireWorkspace(request: Request, action?: WorkspaceAction): Promise<WorkspaceScope> {
  let pending = cache.get(request)
  if (!pending) {
    pending = resolveScope(request)
    cache.set(request, pending)
  }
  const scope = await pending
  if (action && !can(scope.role, action)) throw forbidden(action, scope.role)
  return scope
}

async function resolveScope(request: Request): Promise<WorkspaceScope> {
  const user = await requireSpeakerOrAdmin(request)
  const url = new URL(request.url)
  // A link (an email's, the switcher's) opens that workspace and makes it the current one.
  const switchTo = url.searchParams.get(SWITCH_PARAM)
  if (switchTo !== null) {
    if (!isUuid(switchTo) || !(await getMembership(user.id, switchTo))) throw new Response(NOT_IN_WORKSPACE, { status: 404 })
    url.searchParams.delete(SWITCH_PARAM)
    throw redirect(`${url.pathname}${url.search}`, { headers: { 'Set-Cookie': await workspaceCookie().serialize(switchTo) } })
  }
  // A form (and the page it renders again) works in the workspace its page showed.
  const asked = url.searchParams.get(WORKSPACE_PARAM)
  if (asked !== null) {
    const membership = isUuid(asked) ? await getMembership(user.id, asked) : null
    if (!membership) throw new Response(NOT_IN_WORKSPACE, { status: 404 })
    return toScope(user, membership)
  }
  const remembered = await workspaceCookie().parse(request.headers.get('Cookie'))
  // The person's own workspace carries their id: one primary-key read before any list.
  const membership =
    (isUuid(remembered) ? await getMembership(user.id, remembered) : null) ??
    (await getMembership(user.id, user.id)) ??
    (await defaultMembership(user))
  return toScope(user, membership)
}

function toScope(user: SessionUser, { workspace, role }: { workspace: WorkspaceSummary; role: WorkspaceRole }): WorkspaceScope {
  return {
    user,
    workspace,
    role,
    ownerId: workspace.id,
    userId: user.id,
    runnerId: seesEveryLead(role, workspace.membersSeeAllLeads) ? null : user.id,
  }
}

/**
 * The scope of the sessions themselves (issue 21 Deliver 2, issue 29 Deliver 1), for reading them
 * (their page, leads, QR codes, ROI) or changing them (edit, go live, close, duplicate, delete,
 * cost): `opensEverySession` in app/lib/permissions.ts decides. The owner and admins read and change
 * every session of the workspace; a member reads every session when "Members see every lead" is on
 * and changes only the sessions they run; an event's speaker reads and changes their own. The read
 * scope is the leads' scope (scope.runnerId), so whoever sees a lead opens the session it came from.
 * Talks are shared: every member uses them.
 */
export function sessionsScope(
  scope: Pick<WorkspaceScope, 'ownerId' | 'userId' | 'role'> & { workspace: { membersSeeAllLeads: boolean } },
  access: SessionAccess,
): Scope {
  return {
    ownerId: scope.ownerId,
    userId: scope.userId,
    runnerId: opensEverySession(scope.role, scope.workspace.membersSeeAllLeads, access) ? null : scope.userId,
  }
}

/** May this person change a session already read (its runner's id), or only read it? */
export function changesSession(scope: WorkspaceScope, session: { userId: string }) {
  return opensSession(sessionsScope(scope, 'change'), session)
}

/**
 * Why a change of a session found nothing in the change scope: 403 with a sentence for a session
 * the person reads (a colleague's, with "Members see every lead" on), else 404 — another member's
 * session with the setting off, another workspace's, or none — as every other id answers.
 */
export async function sessionChangeRefusal(scope: WorkspaceScope, sessionId: string | undefined) {
  const readable = isUuid(sessionId) && (await getOwnedSession(sessionsScope(scope, 'read'), sessionId))
  if (readable) return new Response(SESSION_READ_ONLY, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response('Session not found', { status: 404 })
}

/**
 * May this person preview a session's draft attendee page (/t/{code})? Whoever may open the session
 * in the workspace — its runner, the owner and admins, a member while "Members see every lead" is on —
 * so the session page's "Open the attendee page" never leads to a "not found" (issue 29 Deliver 1).
 */
export async function previewsDraft(userId: string, session: { userId: string; workspaceId: string }) {
  if (userId === session.userId) return true
  const membership = await getMembership(userId, session.workspaceId)
  return !!membership && opensEverySession(membership.role, membership.workspace.membersSeeAllLeads, 'read')
}

/** Makes a workspace the current one of this browser (the switcher, joining, creating). */
export async function currentWorkspaceCookie(workspaceId: string) {
  return workspaceCookie().serialize(workspaceId)
}

const FORBIDDEN_TEXT: Partial<Record<WorkspaceAction, string>> = {
  'integrations.manage': "Only the workspace's owner and admins can manage integrations.",
  'webhooks.manage': "Only the workspace's owner and admins can manage webhooks.",
  'apiKeys.manage': "Only the workspace's owner and admins can manage API keys.",
  'leads.export': "Only the workspace's owner and admins can export every lead.",
  'members.manage': "Only the workspace's owner and admins can manage members.",
  'invitations.manage': "Only the workspace's owner and admins can invite people.",
  'retention.manage': "Only the workspace's owner and admins can change how long leads are kept.",
  'audit.view': "Only the workspace's owner and admins can read the audit log.",
  'billing.view': "Only the workspace's owner and admins can see its billing.",
  'billing.manage': "Only the workspace's owner can change its billing.",
}

function forbidden(action: WorkspaceAction, role: WorkspaceRole) {
  if (refusalStatus(role) === 404) return new Response('Not Found', { status: 404 })
  const text = FORBIDDEN_TEXT[action] ?? "Your role in this workspace doesn't allow this."
  return new Response(text, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
