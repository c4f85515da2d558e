import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { workspaceInvitations } from '~/db/schema/invitations'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { invitationEmail } from '~/emails/invitations'
import { enqueueEmail } from '~/jobs/email.server'
import { HOURLY_LIMIT_TEXT, normalizeInviteEmail, roleRefusal, seatRefusal } from '~/lib/invitations'
import {
  grantableRoles,
  INVITATION_TTL_MS,
  INVITATIONS_PER_HOUR,
  ROLE_LABELS,
  seatLimit,
  type WorkspaceRole,
} from '~/lib/permissions'
import { recordAudit } from './audit.server'
import { lockWorkspace } from './workspaces.server'

// Invitations to a workspace (issue 21 Deliver 3 and 4; docs/teams.md "Invitations"). The token is
// 256 random bits that only the email carries; the table keeps its SHA-256. Every change takes the
// workspace's row lock first (lockWorkspace), so the seat count, the duplicate check and the hourly
// limit are decided one request after another, and a seat is never given twice.

/** Who invites: the workspace guard's scope (app/auth/workspace.server.ts) has these. */
export type Inviter = { ownerId: string; role: WorkspaceRole; user: { id: string; email: string } }

export type InvitationRefusal = {
  ok: false
  field: 'email' | 'role' | null
  message: string
  status: 400 | 403 | 404 | 409 | 429
}
export type InvitationDone = { ok: true; email: string }

/** Shared with the accept side (invitation-accept.server.ts). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
/** Shared with the startup programme's offer links (startup-applications.server.ts). */
export const newToken = () => randomBytes(32).toString('base64url')
/** The tokens we hand out: 32 bytes, base64url (43 characters). Anything else is not looked up. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** Not accepted, not revoked, not expired (by the database's clock, as the accept's update is). */
export const pendingWhere = () =>
  and(
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
    gt(workspaceInvitations.expiresAt, sql`now()`),
  )

/** The workspace's name and seats, read under its lock. */
export async function lockedWorkspace(tx: Tx, workspaceId: string) {
  const plan = await lockWorkspace(tx, workspaceId)
  const [row] = await tx
    .select({ name: workspaces.name, seats: workspaces.seats })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
  return row ? { ...row, plan } : null
}

/** Members who take a seat (an event's speakers do not: takesSeat in app/lib/permissions.ts). */
export async function countMembers(db: Db | Tx, workspaceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, 'speaker')))
  return row?.n ?? 0
}

async function countPending(db: Db | Tx, workspaceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pendingWhere(), ne(workspaceInvitations.role, 'speaker')))
  return row?.n ?? 0
}

/**
 * The hourly limit counts every team invitation made (a resend makes one too), pending or not. An
 * event's speaker invitations are sent in bulk by the organiser and are not counted here.
 */
async function sentLastHour(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        ne(workspaceInvitations.role, 'speaker'),
        gt(workspaceInvitations.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  return row?.n ?? 0
}

/** Writes a new invitation row and queues its email, in the caller's transaction. */
async function issue(tx: Tx, inviter: Inviter, workspace: { name: string }, invite: { email: string; role: WorkspaceRole }) {
  const config = getConfig()
  const token = newToken()
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS)
  await tx.insert(workspaceInvitations).values({
    workspaceId: inviter.ownerId,
    email: invite.email,
    role: invite.role,
    tokenHash: hashToken(token),
    invitedBy: inviter.user.id,
    inviterEmail: inviter.user.email,
    expiresAt,
  })
  await enqueueEmail(
    invitationEmail({
      to: invite.email,
      brand: config.BRAND_NAME,
      workspaceName: workspace.name,
      inviterEmail: inviter.user.email,
      roleLabel: ROLE_LABELS[invite.role],
      acceptUrl: `${config.appUrl}/invite/${token}`,
      expiresAt,
    }),
    tx,
  )
}

/**
 * Invites an address with a role: refused for a role above the inviter's own (or owner), an address
 * already in the workspace or already invited, a full plan (members + pending invitations), and
 * past the hourly limit. One transaction: the row, its email job and the audit entry land together.
 */
export async function createInvitation(
  inviter: Inviter,
  input: { email: string; role: WorkspaceRole },
): Promise<InvitationDone | InvitationRefusal> {
  const email = normalizeInviteEmail(input.email)
  const roleProblem = roleRefusal(input.role, grantableRoles(inviter.role))
  if (roleProblem) return { ok: false, field: 'role', message: roleProblem, status: 403 }
  return getDb().transaction(async (tx): Promise<InvitationDone | InvitationRefusal> => {
    const workspace = await lockedWorkspace(tx, inviter.ownerId)
    if (!workspace) return { ok: false, field: null, message: 'This workspace no longer exists.', status: 404 }
    const already = await alreadyIn(tx, inviter.ownerId, email)
    if (already) return already
    const seats = seatRefusal(
      workspace.plan,
      workspace.seats,
      await countMembers(tx, inviter.ownerId),
      await countPending(tx, inviter.ownerId),
    )
    if (seats) return { ok: false, field: null, message: seats, status: 409 }
    if ((await sentLastHour(tx, inviter.ownerId)) >= INVITATIONS_PER_HOUR)
      return { ok: false, field: null, message: HOURLY_LIMIT_TEXT, status: 429 }
    await issue(tx, inviter, workspace, { email, role: input.role })
    await recordAudit(
      { workspaceId: inviter.ownerId, actor: inviter.user, kind: 'member.invited', subject: email, data: { role: input.role } },
      tx,
    )
    return { ok: true, email }
  })
}

