import { and, asc, eq, isNotNull, lt } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { accounts, leads } from '~/db/schema'
import { retentionCutoff } from '~/lib/retention'
import { eraseCaptures } from '~/models/lead-events.server'

// Retention (issue 10 Deliver 9): the daily 'leads.retention' job deletes, for every account with
// a retention setting, the captures first captured longer ago than its number of months, through
// the one deletion path (eraseCaptures: recorded, lead.deleted sent, a person left without captures
// removed). Batches of RETENTION_BATCH per transaction keep each one short; rows another
// transaction holds are skipped and picked up the next day.

export const RETENTION_BATCH = 500

export async function runRetention(
  { now = new Date(), batch = RETENTION_BATCH }: { now?: Date; batch?: number } = {},
  db: Db = getDb(),
) {
  const owners = await db
    .select({ userId: accounts.userId, months: accounts.retentionMonths })
    .from(accounts)
    .where(isNotNull(accounts.retentionMonths))
  let erased = 0
  let batches = 0
  for (const owner of owners) {
    if (!owner.months || owner.months < 1) continue
    const cutoff = retentionCutoff(now, owner.months)
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.ownerId, owner.userId), lt(leads.createdAt, cutoff)))
          .orderBy(asc(leads.createdAt))
          .limit(batch)
          .for('update', { skipLocked: true })
        if (rows.length === 0) return 0
        const ids = await eraseCaptures(tx, { ownerId: owner.userId, leadIds: rows.map((r) => r.id) }, 'retention')
        return ids.length
      })
      if (n > 0) batches++
      erased += n
      if (n < batch) break
    }
  }
  return { accounts: owners.length, erased, batches }
}

/** The account's retention in months, or null (kept). */
export async function getRetentionMonths(userId: string, db: Db = getDb()) {
  const [row] = await db.select({ months: accounts.retentionMonths }).from(accounts).where(eq(accounts.userId, userId)).limit(1)
  return row?.months ?? null
}

export async function setRetentionMonths(userId: string, months: number | null, db: Db = getDb()) {
  await db
    .insert(accounts)
    .values({ userId, retentionMonths: months })
    .onConflictDoUpdate({ target: accounts.userId, set: { retentionMonths: months, updatedAt: new Date() } })
}
