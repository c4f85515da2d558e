import { getDb, type Db } from '~/db/client.server'
import { auditEvents } from '~/db/schema'
import type { AuditKind } from '~/lib/permissions'

// The workspace audit log (issue 21 Deliver 7): one row per thing an admin needs to answer "who did
// that?". Written in the transaction of the change it records, so a rolled-back change leaves none.
// Read, filtered and exported by app/routes/app.team.audit*; pruned after AUDIT_RETENTION_DAYS.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type AuditEntry = {
  workspaceId: string
  /** Who did it; null for the system (a sweep, Stripe). */
  actor: { id: string; email: string } | null
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
