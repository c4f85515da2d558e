import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { feedbackReportLinks } from '~/db/schema/feedback'
import { talks, talkSessions } from '~/db/schema/talks'
import type { Scope } from '~/lib/permissions'
import { sha256Hex } from '~/platform/lead-tokens.server'
import { runnerSessions } from './leads.server'

// The shareable report link of a session (issue 33 Deliver 5; docs/feedback.md "The shareable
// report"): made, replaced and revoked by whoever changes the session (the route passes the change
// scope); opened without signing in by whoever holds the token. Only the token's SHA-256 is stored.

export const REPORT_TOKEN = /^[A-Za-z0-9_-]{43}$/

const changes = (scope: Scope, sessionId: string) =>
  getDb()
    .select({ id: talkSessions.id })
    .from(talkSessions)
    .where(and(eq(talkSessions.id, sessionId), eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope)))
    .limit(1)

/** A new link (256 random bits); any earlier link of the session stops working. Null: not the scope's session. */
export async function createReportLink(scope: Scope, sessionId: string, now = new Date()): Promise<string | null> {
  if (!(await changes(scope, sessionId)).length) return null
  const token = randomBytes(32).toString('base64url')
  await getDb().transaction(async (tx) => {
    await tx
      .update(feedbackReportLinks)
      .set({ revokedAt: now })
      .where(
        and(
          eq(feedbackReportLinks.sessionId, sessionId),
          eq(feedbackReportLinks.ownerId, scope.ownerId),
          isNull(feedbackReportLinks.revokedAt),
        ),
      )
    await tx
      .insert(feedbackReportLinks)
      .values({ sessionId, ownerId: scope.ownerId, tokenHash: sha256Hex(token), createdBy: scope.userId, createdAt: now })
  })
  return token
}

/** Revokes the session's link; false when there was none working (or not the scope's session). */
export async function revokeReportLink(scope: Scope, sessionId: string, now = new Date()) {
  if (!(await changes(scope, sessionId)).length) return false
  const rows = await getDb()
    .update(feedbackReportLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(feedbackReportLinks.sessionId, sessionId),
        eq(feedbackReportLinks.ownerId, scope.ownerId),
        isNull(feedbackReportLinks.revokedAt),
      ),
    )
    .returning({ id: feedbackReportLinks.id })
  return rows.length > 0
}

/** Whether the session has a working link, and since when (the token itself is not kept). */
export async function activeReportLink(ownerId: string, sessionId: string) {
  const [row] = await getDb()
    .select({ createdAt: feedbackReportLinks.createdAt })
    .from(feedbackReportLinks)
    .where(
      and(
        eq(feedbackReportLinks.sessionId, sessionId),
        eq(feedbackReportLinks.ownerId, ownerId),
        isNull(feedbackReportLinks.revokedAt),
      ),
    )
    .limit(1)
  return row ?? null
}

/** The session a working token opens, or null (unknown, malformed or revoked). */
export async function sessionByReportToken(token: string) {
  if (!REPORT_TOKEN.test(token)) return null
  const [row] = await getDb()
    .select({
      id: talkSessions.id,
      ownerId: talkSessions.workspaceId,
      eventName: talkSessions.eventName,
      startsAt: talkSessions.startsAt,
      timeZone: talkSessions.timeZone,
      talkTitle: talks.title,
    })
    .from(feedbackReportLinks)
    .innerJoin(talkSessions, eq(talkSessions.id, feedbackReportLinks.sessionId))
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(
      and(
        eq(feedbackReportLinks.tokenHash, sha256Hex(token)),
        isNull(feedbackReportLinks.revokedAt),
        eq(talkSessions.workspaceId, feedbackReportLinks.ownerId),
      ),
    )
    .limit(1)
  return row ?? null
}
