import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { auditEvents } from '~/db/schema/workspaces'
import { AUDIT_PAGE_SIZE, type AuditFilter } from '~/lib/audit'
import { AUDIT_RETENTION_DAYS, type AuditKind } from '~/lib/permissions'
import { likePattern } from '~/lib/text'

// The workspace audit log (issue 21 Deliver 7): one row per thing an admin needs to answer "who did
// that?". Written in the transaction of the change it records, so a rolled-back change leaves none.
// Read, filtered and exported by app/routes/app.team_.audit*; pruned after AUDIT_RETENTION_DAYS.
// Every read names the workspace in its WHERE clause: another workspace's rows never appear.

/** Who did it: the signed-in person (a scope's user, or the site admin who set a plan). */
export type AuditActor = { id: string; email: string }

export type AuditEntry = {
  workspaceId: string
  /** Who did it; null for the system (a sweep, Stripe). */
  actor: AuditActor | null
  kind: AuditKind
  /** The person or thing concerned: an email, an endpoint URL, an export's name. */
  subject?: string
  /** What else the log shows: the role given, the rows exported, the months kept. */
  data?: Record<string, unknown>
}

export async function recordAudit(entry: AuditEntry, db: Db | Tx = getDb()) {
  await db.insert(auditEvents).values({
    workspaceId: entry.workspaceId,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? '',
    kind: entry.kind,
    subject: entry.subject ?? '',
    data: entry.data ?? {},
  })
}

export type AuditRow = {
  id: number
  createdAt: Date
  actorEmail: string
  kind: string
  subject: string
  data: Record<string, unknown>
}

const columns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  actorEmail: auditEvents.actorEmail,
  kind: auditEvents.kind,
  subject: auditEvents.subject,
  data: auditEvents.data,
}

/** The workspace's rows matching the filter: a kind, and a person by who acted or whom it concerned. */
function auditWhere(workspaceId: string, filter: AuditFilter): SQL {
  const parts: SQL[] = [eq(auditEvents.workspaceId, workspaceId)]
  if (filter.kind) parts.push(eq(auditEvents.kind, filter.kind))
  if (filter.person) {
    const pattern = likePattern(filter.person)
    parts.push(or(ilike(auditEvents.actorEmail, pattern), ilike(auditEvents.subject, pattern))!)
  }
  return and(...parts)!
}

/** One page of the log, newest first (AUDIT_PAGE_SIZE a page), with the number of matching rows. */
export async function listAuditEvents(workspaceId: string, filter: AuditFilter, page: number) {
  const where = auditWhere(workspaceId, filter)
  const db = getDb()
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditEvents).where(where),
  ])
  const n = Number(total?.n ?? 0)
  return { rows: rows as AuditRow[], total: n, totalPages: Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE)) }
}

/**
 * Every matching row, newest first, in keyset batches (the CSV export): memory stays flat and no
 * statement runs long, however big the log. The cursor keeps created_at as Postgres' text, since
 * a JavaScript Date would drop its microseconds and skip or repeat rows at a batch's edge.
 */
export async function* auditEventBatches(workspaceId: string, filter: AuditFilter, batchSize = 500): AsyncGenerator<AuditRow[]> {
  const where = auditWhere(workspaceId, filter)
  let after: { at: string; id: number } | null = null
  for (;;) {
    const rows: (AuditRow & { at: string })[] = await getDb()
      .select({ ...columns, at: sql<string>`${auditEvents.createdAt}::text` })
      .from(auditEvents)
      .where(
        after ? and(where, sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id})`) : where,
      )
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows.map(({ at: _at, ...row }) => row)
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1]!
    after = { at: last.at, id: last.id }
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The daily jobs.prune: deletes rows older than AUDIT_RETENTION_DAYS (more than a year), never a
 * younger one. Batches of short statements, as the queue's own prune does.
 */
export async function pruneAuditEvents(
  { now = new Date(), batch = 1000 }: { now?: Date; batch?: number } = {},
  db: Db = getDb(),
) {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS)
  let deleted = 0
  for (;;) {
    const old = db.select({ id: auditEvents.id }).from(auditEvents).where(lt(auditEvents.createdAt, cutoff)).limit(batch)
    const n = (await db.delete(auditEvents).where(inArray(auditEvents.id, old)).returning({ id: auditEvents.id })).length
    deleted += n
    if (n < batch) break
  }
  return deleted
}
