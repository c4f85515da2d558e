import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { feedbackResponses } from '~/db/schema/feedback'
import { sessionCounts, sessionDisplayLinks, talks, talkSessions } from '~/db/schema/talks'
import { sessionLiveChannel } from '~/lib/live-display'
import type { Scope } from '~/lib/permissions'
import { publish } from '~/platform/live-bus.server'
import { recordAudit, type AuditActor } from './audit.server'
import { runnerSessions } from './leads.server'

// A session's display link for the projector (issue 33 Deliver 6; docs/feedback.md → The live display
// on a venue's network): made, renewed and revoked on the session's page by whoever changes the
// session (the change scope: owner, admins, the member who runs it), each audited. The token is 256
// random bits, shown once in the answer that made it and stored only as its SHA-256, as API keys and
// erasure tokens are. The display itself (/d/{token}) needs no account.

export const DISPLAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
/** What is stored of a display token, and what an open display stream keeps of it. */
export const hashDisplayToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type DisplayLinkInfo = { createdAt: Date; createdByEmail: string | null }

/** The session's display link as its page shows it (never the token), or null when it has none. */
export async function getDisplayLinkInfo(scope: Scope, sessionId: string): Promise<DisplayLinkInfo | null> {
  const [row] = await getDb()
    .select({ createdAt: sessionDisplayLinks.createdAt, createdByEmail: users.email })
    .from(sessionDisplayLinks)
    .innerJoin(talkSessions, eq(talkSessions.id, sessionDisplayLinks.sessionId))
    .leftJoin(users, eq(users.id, sessionDisplayLinks.createdBy))
    .where(and(eq(sessionDisplayLinks.sessionId, sessionId), eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope)))
    .limit(1)
  return row ?? null
}

/**
 * A new token for the session's display link: made when it has none, else renewed (the old token
 * stops at once, and any display open on it closes). Null when the session is not in the scope.
 */
export async function makeDisplayLink(
  scope: Scope,
  sessionId: string,
  actor: AuditActor,
): Promise<{ token: string; renewed: boolean } | null> {
  const token = randomBytes(32).toString('base64url')
  const result = await getDb().transaction(async (tx) => {
    const [session] = await tx
      .select({ id: talkSessions.id, eventName: talkSessions.eventName })
      .from(talkSessions)
      .where(and(eq(talkSessions.id, sessionId), eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope)))
      .for('update')
    if (!session) return null
    const [row] = await tx
      .insert(sessionDisplayLinks)
      .values({ sessionId, workspaceId: scope.ownerId, tokenHash: hashDisplayToken(token), createdBy: actor.id })
      .onConflictDoUpdate({
        target: sessionDisplayLinks.sessionId,
        set: { tokenHash: hashDisplayToken(token), createdBy: actor.id, createdAt: sql`now()` },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` })
    const renewed = !row?.inserted
    await recordAudit(
      {
        workspaceId: scope.ownerId,
        actor,
        kind: renewed ? 'display_link.renewed' : 'display_link.created',
        subject: session.eventName,
        data: { session: sessionId },
      },
      tx,
    )
    return { token, renewed }
  })
  // Displays open on the old token stop (they check their token on every change).
  if (result?.renewed) await publish(sessionLiveChannel(sessionId), { kind: 'link' })
  return result
}

/** Revokes the session's display link: /d/{token} answers 404 and open displays close. False when there was none in the scope. */
export async function revokeDisplayLink(scope: Scope, sessionId: string, actor: AuditActor) {
  const revoked = await getDb().transaction(async (tx) => {
    const rows = await tx
      .delete(sessionDisplayLinks)
      .where(
        and(
          eq(sessionDisplayLinks.sessionId, sessionId),
          sql`exists (select 1 from ${talkSessions} where ${talkSessions.id} = ${sessionDisplayLinks.sessionId}
            and ${talkSessions.workspaceId} = ${scope.ownerId}${scope.runnerId === null ? sql`` : sql` and ${talkSessions.userId} = ${scope.runnerId}`})`,
        ),
      )
      .returning({ sessionId: sessionDisplayLinks.sessionId })
    if (!rows.length) return false
    const [session] = await tx
      .select({ eventName: talkSessions.eventName })
      .from(talkSessions)
      .where(eq(talkSessions.id, sessionId))
    await recordAudit(
      {
        workspaceId: scope.ownerId,
        actor,
        kind: 'display_link.revoked',
        subject: session?.eventName ?? '',
        data: { session: sessionId },
      },
      tx,
    )
    return true
  })
  if (revoked) await publish(sessionLiveChannel(sessionId), { kind: 'link' })
  return revoked
}

export type DisplaySession = {
  id: string
  code: string
  status: 'draft' | 'live' | 'closed'
  talkTitle: string
  headline: string
  eventName: string
  offerTitle: string
  startsAt: Date
  accentColor: string
}

/** The session a display token opens, or null (never made, renewed since, revoked, or not a token). */
export async function getDisplaySession(token: string): Promise<DisplaySession | null> {
  if (!DISPLAY_TOKEN_PATTERN.test(token)) return null
  const [row] = await getDb()
    .select({
      id: talkSessions.id,
      code: talkSessions.code,
      status: talkSessions.status,
      talkTitle: talks.title,
      headline: talkSessions.headline,
      eventName: talkSessions.eventName,
      offerTitle: talkSessions.offerTitle,
      startsAt: talkSessions.startsAt,
      accentColor: talkSessions.accentColor,
    })
    .from(sessionDisplayLinks)
    .innerJoin(talkSessions, eq(talkSessions.id, sessionDisplayLinks.sessionId))
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(eq(sessionDisplayLinks.tokenHash, hashDisplayToken(token)))
    .limit(1)
  return row ?? null
}

/** The stored hash of the session's display link now, or null when it has none (open streams compare theirs). */
export async function currentDisplayTokenHash(sessionId: string) {
  const [row] = await getDb()
    .select({ tokenHash: sessionDisplayLinks.tokenHash })
    .from(sessionDisplayLinks)
    .where(eq(sessionDisplayLinks.sessionId, sessionId))
    .limit(1)
  return row?.tokenHash ?? null
}

/**
 * What a display counts and the rules its state needs: the session's sign-ups (its captures, locked
 * ones too: a number, no details), its feedback answers and window settings (app/lib/feedback.ts),
 * and its status. Null when the session is gone.
 */
export async function getDisplayCounts(sessionId: string) {
  const [row] = await getDb()
    .select({
      status: talkSessions.status,
      signups: sql<number>`coalesce(${sessionCounts.leads}, 0)::int`,
      feedback: sql<number>`(select count(*)::int from ${feedbackResponses} where ${feedbackResponses.sessionId} = ${talkSessions.id})`,
      startsAt: talkSessions.startsAt,
      durationMinutes: talkSessions.durationMinutes,
      feedbackEnabled: talkSessions.feedbackEnabled,
      feedbackOpens: talkSessions.feedbackOpens,
      feedbackOpensBeforeEndMinutes: talkSessions.feedbackOpensBeforeEndMinutes,
      feedbackClosesAfterMinutes: talkSessions.feedbackClosesAfterMinutes,
    })
    .from(talkSessions)
    .leftJoin(sessionCounts, eq(sessionCounts.sessionId, talkSessions.id))
    .where(eq(talkSessions.id, sessionId))
    .limit(1)
  return row ? { ...row, signups: Number(row.signups), feedback: Number(row.feedback) } : null
}
