import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { accounts, users } from '~/db/schema/accounts'
import { leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { ADMIN_ACCOUNTS_PAGE_SIZE } from '~/lib/constants'
import type { Plan } from '~/lib/plans'
import { recordAudit, type AuditActor } from './audit.server'

// Account settings of a person (the name attendees see). A user without a row has the defaults, so
// sign-up writes nothing here. The plan lives on the workspace (app/models/workspaces.server.ts).

export async function getAccount(userId: string, db: Db | Tx = getDb()) {
  const [row] = await db.select({ displayName: accounts.displayName }).from(accounts).where(eq(accounts.userId, userId)).limit(1)
  return row ?? { displayName: null }
}

/**
 * The name attendees see (app/lib/speaker-name.ts); empty clears it. Talk pages show it at once.
 * Giving a name also names the person's own workspace while it is still called by their account
 * email, as every account's workspace is at sign-up: by `workspaceName` when given (the first-run
 * step), else by the name — so an address never names it (issue 29 Deliver 7; docs/speakers.md).
 * That rename is written to the workspace's audit log like any other.
 */
export async function setDisplayName(person: AuditActor, name: string, options: { workspaceName?: string } = {}) {
  const displayName = name.trim() || null
  await getDb().transaction(async (tx) => {
    await tx
      .insert(accounts)
      .values({ userId: person.id, displayName })
      .onConflictDoUpdate({ target: accounts.userId, set: { displayName, updatedAt: new Date() } })
    if (!displayName) return
    const to = options.workspaceName?.trim() || displayName
    const owned = tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, person.id), eq(workspaceMembers.role, 'owner')))
    const renamed = await tx
      .update(workspaces)
      .set({ name: to })
      .where(and(eq(workspaces.personal, true), eq(workspaces.name, person.email), inArray(workspaces.id, owned)))
      .returning({ id: workspaces.id })
    for (const { id } of renamed) {
      await recordAudit(
        { workspaceId: id, actor: person, kind: 'workspace.renamed', subject: to, data: { from: person.email, to } },
        tx,
      )
    }
  })
}

/** The admin accounts page: every user, newest first, with plan and counts. */
export async function listAccountsForAdmin({ page }: { page: number }) {
  const db = getDb()
  const sessionCount = db
    .select({ userId: talkSessions.userId, n: count().as('sessions') })
    .from(talkSessions)
    .groupBy(talkSessions.userId)
    .as('s')
  const leadCount = db
    .select({ ownerId: leads.ownerId, n: count().as('leads') })
    .from(leads)
    .groupBy(leads.ownerId)
    .as('l')
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        plan: sql<Plan>`coalesce(${workspaces.plan}, 'free')`,
        manualPlan: workspaces.manualPlan,
        sessions: sql<number>`coalesce(${sessionCount.n}, 0)::int`,
        leads: sql<number>`coalesce(${leadCount.n}, 0)::int`,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(workspaces, eq(workspaces.id, users.id))
      .leftJoin(sessionCount, eq(sessionCount.userId, users.id))
      .leftJoin(leadCount, eq(leadCount.ownerId, users.id))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_ACCOUNTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ACCOUNTS_PAGE_SIZE),
    db.select({ n: count() }).from(users),
  ])
  return { items, total: total?.n ?? 0, pageSize: ADMIN_ACCOUNTS_PAGE_SIZE }
}

export async function getAccountForAdmin(userId: string) {
  const [row] = await getDb()
    .select({ id: users.id, email: users.email, role: users.role, plan: sql<Plan>`coalesce(${workspaces.plan}, 'free')` })
    .from(users)
    .leftJoin(workspaces, eq(workspaces.id, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  return row ?? null
}
