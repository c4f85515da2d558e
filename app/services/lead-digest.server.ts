import { and, eq, inArray } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { talkSessions, talks } from '~/db/schema/talks'
import { leadDigestEmail, type SessionLeadsNotice } from '~/emails/leads'
import { enqueueEmail } from '~/jobs/email.server'
import { LEAD_DIGEST_TICK_MS } from '~/lib/constants'
import { workspaceLink } from '~/lib/permissions'
import { sessionLabel } from '~/models/lead-capture.server'
import { claimDigest, dueDigestMembers, markAnnounced, owedCaptures, type DigestMode } from '~/models/lead-notices.server'
import { attendeeDetailColumns } from '~/models/leads.server'

// Hourly and daily lead digests, per member (issue 9 Deliver 7, issue 21 Deliver 9; the mode is
// workspace_members.lead_notify, set on Settings for each workspace). Each member's digest lists
// the captures they can see that nobody has announced to them yet (app/models/lead-notices.server.ts).
// Sent once even with several app instances: the instance that moves the member's last_digest_at
// forward (a conditional update) queues the email and marks the captures announced to that member
// in the same transaction; the others' update matches no row.

/** Sends every digest that is due; answers how many were queued. */
export async function runLeadDigests(now: Date = new Date()): Promise<number> {
  let sent = 0
  for (const mode of ['hourly', 'daily'] as const) {
    const due = await dueDigestMembers(mode, now)
    for (const member of due) if (await sendDigest(member, mode, now)) sent++
  }
  return sent
}

async function sendDigest(due: { workspaceId: string; userId: string }, mode: DigestMode, now: Date): Promise<boolean> {
  const config = getConfig()
  return getDb().transaction(async (tx) => {
    const member = await claimDigest(tx, due, mode, now)
    if (!member) return false
    const candidates = await owedCaptures(tx, member)
    // Marked first: a capture erased just before or being erased now drops out here (markAnnounced).
    const markedIds = new Set(
      await markAnnounced(
        tx,
        member,
        candidates.map((p) => p.id),
        now,
      ),
    )
    const pending = candidates.filter((p) => markedIds.has(p.id))
    if (pending.length === 0) return false
    const { workspaceId } = member
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
      .where(and(eq(talkSessions.workspaceId, workspaceId), inArray(talkSessions.id, sessionIds)))
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
          .where(and(eq(leads.ownerId, workspaceId), inArray(leads.id, visibleIds)))
          .orderBy(leads.createdAt, leads.id)
      : []
    const notices: SessionLeadsNotice[] = sessions.map((session) => ({
      sessionLabel: sessionLabel(session),
      // Opens this workspace whichever one the member's browser was in (the guard's ?switch=).
      leadsUrl: `${config.appUrl}${workspaceLink(`/app/sessions/${session.id}/leads`, workspaceId)}`,
      questions: session.questions,
      visible: details.filter((d) => d.sessionId === session.id),
      locked: pending.filter((p) => p.sessionId === session.id && !p.visible).length,
    }))
    // Linked to every capture it announces: erasing one deletes it, and a pending one's other
    // captures are owed to this member again (lead-erasure.server.ts, by digestFor).
    await enqueueEmail(leadDigestEmail({ to: member.email, brand: config.BRAND_NAME, period: mode, notices }), tx, {
      leadIds: pending.map((p) => p.id),
      digestFor: member.userId,
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
