import { count, desc, eq, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { accounts, users } from '~/db/schema/accounts'
import { leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import { ADMIN_ACCOUNTS_PAGE_SIZE } from '~/lib/constants'
import type { Plan } from '~/lib/plans'

// Account settings of a person (the name attendees see). A user without a row has the defaults, so
// sign-up writes nothing here. The plan lives on the workspace (app/models/workspaces.server.ts).

export async function getAccount(userId: string, db: Db | Tx = getDb()) {
  const [row] = await db.select({ displayName: accounts.displayName }).from(accounts).where(eq(accounts.userId, userId)).limit(1)
  return row ?? { displayName: null }
}

/** The name attendees see (app/lib/speaker-name.ts); empty clears it. Talk pages show it at once. */
export async function setDisplayName(userId: string, name: string) {
  const displayName = name.trim() || null
  await getDb()
    .insert(accounts)
    .values({ userId, displayName })
    .onConflictDoUpdate({ target: accounts.userId, set: { displayName, updatedAt: new Date() } })
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