/** The address is a member already, or has a pending invitation. */
async function alreadyIn(db: Db | Tx, workspaceId: string, email: string): Promise<InvitationRefusal | null> {
  const [member] = await db
    .select({ id: users.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)))
    .limit(1)
  if (member) return { ok: false, field: 'email', message: `${email} is already a member of this workspace.`, status: 409 }
  const [pending] = await db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.email, email), pendingWhere()))
    .limit(1)
  if (pending)
    return {
      ok: false,
      field: 'email',
      message: `${email} has a pending invitation already: resend it from the list of pending invitations.`,
      status: 409,
    }
  return null
}

/**
 * Would this invitation be refused for anything but the seats (role, already in, hourly limit)?
 * Asked before a seat is bought for it (issue 22): nobody pays for a seat an invitation can't use.
 * createInvitation decides again under the lock.
 */
export async function invitationRefusalBeforeSeats(
  inviter: Inviter,
  input: { email: string; role: WorkspaceRole },
): Promise<InvitationRefusal | null> {
  const email = normalizeInviteEmail(input.email)
  const roleProblem = roleRefusal(input.role, grantableRoles(inviter.role))
  if (roleProblem) return { ok: false, field: 'role', message: roleProblem, status: 403 }
  return getDb().transaction(async (tx) => {
    const already = await alreadyIn(tx, inviter.ownerId, email)
    if (already) return already
    if ((await sentLastHour(tx, inviter.ownerId)) >= INVITATIONS_PER_HOUR)
      return { ok: false, field: null, message: HOURLY_LIMIT_TEXT, status: 429 }
    return null
  })
}

const NOT_PENDING = 'This invitation is no longer pending: it was accepted, revoked or has expired.'

/** A new token and email for a pending invitation; the old link stops working (410) at once. */
export async function resendInvitation(inviter: Inviter, invitationId: string): Promise<InvitationDone | InvitationRefusal> {
  return getDb().transaction(async (tx): Promise<InvitationDone | InvitationRefusal> => {
    const workspace = await lockedWorkspace(tx, inviter.ownerId)
    if (!workspace) return { ok: false, field: null, message: 'This workspace no longer exists.', status: 404 }
    const [old] = await tx
      .select({ email: workspaceInvitations.email, role: workspaceInvitations.role })
      .from(workspaceInvitations)
      .where(
        and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspaceId, inviter.ownerId), pendingWhere()),
      )
    if (!old) return { ok: false, field: null, message: NOT_PENDING, status: 404 }
    // Nobody hands out a role above their own, by a resend either.
    const roleProblem = roleRefusal(old.role, grantableRoles(inviter.role))
    if (roleProblem) return { ok: false, field: null, message: roleProblem, status: 403 }
    if ((await sentLastHour(tx, inviter.ownerId)) >= INVITATIONS_PER_HOUR)
      return { ok: false, field: null, message: HOURLY_LIMIT_TEXT, status: 429 }
    await tx.update(workspaceInvitations).set({ revokedAt: new Date() }).where(eq(workspaceInvitations.id, invitationId))
    await issue(tx, inviter, workspace, old)
    await recordAudit(
      {
        workspaceId: inviter.ownerId,
        actor: inviter.user,
        kind: 'invitation.resent',
        subject: old.email,
        data: { role: old.role },
      },
      tx,
    )
    return { ok: true, email: old.email }
  })
}

/** Revokes a pending invitation of this workspace (another workspace's id: not found). */
export async function revokeInvitation(inviter: Inviter, invitationId: string): Promise<InvitationDone | InvitationRefusal> {
  return getDb().transaction(async (tx): Promise<InvitationDone | InvitationRefusal> => {
    await lockWorkspace(tx, inviter.ownerId)
    const [row] = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspaceId, inviter.ownerId), pendingWhere()),
      )
      .returning({ email: workspaceInvitations.email, role: workspaceInvitations.role })
    if (!row) return { ok: false, field: null, message: NOT_PENDING, status: 404 }
    await recordAudit(
      {
        workspaceId: inviter.ownerId,
        actor: inviter.user,
        kind: 'invitation.revoked',
        subject: row.email,
        data: { role: row.role },
      },
      tx,
    )
    return { ok: true, email: row.email }
  })
}

export type PendingInvitation = {
  id: string
  email: string
  role: WorkspaceRole
  inviterEmail: string
  expiresAt: Date
  createdAt: Date
}

/** The workspace's pending team invitations, newest first (the team page; speakers' are on their event's page). */
export async function listPendingInvitations(workspaceId: string): Promise<PendingInvitation[]> {
  return getDb()
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      inviterEmail: workspaceInvitations.inviterEmail,
      expiresAt: workspaceInvitations.expiresAt,
      createdAt: workspaceInvitations.createdAt,
    })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pendingWhere(), ne(workspaceInvitations.role, 'speaker')))
    .orderBy(desc(workspaceInvitations.createdAt))
}

/** Seats of the workspace: members, pending invitations and the plan's limit (the team page). */
export async function seatUsage(workspace: { id: string; plan: Parameters<typeof seatLimit>[0]; seats: number | null }) {
  const db = getDb()
  const [members, pending] = await Promise.all([countMembers(db, workspace.id), countPending(db, workspace.id)])
  return { members, pending, limit: seatLimit(workspace.plan, workspace.seats) }
}
