import type { Plan } from './plans'

// Who may do what in a workspace (issue 21 Deliver 2): the one table of roles and actions. Routes
// ask `can(role, action)` through the workspace guard; nothing else decides a permission.

// 'speaker' (issue 23): a speaker of an organiser's event who claimed their page by invitation. They
// see their own page, sessions and the leads given to them, nothing of the organiser's; not a seat.
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'speaker'] as const
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number]

export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', speaker: 'Speaker' }

/** Higher ranks hold every permission of the lower ones; nobody grants a role above their own. */
const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, member: 1, speaker: 0 }

export const WORKSPACE_ACTIONS = [
  // Everyone in the workspace.
  'talks.create',
  'sessions.create',
  // The team (owner, admin, member), not an event's speaker: every field of a session they run (the
  // session form ignores the organiser's locks, so a speaker edits on /app/speaking), the team's
  // pages, and the workspace's settings.
  'sessions.edit',
  'team.view',
  'settings.view',
  'leads.own',
  'notifications.own',
  'workspace.leave',
  // A claimed event speaker's own page (issue 23): unlocked fields, QR code and slide.
  'eventProfile.own',
  // Admins and the owner.
  'leads.all',
  'leads.export',
  'members.manage',
  'invitations.manage',
  'integrations.manage',
  'webhooks.manage',
  // Settings → API (issue 30): create and revoke the workspace's API keys.
  'apiKeys.manage',
  // Settings → Sending domain (issue 32 Deliver 6): add, check and remove the workspace's own domain.
  'sendingDomain.manage',
  // Follow-up emails (issue 32): the team writes to the people it may see (a member: of the sessions
  // they run, unless "Members see every lead"); an event's speaker does not mail as the organiser.
  'followUps.send',
  'retention.manage',
  'sessions.all',
  'audit.view',
  'workspace.rename',
  'billing.view',
  // Events of an organiser (issue 23): create, import speakers, invite them, lock fields, export, insights.
  'events.manage',
  // The owner alone.
  'plan.manage',
  'billing.manage',
  'workspace.delete',
  'ownership.transfer',
] as const
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number]

export const PERMISSIONS: Record<WorkspaceAction, readonly WorkspaceRole[]> = {
  'talks.create': ['owner', 'admin', 'member'],
  'sessions.create': ['owner', 'admin', 'member'],
  'sessions.edit': ['owner', 'admin', 'member'],
  'team.view': ['owner', 'admin', 'member'],
  'settings.view': ['owner', 'admin', 'member'],
  'leads.own': ['owner', 'admin', 'member', 'speaker'],
  'notifications.own': ['owner', 'admin', 'member', 'speaker'],
  // The owner cannot leave before handing the workspace to an admin (Deliver 6).
  'workspace.leave': ['admin', 'member', 'speaker'],
  'eventProfile.own': ['speaker'],
  'leads.all': ['owner', 'admin'],
  'leads.export': ['owner', 'admin'],
  'members.manage': ['owner', 'admin'],
  'invitations.manage': ['owner', 'admin'],
  'integrations.manage': ['owner', 'admin'],
  'webhooks.manage': ['owner', 'admin'],
  'apiKeys.manage': ['owner', 'admin'],
  'sendingDomain.manage': ['owner', 'admin'],
  'followUps.send': ['owner', 'admin', 'member'],
  'retention.manage': ['owner', 'admin'],
  'sessions.all': ['owner', 'admin'],
  'audit.view': ['owner', 'admin'],
  'workspace.rename': ['owner', 'admin'],
  // Settings → Billing: admins see the plan and payments; only the owner pays and changes them.
  'billing.view': ['owner', 'admin'],
  'events.manage': ['owner', 'admin'],
  'plan.manage': ['owner'],
  'billing.manage': ['owner'],
  'workspace.delete': ['owner'],
  'ownership.transfer': ['owner'],
}

