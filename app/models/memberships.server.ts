import { and, asc, eq, sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { accounts, users } from '~/db/schema/accounts'
import { talks, talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { ownershipWithdrawnByRoleEmail } from '~/emails/ownership'
import { enqueueEmail } from '~/jobs/email.server'
import { canManageMember, ROLE_LABELS, type WorkspaceRole } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { memberName } from '~/lib/speaker-name'
import { recordAudit } from './audit.server'
import { releaseRosterEntries } from './speaker-invitations.server'
import { membershipChangedListing } from './speakers.server'
import { addNotice, announced } from './workspace-notices.server'
import { lockWorkspace } from './workspaces.server'

// Members of a workspace and what changes them (issue 21 Deliver 2 and 6; docs/teams.md):
// role changes, removal and leaving (the ownership transfer is ownership.server.ts). Each change is one transaction that
// takes the workspace's lock first (lockWorkspace), then reads the roles it decides on afresh, so
// two admins acting at once are decided one after the other, and records its audit row in it.

export type Person = { id: string; email: string }

export type Member = {
  userId: string
  email: string
  name: string
  role: WorkspaceRole
  joinedAt: Date
}

const memberColumns = {
  userId: workspaceMembers.userId,
  email: users.email,
  displayName: accounts.displayName,
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.createdAt,
}

function toMember({ displayName, ...row }: { displayName: string | null } & Omit<Member, 'name'>): Member {
  return { ...row, name: memberName({ displayName, email: row.email }) }
}

/** Everyone in the workspace, the owner first, then admins, then members, by address. */
export async function listMembers(workspaceId: string): Promise<Member[]> {
  const rows = await getDb()
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(accounts, eq(accounts.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(sql`case ${workspaceMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(users.email))
  return rows.map(toMember)
}

/** One member of this workspace with the number of its sessions they run; null for anyone else. */
export async function getMember(workspaceId: string, userId: string) {
  const [row] = await getDb()
    .select({
      ...memberColumns,
      sessions: sql<number>`(select count(*)::int from ${talkSessions} s where s.workspace_id = ${workspaceId} and s.user_id = ${workspaceMembers.userId})`,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(accounts, eq(accounts.userId, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1)
  if (!row) return null
  const { sessions, ...member } = row
  return { ...toMember(member), sessions }
}

export async function roleIn(tx: Tx, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
  const [row] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1)
  return row?.role ?? null
}

export async function emailOf(tx: Tx, userId: string) {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.email ?? ''
}

/** A person's address and the name the team pages show for them (display name, else the address). */
export async function nameOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ email: users.email, displayName: accounts.displayName })
    .from(users)
    .leftJoin(accounts, eq(accounts.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  const email = row?.email ?? ''
  return { email, name: row ? memberName({ displayName: row.displayName, email }) : '' }
}

/**
 * Hands what `from` created and runs in this workspace to `to`: the talks and sessions stay (same
 * ids and codes, so attendee pages and QR codes keep working); only the person behind them changes.
 */
async function handOver(tx: Tx, workspaceId: string, from: string, to: string) {
  const moved = { talks: 0, sessions: 0 }
  for (const [key, table] of [
    ['sessions', talkSessions],
    ['talks', talks],
  ] as const) {
    const rows = await tx
      .update(table)
      .set({ userId: to })
      .where(and(eq(table.workspaceId, workspaceId), eq(table.userId, from)))
      .returning({ id: table.id })
    moved[key] = rows.length
  }
  return moved
}

/** Someone leaving the workspace can no longer be offered it. */
async function dropOfferTo(tx: Tx, workspaceId: string, userId: string) {
  await tx
    .update(workspaces)
    .set({ transferToUserId: null })
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.transferToUserId, userId)))
}

export type ChangeRoleOutcome = 'changed' | 'unchanged' | 'not-member' | 'forbidden' | 'self'

/** An admin or the owner changes another member's role: never above their own, never the owner's. */
export async function changeMemberRole(
  workspaceId: string,
  actor: Person,
  targetId: string,
  to: WorkspaceRole,
): Promise<ChangeRoleOutcome> {
  return getDb().transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId)
    if (targetId === actor.id) return 'self'
    const actorRole = await roleIn(tx, workspaceId, actor.id)
    const from = await roleIn(tx, workspaceId, targetId)
    if (!actorRole || !from) return actorRole ? 'not-member' : 'forbidden'
    if (!canManageMember(actorRole, from, to)) return 'forbidden'
    if (from === to) return 'unchanged'
    await tx
      .update(workspaceMembers)
      .set({ role: to })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, targetId)))
    // Ownership is only ever offered to an admin.
    if (to !== 'admin') await withdrawOfferByRoleChange(tx, workspaceId, actor, targetId, to)
    const subject = await emailOf(tx, targetId)
    await recordAudit({ workspaceId, actor, kind: 'member.role_changed', subject, data: { from, to } }, tx)
    return 'changed'
  })
}

export type RemoveOutcome = 'removed' | 'not-member' | 'forbidden' | 'self' | 'bad-reassignee'

/**
 * An admin or the owner removes a member (never the owner). Their membership goes, so their next
 * request no longer reaches the workspace (the guard reads membership on every request); their
 * talks and sessions go to `reassignTo`, a member who stays.
 */
export async function removeMember(
  workspaceId: string,
  actor: Person,
  targetId: string,
  reassignTo: string,
): Promise<RemoveOutcome> {
  let plan: Plan | null = null
  const outcome = await getDb().transaction(async (tx): Promise<RemoveOutcome> => {
    plan = await lockWorkspace(tx, workspaceId)
    if (targetId === actor.id) return 'self'
    const actorRole = await roleIn(tx, workspaceId, actor.id)
    const targetRole = await roleIn(tx, workspaceId, targetId)
    if (!actorRole || !targetRole) return actorRole ? 'not-member' : 'forbidden'
    if (!canManageMember(actorRole, targetRole, null)) return 'forbidden'
    if (reassignTo === targetId || !(await roleIn(tx, workspaceId, reassignTo))) return 'bad-reassignee'
    const moved = await handOver(tx, workspaceId, targetId, reassignTo)
    // A removed event speaker's page is unclaimed again (issue 23); their sessions moved above.
    const unclaimed = await releaseRosterEntries(tx, workspaceId, targetId)
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, targetId)))
    await dropOfferTo(tx, workspaceId, targetId)
    const [subject, reassignedTo] = [await emailOf(tx, targetId), await emailOf(tx, reassignTo)]
    await recordAudit(
      {
        workspaceId,
        actor,
        kind: 'member.removed',
        subject,
        data: { role: targetRole, reassignedTo, ...moved, ...(unclaimed ? { unclaimed } : {}) },
      },
      tx,
    )
    return 'removed'
  })
  if (outcome === 'removed') membershipChangedListing(plan)
  return outcome
}

export type LeaveOutcome = 'left' | 'not-member' | 'owner'

/** Anyone but the owner leaves; their talks and sessions go to the owner. */
export async function leaveWorkspace(workspaceId: string, person: Person): Promise<LeaveOutcome> {
  let plan: Plan | null = null
  const outcome = await getDb().transaction(async (tx): Promise<LeaveOutcome> => {
    plan = await lockWorkspace(tx, workspaceId)
    const role = await roleIn(tx, workspaceId, person.id)
    if (!role) return 'not-member'
    if (role === 'owner') return 'owner'
    const [owner] = await tx
      .select({ id: workspaceMembers.userId, email: users.email })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
      .limit(1)
    const moved = owner ? await handOver(tx, workspaceId, person.id, owner.id) : { talks: 0, sessions: 0 }
    const unclaimed = await releaseRosterEntries(tx, workspaceId, person.id)
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, person.id)))
    await dropOfferTo(tx, workspaceId, person.id)
    await recordAudit(
      {
        workspaceId,
        actor: person,
        kind: 'member.left',
        subject: person.email,
        data: { role, reassignedTo: owner?.email ?? null, ...moved, ...(unclaimed ? { unclaimed } : {}) },
      },
      tx,
    )
    return 'left'
  })
  if (outcome === 'left') membershipChangedListing(plan)
  return outcome
}

/**
 * Only an admin can be offered the workspace: a role change away from admin withdraws an offer made
 * to them (changeMemberRole), and they hear of it as of a withdrawn offer. Someone removed from the
 * workspace loses the offer with their membership.
 */
async function withdrawOfferByRoleChange(tx: Tx, workspaceId: string, actor: Person, targetId: string, to: WorkspaceRole) {
  const dropped = await tx
    .update(workspaces)
    .set({ transferToUserId: null })
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.transferToUserId, targetId)))
    .returning({ id: workspaces.id })
  if (dropped.length === 0) return
  const [by, target] = [await nameOf(tx, actor.id), await nameOf(tx, targetId)]
  await addNotice(tx, { workspaceId, userId: targetId, kind: 'ownership.withdrawn', actorName: by.name })
  await enqueueEmail(
    ownershipWithdrawnByRoleEmail({
      to: target.email,
      actorName: by.name,
      roleLabel: ROLE_LABELS[to],
      ...(await announced(tx, workspaceId)),
    }),
    tx,
  )
}
