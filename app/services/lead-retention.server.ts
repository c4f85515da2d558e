import { and, asc, eq, isNotNull, lt } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { workspaces } from '~/db/schema/workspaces'
import { retentionCutoff } from '~/lib/retention'
import { recordAudit, type AuditActor } from '~/models/audit.server'
import { eraseCaptures, erasuresCommitted } from '~/models/lead-events.server'

// Retention (issue 10 Deliver 9): the daily 'leads.retention' job deletes, for every account with
// a retention setting (a workspace's), the captures first captured longer ago than its number of months, through
// the one deletion path (eraseCaptures: recorded, lead.deleted sent, a person left without captures
// removed). Batches of RETENTION_BATCH per transaction keep each one short; rows another
// transaction holds are skipped and picked up the next day.

export const RETENTION_BATCH = 500

export async function runRetention(
  { now = new Date(), batch = RETENTION_BATCH }: { now?: Date; batch?: number } = {},
  db: Db = getDb(),
) {
  const owners = await db
    .select({ userId: workspaces.id, months: workspaces.retentionMonths })
    .from(workspaces)
    .where(isNotNull(workspaces.retentionMonths))
  let erased = 0
  let batches = 0
  for (const owner of owners) {
    if (!owner.months || owner.months < 1) continue
    const cutoff = retentionCutoff(now, owner.months)
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.ownerId, owner.userId), lt(leads.createdAt, cutoff)))
          .orderBy(asc(leads.createdAt))
          .limit(batch)
          .for('update', { skipLocked: true })
        if (rows.length === 0) return null
        return eraseCaptures(tx, { ownerId: owner.userId, leadIds: rows.map((r) => r.id) }, 'retention')
      })
      const n = done?.ids.length ?? 0
      // Committed: testimonials of erased captures leave every public page and the displays count again, now.
      if (done) await erasuresCommitted(done)
      if (n > 0) batches++
      erased += n
      if (n < batch) break
    }
  }
  return { accounts: owners.length, erased, batches }
}

/** The workspace's retention in months, or null (kept). */
export async function getRetentionMonths(workspaceId: string, db: Db = getDb()) {
  const [row] = await db
    .select({ months: workspaces.retentionMonths })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1)
  return row?.months ?? null
}

/** Saves the workspace's retention; a change (not a save of the same value) goes into the audit log in the same transaction. */
export async function setRetentionMonths(workspaceId: string, months: number | null, actor: AuditActor | null, db: Db = getDb()) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ months: workspaces.retentionMonths })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update')
    if (!before || before.months === months) return
    await tx.update(workspaces).set({ retentionMonths: months, updatedAt: new Date() }).where(eq(workspaces.id, workspaceId))
    await recordAudit({ workspaceId, actor, kind: 'retention.changed', data: { from: before.months, to: months } }, tx)
  })
}