export function can(role: WorkspaceRole, action: WorkspaceAction) {
  return PERMISSIONS[action].includes(role)
}

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value)
}

/**
 * The roles someone may give by invitation or role change: never above their own, and never owner
 * (ownership only moves by a confirmed transfer).
 */
export function grantableRoles(role: WorkspaceRole): WorkspaceRole[] {
  if (!can(role, 'members.manage')) return []
  return (['admin', 'member'] as const).filter((r) => RANK[r] <= RANK[role])
}

/**
 * May `actor` change `target`'s role to `to` (or remove them, with to = null)? The owner's own role
 * only changes by a transfer; an admin may not act on the owner.
 */
export function canManageMember(actor: WorkspaceRole, target: WorkspaceRole, to: WorkspaceRole | null) {
  if (!can(actor, 'members.manage') || target === 'owner') return false
  // A speaker is one by their claimed page: removed, never turned into a team member (or back).
  if (target === 'speaker' && to !== null) return false
  if (RANK[target] > RANK[actor]) return false
  return to === null || grantableRoles(actor).includes(to)
}

/**
 * Does a member with this role see every lead of the workspace? Admins and the owner always; a
 * member when an admin turned on "Members see every lead", otherwise the leads of their sessions.
 */
export function seesEveryLead(role: WorkspaceRole, membersSeeAllLeads: boolean) {
  return can(role, 'leads.all') || (membersSeeAllLeads && role !== 'speaker')
}

/** What is done to a session: read it (its page, leads, QR codes, ROI) or change it (edit, go live, close, duplicate, delete, its cost). */
export type SessionAccess = 'read' | 'change'

/**
 * Does someone with this role open every session of the workspace for this access, rather than the
 * sessions they run (issue 29 Deliver 1)? Whoever sees every lead reads every session, so a lead's
 * session is never a dead end; only the owner and admins (`sessions.all`) change every session. A
 * member with "Members see every lead" on reads a colleague's session but changes only their own;
 * an event's speaker never sees everything.
 */
export function opensEverySession(role: WorkspaceRole, membersSeeAllLeads: boolean, access: SessionAccess) {
  return access === 'read' ? seesEveryLead(role, membersSeeAllLeads) : can(role, 'sessions.all')
}

/** What a reader of a colleague's session is told on its page, and by a change's 403. */
export const SESSION_READ_ONLY =
  "You can read this session; only the person who runs it and the workspace's owner and admins can change it."

/**
 * Who changes or sends a follow-up (issue 32): the person who wrote it, and the workspace's owner and
 * admins. A member who sees every lead reads a colleague's follow-up (its status, numbers and preview)
 * but neither edits, schedules, cancels, tests nor sends it: the line issue 29 drew for sessions.
 */
export function changesFollowUp(role: WorkspaceRole, userId: string, createdBy: string | null) {
  return can(role, 'sessions.all') || (createdBy !== null && createdBy === userId)
}

/** What a reader of a colleague's follow-up is told on its page, and by a change's 403. */
export const FOLLOW_UP_READ_ONLY =
  "You can read this follow-up; only the person who wrote it and the workspace's owner and admins can change or send it."

/** Roles that take a seat: everyone but an event's speakers (issue 23: "its speakers are not seats"). */
export function takesSeat(role: WorkspaceRole) {
  return role !== 'speaker'
}

/**
 * A refused action answers 403 to the team ("your role doesn't allow this"), but 404 to an event's
 * speaker: the organiser's settings and pages do not exist for them (issue 23 Deliver 4).
 */
export function refusalStatus(role: WorkspaceRole) {
  return role === 'speaker' ? 404 : 403
}

/**
 * Seats of a plan (issue 21 Deliver 3): Free and Solo one person; Professional / Teams up to 5 (the
 * seats paid for, once billing sets them); Event Organiser up to 5 admins.
 */
export const PLAN_SEATS: Record<Plan, number> = { free: 1, solo: 1, pro: 5, teams: 5, organiser: 5 }

