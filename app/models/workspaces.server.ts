import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { accounts, users } from '~/db/schema/accounts'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { LeadNotifyMode } from '~/lib/constants'
import type { WorkspaceRole } from '~/lib/permissions'
import { isPlan, type Plan } from '~/lib/plans'
import { memberName } from '~/lib/speaker-name'
import { setManualPlan } from './billing.server'

// Workspaces and memberships (issue 21; docs/decisions/0016-workspaces-own-the-work.md). A personal
// workspace is made by the database with every account (trigger users_personal_workspace, migration
// 0028) and carries the user's id. The guard (app/auth/workspace.server.ts) resolves which one a
// request works in; the models below it take that workspace's id as their ownerId.

export type WorkspaceSummary = {
  id: string
  name: string
  personal: boolean
  plan: Plan
  seats: number | null
  membersSeeAllLeads: boolean
  /** The language attendee pages fall back to (issue 31). */
  language: string
  retentionMonths: number | null
  transferToUserId: string | null
}

export type Membership = { workspace: WorkspaceSummary; role: WorkspaceRole }

const workspaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  personal: workspaces.personal,
  plan: workspaces.plan,
  seats: workspaces.seats,
  membersSeeAllLeads: workspaces.membersSeeAllLeads,
  language: workspaces.language,
  retentionMonths: workspaces.retentionMonths,
  transferToUserId: workspaces.transferToUserId,
}

/** The user's membership of one workspace, read fresh (a removed member gets null at once). */
export async function getMembership(userId: string, workspaceId: string, db: Db | Tx = getDb()): Promise<Membership | null> {
  const [row] = await db
    .select({ ...workspaceColumns, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1)
  if (!row) return null
  const { role, ...workspace } = row
  return { role, workspace }
}

const ownerMember = alias(workspaceMembers, 'owner_member')
const ownerUser = alias(users, 'owner_user')
const ownerAccount = alias(accounts, 'owner_account')

/**
 * Every workspace the user is in: their personal one first, then by name (the switcher), each with
 * its owner's name (the display name, else the address, as the team pages name members), so the
 * switcher can tell whose it is.
 */
export async function listMemberships(userId: string): Promise<(Membership & { ownerName: string | null })[]> {
  const rows = await getDb()
    .select({
      ...workspaceColumns,
      role: workspaceMembers.role,
      ownerEmail: ownerUser.email,
      ownerDisplayName: ownerAccount.displayName,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    // One owner per workspace (a partial unique index), so this join adds no row.
    .leftJoin(ownerMember, and(eq(ownerMember.workspaceId, workspaces.id), eq(ownerMember.role, 'owner')))
    .leftJoin(ownerUser, eq(ownerUser.id, ownerMember.userId))
    .leftJoin(ownerAccount, eq(ownerAccount.userId, ownerMember.userId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(desc(sql`${workspaces.id} = ${userId}`), desc(workspaces.personal), asc(workspaces.name), asc(workspaces.id))
  return rows.map(({ role, ownerEmail, ownerDisplayName, ...workspace }) => ({
    role,
    workspace,
    ownerName: ownerEmail ? memberName({ displayName: ownerDisplayName, email: ownerEmail }) : null,
  }))
}

/**
 * The workspace a request falls back to: the user's own (personal) one, else the first they are in.
 * Someone who left every workspace and lost their own (by handing it over) gets a new personal one.
 */
export async function defaultMembership(user: { id: string; email: string }): Promise<Membership> {
  const [first] = await listMemberships(user.id)
  if (first) return first
  const id = await getDb().transaction(async (tx) => {
    const [own] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, user.id)).limit(1)
    const [made] = await tx
      .insert(workspaces)
      .values({ ...(own ? {} : { id: user.id }), name: user.email, personal: true })
      .returning({ id: workspaces.id })
    await tx.insert(workspaceMembers).values({ workspaceId: made!.id, userId: user.id, role: 'owner' })
    return made!.id
  })
  return (await getMembership(user.id, id))!
}

/**
 * Locks the workspace row for the rest of the transaction and answers its plan. Every plan-limited
 * change of one workspace (go live, seats, webhooks) takes this lock first, so two concurrent
 * requests are decided one after the other.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<Plan> {
  const [row] = await tx.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update')
  return isPlan(row?.plan) ? row.plan : 'free'
}

/** The workspace's plan (free when it does not exist), for the plan gates of every read path. */
export async function workspacePlan(workspaceId: string, db: Pick<Db, 'select'> = getDb()): Promise<Plan> {
  const [row] = await db.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1)
  return isPlan(row?.plan) ? row.plan : 'free'
}

/** How this member hears about new leads they can see in this workspace (issue 21 Deliver 9). */
export async function getLeadNotify(workspaceId: string, userId: string): Promise<LeadNotifyMode> {
  const [row] = await getDb()
    .select({ leadNotify: workspaceMembers.leadNotify })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1)
  return row?.leadNotify ?? 'instant'
}

export async function setLeadNotify(workspaceId: string, userId: string, mode: LeadNotifyMode) {
  await getDb()
    .update(workspaceMembers)
    .set({ leadNotify: mode })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
}

/**
 * A site admin sets a workspace's plan (until billing exists; issue 22 adds payments). Recorded in
 * the workspace's audit log. False when the workspace does not exist.
 */
/** A site admin sets a workspace's plan by hand: a manual plan, over any subscription (app/models/billing.server.ts). */
export async function setWorkspacePlan(workspaceId: string, plan: Plan, admin: { id: string; email: string }) {
  return setManualPlan(workspaceId, plan, admin)
}

/** The workspaces a person is in, for the site admin's account page: role, plan and how many members. */
export async function listWorkspacesForAdmin(userId: string) {
  return getDb()
    .select({
      id: workspaces.id,
      name: workspaces.name,
      personal: workspaces.personal,
      plan: workspaces.plan,
      role: workspaceMembers.role,
      members: sql<number>`(select count(*)::int from ${workspaceMembers} m where m.workspace_id = ${workspaces.id})`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(desc(workspaces.personal), asc(workspaces.name))
}
