import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { followUpRecipients } from '~/db/schema/follow-ups'
import { sendingPauses } from '~/db/schema/mail-provider'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { complaintRatePasses, COMPLAINT_WINDOW_SENDS, sendingPausedReason } from '~/lib/deliverability'
import { recordAudit, type AuditActor } from './audit.server'

// A workspace's follow-ups paused for complaints (issue 32 Deliver 5; docs/follow-up.md
// "Deliverability rules"): more than 0.3% of its last 1,000 sends reported as spam. Written by the
// Resend webhook when a complaint arrives; read by the sender (which refuses to start or continue),
// the /app layout (its banner) and the admin's account page, where a site admin lifts it.

type Executor = Db | Tx

/** Complaints among the last 1,000 messages this workspace (or, without one, the whole server) sent. */
export async function complaintFigures(workspaceId: string | null, db: Executor = getDb()) {
  const recent = db
    .select({ complainedAt: followUpRecipients.complainedAt })
    .from(followUpRecipients)
    .where(
      workspaceId
        ? and(eq(followUpRecipients.ownerId, workspaceId), isNotNull(followUpRecipients.sentAt))
        : isNotNull(followUpRecipients.sentAt),
    )
    .orderBy(desc(followUpRecipients.sentAt))
    .limit(COMPLAINT_WINDOW_SENDS)
    .as('recent')
  const [row] = await db
    .select({
      sends: sql<number>`count(*)::int`,
      complaints: sql<number>`count(${recent.complainedAt})::int`,
    })
    .from(recent)
  return { sends: Number(row?.sends ?? 0), complaints: Number(row?.complaints ?? 0) }
}

/** After a complaint: pauses the workspace when its rate passed the limit. True when it is paused now. */
export async function pauseIfComplaintRatePassed(tx: Tx, workspaceId: string) {
  const figures = await complaintFigures(workspaceId, tx)
  if (!complaintRatePasses(figures.complaints)) return false
  const reason = sendingPausedReason(figures.complaints)
  const paused = await tx
    .insert(sendingPauses)
    .values({ workspaceId, reason, ...figures })
    .onConflictDoNothing()
    .returning({ workspaceId: sendingPauses.workspaceId })
  if (paused.length) {
    await recordAudit({ workspaceId, actor: null, kind: 'sending.paused', subject: 'Follow-ups', data: figures }, tx)
  }
  return true
}

export type SendingPause = { reason: string; complaints: number; sends: number; pausedAt: Date }

/** Null while the workspace may send follow-ups. */
export async function getSendingPause(workspaceId: string, db: Executor = getDb()): Promise<SendingPause | null> {
  const [row] = await db
    .select({
      reason: sendingPauses.reason,
      complaints: sendingPauses.complaints,
      sends: sendingPauses.sends,
      pausedAt: sendingPauses.pausedAt,
    })
    .from(sendingPauses)
    .where(eq(sendingPauses.workspaceId, workspaceId))
    .limit(1)
  return row ?? null
}

/** A site admin lifts the pause (audited in the workspace's log); false when it was not paused. */
export async function liftSendingPause(workspaceId: string, admin: AuditActor) {
  return getDb().transaction(async (tx) => {
    const [gone] = await tx
      .delete(sendingPauses)
      .where(eq(sendingPauses.workspaceId, workspaceId))
      .returning({ complaints: sendingPauses.complaints })
    if (!gone) return false
    await recordAudit(
      { workspaceId, actor: admin, kind: 'sending.resumed', subject: 'Follow-ups', data: { complaints: gone.complaints } },
      tx,
    )
    return true
  })
}

/** Every paused workspace with its owner (the admins' accounts page lists them, newest first). */
export async function listSendingPauses() {
  return getDb()
    .select({
      workspaceId: sendingPauses.workspaceId,
      workspaceName: workspaces.name,
      ownerId: workspaceMembers.userId,
      reason: sendingPauses.reason,
      pausedAt: sendingPauses.pausedAt,
    })
    .from(sendingPauses)
    .innerJoin(workspaces, eq(workspaces.id, sendingPauses.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, sendingPauses.workspaceId), eq(workspaceMembers.role, 'owner')),
    )
    .orderBy(desc(sendingPauses.pausedAt))
}
