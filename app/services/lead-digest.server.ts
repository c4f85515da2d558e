import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { leads, talkSessions, talks, users, workspaceMembers } from '~/db/schema'
import { leadDigestEmail, type SessionLeadsNotice } from '~/emails/leads'
import { enqueueEmail } from '~/jobs/email.server'
import { LEAD_DIGEST_INTERVAL_MS, LEAD_DIGEST_TICK_MS } from '~/lib/constants'
import { sessionLabel } from '~/models/lead-capture.server'
import { attendeeDetailColumns, pendingNotifications } from '~/models/leads.server'

// Hourly and daily lead digests (issue 9 Deliver 7; the notify mode is accounts.lead_notify, set on
// the speaker's settings page). Sent once even with several app instances: the instance that moves
// accounts.last_digest_at forward (a conditional update) queues the email and marks the leads
// notified in that same transaction; the others' update matches no row.

type Mode = 'hourly' | 'daily'

/** Sends every digest that is due; answers how many were queued. */
export async function runLeadDigests(now: Date = new Date()): Promise<number> {
  let sent = 0
  for (const mode of ['hourly', 'daily'] as const) {
    const due = await dueOwners(mode, now)
    for (const ownerId of due) if (await sendDigest(ownerId, mode, now)) sent++
  }
  return sent
}

function dueCondition(mode: Mode, now: Date) {
  const cutoff = new Date(now.getTime() - LEAD_DIGEST_INTERVAL_MS[mode])
  return and(
    eq(workspaceMembers.role, 'owner'),
    eq(workspaceMembers.leadNotify, mode),
    or(isNull(workspaceMembers.lastDigestAt), lte(workspaceMembers.lastDigestAt, cutoff)),
  )
}

async function dueOwners(mode: Mode, now: Date) {
  const rows = await getDb()
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(
      and(
        dueCondition(mode, now),
        sql`exists (select 1 from ${leads} where ${leads.ownerId} = ${workspaceMembers.workspaceId} and ${leads.notifiedAt} is null)`,
      ),
    )
  return rows.map((r) => r.workspaceId)
}

async function sendDigest(ownerId: string, mode: Mode, now: Date): Promise<boolean> {
  const config = getConfig()
  return getDb().transaction(async (tx) => {
    const [claimed] = await tx
      .update(workspaceMembers)
      .set({ lastDigestAt: now })
      .where(and(eq(workspaceMembers.workspaceId, ownerId), dueCondition(mode, now)))
      .returning({ userId: workspaceMembers.userId })
    if (!claimed) return false
    const candidates = await pendingNotifications(ownerId, tx)
    if (candidates.length === 0) return false
    // Marked notified first: the row locks make an erasure running now wait for this digest (and
    // then delete it, found by its lead_ids), and a capture erased just before drops out here.
    const marked = await tx
      .update(leads)
      .set({ notifiedAt: now })
      .where(
        and(
          eq(leads.ownerId, ownerId),
          inArray(
            leads.id,
            candidates.map((p) => p.id),
          ),
          isNull(leads.notifiedAt),
        ),
      )
      .returning({ id: leads.id })
    const markedIds = new Set(marked.map((m) => m.id))
    const pending = candidates.filter((p) => markedIds.has(p.id))
    if (pending.length === 0) return false
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId))
    const sessionIds = [...new Set(pending.map((p) => p.sessionId))]
    const sessions = await tx
      .select({
        id: talkSessions.id,
        eventName: talkSessions.eventName,
        talkTitle: talks.title,
        questions: talkSessions.questions,
      })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(and(eq(talkSessions.workspaceId, ownerId), inArray(talkSessions.id, sessionIds)))
    const visibleIds = pending.filter((p) => p.visible).map((p) => p.id)
    // Only the visible leads' details are read at all.
    const details = visibleIds.length
      ? await tx
          .select({
            id: leads.id,
            sessionId: leads.sessionId,
            email: leads.email,
            ...attendeeDetailColumns,
          })
          .from(leads)
          .where(and(eq(leads.ownerId, ownerId), inArray(leads.id, visibleIds)))
          .orderBy(leads.createdAt, leads.id)
      : []
    const notices: SessionLeadsNotice[] = sessions.map((session) => ({
      sessionLabel: sessionLabel(session),
      leadsUrl: `${config.appUrl}/app/sessions/${session.id}/leads`,
      questions: session.questions,
      visible: details.filter((d) => d.sessionId === session.id),
      locked: pending.filter((p) => p.sessionId === session.id && !p.visible).length,
    }))
    // Linked to every capture it announces: erasing one deletes it, and a pending one is sent again without it.
    await enqueueEmail(leadDigestEmail({ to: owner!.email, brand: config.BRAND_NAME, period: mode, notices }), tx, {
      leadIds: pending.map((p) => p.id),
    })
    return true
  })
}

/** The digest tick beside the janitor (app/boot.server.ts). Runs never overlap within a process. */
export function startLeadDigests(tickMs: number = LEAD_DIGEST_TICK_MS) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    runLeadDigests()
      .catch((error) => console.error('Lead digest failed', error))
      .finally(() => {
        running = false
      })
  }, tickMs)
  timer.unref()
  return timer
}
