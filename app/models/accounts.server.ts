import { count, desc, eq, sql } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { accounts, leads, talkSessions, users } from '~/db/schema'
import { ADMIN_ACCOUNTS_PAGE_SIZE, type LeadNotifyMode } from '~/lib/constants'
import type { Plan } from '~/lib/plans'

// Account settings (plan, new-lead notifications). A user without a row has the defaults (free,
// instant), so sign-up writes nothing here; the first setting or plan change creates the row.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export async function getAccount(userId: string, db: Db | Tx = getDb()) {
  const [row] = await db
    .select({ plan: accounts.plan, leadNotify: accounts.leadNotify, displayName: accounts.displayName })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .limit(1)
  return row ?? { plan: 'free' as Plan, leadNotify: 'instant' as LeadNotifyMode, displayName: null }
}

/** The name attendees see (app/lib/speaker-name.ts); empty clears it. Talk pages show it at once. */
export async function setDisplayName(userId: string, name: string) {
  const displayName = name.trim() || null
  await getDb()
    .insert(accounts)
    .values({ userId, displayName })
    .onConflictDoUpdate({ target: accounts.userId, set: { displayName, updatedAt: new Date() } })
}

/**
 * Locks the owner's account row for the rest of the transaction (creating it with the defaults if
 * needed) and returns the plan. Every plan-limited change of one owner takes this lock first, so two
 * concurrent "go live" requests are decided one after the other.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<Plan> {
  await tx.insert(accounts).values({ userId }).onConflictDoNothing({ target: accounts.userId })
  const [row] = await tx.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.userId, userId)).for('update')
  return row!.plan
}

export async function setLeadNotify(userId: string, mode: LeadNotifyMode) {
  await getDb()
    .insert(accounts)
    .values({ userId, leadNotify: mode })
    .onConflictDoUpdate({ target: accounts.userId, set: { leadNotify: mode, updatedAt: new Date() } })
}

/** Admin only (until billing exists). False when the user does not exist. */
export async function setPlan(userId: string, plan: Plan) {
  const [user] = await getDb().select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)
  if (!user) return false
  await getDb()
    .insert(accounts)
    .values({ userId, plan })
    .onConflictDoUpdate({ target: accounts.userId, set: { plan, updatedAt: new Date() } })
  return true
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
        plan: sql<Plan>`coalesce(${accounts.plan}, 'free')`,
        sessions: sql<number>`coalesce(${sessionCount.n}, 0)::int`,
        leads: sql<number>`coalesce(${leadCount.n}, 0)::int`,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(accounts, eq(accounts.userId, users.id))
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
    .select({ id: users.id, email: users.email, role: users.role, plan: sql<Plan>`coalesce(${accounts.plan}, 'free')` })
    .from(users)
    .leftJoin(accounts, eq(accounts.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  return row ?? null
}