export function seatLimit(plan: Plan, paidSeats: number | null) {
  return paidSeats === null ? PLAN_SEATS[plan] : Math.min(paidSeats, PLAN_SEATS[plan])
}

/** Seats in use are members plus pending invitations; may one more be invited (or accept)? */
export function hasFreeSeat(plan: Plan, paidSeats: number | null, inUse: number) {
  return inUse < seatLimit(plan, paidSeats)
}

/** Invitations: valid 7 days; at most 30 sent per workspace an hour. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const INVITATIONS_PER_HOUR = 30
/** The audit log is kept at least a year; the daily prune removes only older rows. */
export const AUDIT_RETENTION_DAYS = 400

/**
 * What the models take from the workspace guard (app/auth/workspace.server.ts): the workspace that
 * owns the work (ownerId), the person acting (userId), and whose sessions' leads they see (runnerId:
 * null for every lead of the workspace, else the user's own id).
 */
export type Scope = { ownerId: string; userId: string; runnerId: string | null }

/**
 * How a workspace is named to the person viewing it (the switcher, the workspace page): "(yours)"
 * only for the one they own; any other with its owner's name beside it. Whether it is someone's
 * personal workspace says nothing about whose: one turned team, or handed on, is another's too.
 */
export function workspaceLabel(workspace: { name: string; yours: boolean; ownerName: string | null }) {
  if (workspace.yours) return `${workspace.name} (yours)`
  return workspace.ownerName ? `${workspace.name} (owner: ${workspace.ownerName})` : workspace.name
}

/** The query parameter that names the workspace of a form's action (that request only). */
export const WORKSPACE_PARAM = 'workspace'
/** The query parameter of a link that opens a workspace and makes it the current one. */
export const SWITCH_PARAM = 'switch'

/** A link into the workspace that opens `workspaceId` first (emails, the switcher). */
export function workspaceLink(path: string, workspaceId: string) {
  return `${path}${path.includes('?') ? '&' : '?'}${SWITCH_PARAM}=${workspaceId}`
}

/** What the audit log records (issue 21 Deliver 7), with the words the log shows. */
export const AUDIT_KINDS = {
  'member.invited': 'Invited',
  'invitation.revoked': 'Invitation revoked',
  'invitation.resent': 'Invitation resent',
  'member.joined': 'Joined',
  'member.removed': 'Removed',
  'member.left': 'Left',
  'member.role_changed': 'Role changed',
  'ownership.offered': 'Ownership offered',
  'ownership.cancelled': 'Ownership offer cancelled',
  'ownership.declined': 'Ownership offer declined',
  'ownership.transferred': 'Ownership transferred',
  'workspace.created': 'Workspace created',
  'workspace.renamed': 'Workspace renamed',
  'workspace.settings_changed': 'Workspace settings changed',
  'workspace.deleted': 'Workspace deleted',
  'plan.changed': 'Plan changed',
  'seats.changed': 'Seats changed',
  'export.made': 'Export made',
  'integration.connected': 'Integration connected',
  'integration.disconnected': 'Integration disconnected',
  'webhook.added': 'Webhook added',
  'webhook.removed': 'Webhook removed',
  'retention.changed': 'Retention changed',
  'event.created': 'Event created',
  'event.changed': 'Event changed',
  'speakers.imported': 'Speakers imported',
  'speaker.invited': 'Speaker invited',
  'speaker.claimed': 'Speaker claimed their page',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'sending_domain.added': 'Sending domain added',
  'sending_domain.removed': 'Sending domain removed',
  'sending.paused': 'Follow-ups paused for complaints',
  'sending.resumed': 'Follow-ups resumed by a site administrator',
  'follow_up.sent': 'Follow-up sent',
  'display_link.created': 'Display link made',
  'display_link.renewed': 'Display link renewed',
  'display_link.revoked': 'Display link revoked',
} as const
export type AuditKind = keyof typeof AUDIT_KINDS
