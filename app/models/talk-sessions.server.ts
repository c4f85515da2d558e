import { sessionTimingChanged } from './follow-up-automatic.server'
import { refreshSessionUnlocked } from './session-unlocks.server'
import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { accounts } from '~/db/schema/accounts'
import { speakers } from '~/db/schema/directory'
import { leads } from '~/db/schema/leads'
import { sessionCounts, talks, talkSessions, type SessionFieldSwitches, type SessionQuestion } from '~/db/schema/talks'
import { enqueueJob } from '~/jobs/queue.server'
import { releaseStoredKeys } from '~/jobs/storage-release.server'
import type { FeedbackOpens } from '~/lib/feedback-values'
import type { Language } from '~/lib/i18n/languages'
import type { SessionTranslations } from '~/lib/i18n/session-translations'
import { scoringChanged } from '~/lib/lead-score'
import { canGoLive } from '~/lib/plans'
import { sessionLiveChannel } from '~/lib/live-display'
import { encodeShortCode } from '~/lib/short-link'
import { speakerNameForAttendees } from '~/lib/speaker-name'
import type { Scope } from '~/lib/permissions'
import { eraseCaptures, erasuresCommitted } from '~/models/lead-events.server'
import { publish } from '~/platform/live-bus.server'
import { purgePageCacheEverywhere } from '~/platform/page-purge.server'
import { purgeEventPages } from './events.server'
import { runnerSessions } from './leads.server'
import { lockWorkspace } from './workspaces.server'

// Sessions (one delivery of a talk) as their workspace manages them. The workspace is part of every
// WHERE clause, and for a member the runner (runnerSessions) when the scope is limited to the
// sessions they run — the route passes the read or the change scope (sessionsScope in
// app/auth/workspace.server.ts: a member changes only their own sessions, and reads a colleague's
// with "Members see every lead" on). A session outside the scope finds nothing; the route answers
// 404, or 403 for a change of a session the person reads. The free plan's "one live session at a
// time" is decided here, under a lock on the workspace's row.

export type OfferFile = { key: string; name: string; type: string; size: number }
export type SessionInput = {
  talkId: string
  eventName: string
  startsAt: Date
  timeZone: string
  city: string | null
  isOnline: boolean
  audienceSize: number | null
  headline: string
  offerKind: 'none' | 'file' | 'url'
  offerTitle: string
  offerPromise: string
  offerUrl: string | null
  /** Shown on the thank-you page; '' for none; undefined keeps the stored one (none for a new session). */
  thanksMessage?: string
  /** undefined keeps the stored file; null removes it. */
  offerFile?: OfferFile | null
  fields: SessionFieldSwitches
  questions: SessionQuestion[]
  accentColor: string
  consentText: string
  marketingText: string
  /** Feedback on the attendee page (issue 33); undefined keeps the stored value (off for a new session). */
  feedbackEnabled?: boolean
  feedbackOpens?: FeedbackOpens
  feedbackOpensBeforeEndMinutes?: number
  feedbackClosesAfterMinutes?: number
}

const CODE_ATTEMPTS = 5

export function newShortCode() {
  return encodeShortCode(randomBytes(9))
}

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

/**
 * A session's figures (leads include locked ones: the plan hides details, not numbers), as the
 * database keeps them in session_counts with every view and capture (drizzle/0038).
 */
function counted(column: 'scans' | 'visits' | 'visitors' | 'leads') {
  return sql<number>`coalesce((select c.${sql.raw(column)} from ${sessionCounts} c where c.session_id = ${talkSessions.id}), 0)::int`
}
export const statsColumns = {
  scans: counted('scans'),
  visits: counted('visits'),
  visitors: counted('visitors'),
  leads: counted('leads'),
}

/** The workspace list: every session the scope opens, soonest last, with its counts. */
export async function listSessions(scope: Scope) {
  return getDb()
    .select({
      id: talkSessions.id,
      code: talkSessions.code,
      status: talkSessions.status,
      eventName: talkSessions.eventName,
      startsAt: talkSessions.startsAt,
      timeZone: talkSessions.timeZone,
      city: talkSessions.city,
      isOnline: talkSessions.isOnline,
      talkTitle: talks.title,
      ...statsColumns,
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(and(eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope)))
    .orderBy(desc(talkSessions.startsAt), desc(talkSessions.id))
}

/** One session with everything its pages show, or null when the scope does not open it. */
export async function getSession(scope: Scope, id: string) {
  const [row] = await getDb()
    .select({ session: talkSessions, talkTitle: talks.title, ...statsColumns })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope)))
    .limit(1)
  if (!row) return null
  return {
    ...row.session,
    talkTitle: row.talkTitle,
    scans: row.scans,
    visits: row.visits,
    visitors: row.visitors,
    leads: row.leads,
  }
}

function columnsFrom(input: SessionInput) {
  const { offerFile, ...rest } = input
  const file =
    offerFile === undefined
      ? {}
      : {
          offerFileKey: offerFile?.key ?? null,
          offerFileName: offerFile?.name ?? null,
          offerFileType: offerFile?.type ?? null,
          offerFileSize: offerFile?.size ?? null,
        }
  return { ...rest, ...file }
}

/** Creates a draft run by `userId`; null when the talk is not the workspace's. */
export async function createSession({ ownerId, userId }: { ownerId: string; userId: string }, input: SessionInput) {
  const talk = await getDb()
    .select({ id: talks.id })
    .from(talks)
    .where(and(eq(talks.id, input.talkId), eq(talks.workspaceId, ownerId)))
  if (!talk.length) return null
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await getDb()
        .insert(talkSessions)
        .values({ ...columnsFrom(input), workspaceId: ownerId, userId, code: newShortCode(), status: 'draft' })
        .returning({ id: talkSessions.id, code: talkSessions.code })
      return row!
    } catch (error) {
      // 65 random bits make a clash vanishingly rare; a fresh code settles it.
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error
    }
  }
}

/** 'talk' when the chosen talk is not the workspace's; 'not-found' when the scope does not open the session. */
export async function updateSession(scope: Scope, id: string, input: SessionInput): Promise<'ok' | 'not-found' | 'talk'> {
  const { ownerId } = scope
  const mine = and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, ownerId), runnerSessions(scope))
  const [talk] = await getDb()
    .select({ id: talks.id })
    .from(talks)
    .where(and(eq(talks.id, input.talkId), eq(talks.workspaceId, ownerId)))
  if (!talk) return 'talk'
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ offerFileKey: talkSessions.offerFileKey, questions: talkSessions.questions })
      .from(talkSessions)
      .where(mine)
      .for('update')
    if (!before) return 'not-found'
    // New scoring weights rescore the session's people (lead-scoring.server.ts), once this commits.
    if (scoringChanged(before.questions, input.questions)) await enqueueJob('leads.rescore', { ownerId, sessionId: id }, { tx })
    await tx
      .update(talkSessions)
      .set({ ...columnsFrom(input), updatedAt: new Date() })
      .where(mine)
    // Its automatic follow-up's first send moves with the session's end (issue 32 Deliver 7).
    await sessionTimingChanged(tx, ownerId, id)
    // A replaced or removed offer file is deleted once this commits (unless a duplicate still uses it).
    if (input.offerFile !== undefined && before.offerFileKey && before.offerFileKey !== input.offerFile?.key) {
      await releaseStoredKeys([before.offerFileKey], tx)
    }
    return 'ok'
  })
}

export type GoLiveResult = 'ok' | 'not-found' | 'plan-limit' | 'no-name'

/**
 * draft or closed → live. The owner's account row is locked first, so concurrent requests of one
 * owner are counted one after the other and the plan's live-session limit cannot be overrun.
 * A session whose page would name nobody is refused ('no-name', issue 29 Deliver 7): the speaker
 * who runs it has given no name (Settings or the first-run step) and has no directory profile. An
 * event's session with a roster speaker shows the roster's name instead.
 */
export async function goLive(scope: Scope, id: string): Promise<GoLiveResult> {
  const { ownerId } = scope
  const result = await getDb().transaction(async (tx) => {
    const plan = await lockWorkspace(tx, ownerId)
    const [session] = await tx
      .select({
        status: talkSessions.status,
        eventId: talkSessions.eventId,
        rosterSpeaker: talkSessions.speakerId,
        displayName: accounts.displayName,
        // The profile the attendee page reads: the runner's latest (app/models/lead-capture.server.ts).
        profileName: sql<
          string | null
        >`(select ${speakers.name} from ${speakers} where ${speakers.userId} = ${talkSessions.userId}
          order by ${speakers.updatedAt} desc limit 1)`,
      })
      .from(talkSessions)
      .leftJoin(accounts, eq(accounts.userId, talkSessions.userId))
      .where(and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, ownerId), runnerSessions(scope)))
    if (!session) return { outcome: 'not-found' as const }
    if (session.status === 'live') return { outcome: 'ok' as const }
    const named = (session.eventId && session.rosterSpeaker) || speakerNameForAttendees(session) !== null
    if (!named) return { outcome: 'no-name' as const }
    const [live] = await tx
      .select({ n: count() })
      .from(talkSessions)
      .where(and(eq(talkSessions.workspaceId, ownerId), eq(talkSessions.status, 'live'), ne(talkSessions.id, id)))
    if (!canGoLive(plan, live?.n ?? 0)) return { outcome: 'plan-limit' as const }
    const now = new Date()
    await tx
      .update(talkSessions)
      .set({ status: 'live', wentLiveAt: now, closedAt: null, updatedAt: now })
      .where(and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, ownerId)))
    return { outcome: 'ok' as const, eventId: session.eventId }
  })
  // An event's speaker page links the attendee page while the session is live (issue 23).
  if (result.outcome === 'ok' && 'eventId' in result && result.eventId) purgeEventPages()
  // Committed: the session's live display shows it is live (issue 33 Deliver 6).
  if (result.outcome === 'ok' && 'eventId' in result) await publish(sessionLiveChannel(id), { kind: 'status' })
  return result.outcome
}

/** live → closed: the page stays up and says the session has ended; no new leads. */
export async function closeSession(scope: Scope, id: string): Promise<'ok' | 'not-found' | 'not-live'> {
  const now = new Date()
  const mine = and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope))
  const rows = await getDb()
    .update(talkSessions)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(and(mine, eq(talkSessions.status, 'live')))
    .returning({ id: talkSessions.id, eventId: talkSessions.eventId })
  if (rows[0]?.eventId) purgeEventPages()
  if (rows.length) {
    await publish(sessionLiveChannel(id), { kind: 'status' })
    return 'ok'
  }
  const [exists] = await getDb().select({ id: talkSessions.id }).from(talkSessions).where(mine)
  return exists ? 'not-live' : 'not-found'
}

/**
 * The next delivery of the same talk: a new draft with the same page (headline, offer, fields,
 * questions, colour, wording), a new code and no counts. The offer file is shared by reference
 * (the same stored object); its storage.delete job skips a key another session still uses. The copy
 * is run by the person who made it.
 */
export async function duplicateSession(scope: Scope, id: string) {
  const source = await getSession(scope, id)
  if (!source) return null
  const input: SessionInput = {
    talkId: source.talkId,
    eventName: source.eventName,
    startsAt: source.startsAt,
    timeZone: source.timeZone,
    city: source.city,
    isOnline: source.isOnline,
    audienceSize: source.audienceSize,
    headline: source.headline,
    offerKind: source.offerKind,
    offerTitle: source.offerTitle,
    offerPromise: source.offerPromise,
    offerUrl: source.offerUrl,
    thanksMessage: source.thanksMessage,
    offerFile: source.offerFileKey
      ? {
          key: source.offerFileKey,
          name: source.offerFileName ?? '',
          type: source.offerFileType ?? '',
          size: source.offerFileSize ?? 0,
        }
      : null,
    fields: source.fields,
    questions: source.questions,
    accentColor: source.accentColor,
    consentText: source.consentText,
    marketingText: source.marketingText,
    feedbackEnabled: source.feedbackEnabled,
    feedbackOpens: source.feedbackOpens,
    feedbackOpensBeforeEndMinutes: source.feedbackOpensBeforeEndMinutes,
    feedbackClosesAfterMinutes: source.feedbackClosesAfterMinutes,
  }
  return createSession(scope, input)
}

/**
 * Deletes the session with its leads and counts. Its captures are erased first like any other
 * deletion (recorded, lead.deleted sent, a person left without captures removed); the consent
 * ledger and erasure records stay.
 */
export async function deleteSession(scope: Scope, id: string) {
  const { ownerId } = scope
  const mine = and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, ownerId), runnerSessions(scope))
  const deleted = await getDb().transaction(async (tx) => {
    const captures = await tx
      .select({ id: leads.id })
      .from(leads)
      .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
      .where(and(eq(leads.sessionId, id), mine))
    await eraseCaptures(tx, { ownerId, leadIds: captures.map((c) => c.id) }, 'speaker', scope.userId)
    const rows = await tx.delete(talkSessions).where(mine).returning({ offerFileKey: talkSessions.offerFileKey })
    await releaseStoredKeys(
      rows.map((r) => r.offerFileKey),
      tx,
    )
    return rows.length > 0
  })
  if (!deleted) return false
  // Committed: its pages and testimonials leave every public page, and its displays close, now.
  await purgePageCacheEverywhere()
  await erasuresCommitted({ ids: [], sessionIds: [id] })
  return true
}

/** Admin: every session of one account, for the unlock switch. */
export async function listSessionsForAdmin(ownerId: string) {
  return getDb()
    .select({
      id: talkSessions.id,
      eventName: talkSessions.eventName,
      status: talkSessions.status,
      unlocked: talkSessions.unlocked,
      adminUnlocked: talkSessions.adminUnlocked,
      talkTitle: talks.title,
      leads: statsColumns.leads,
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(eq(talkSessions.workspaceId, ownerId))
    .orderBy(desc(talkSessions.startsAt))
}

/** Admin: mark a session unlocked (all its leads visible on the free plan) or lock it again. */
export async function setSessionUnlocked(id: string, unlocked: boolean) {
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(talkSessions)
      .set({ adminUnlocked: unlocked, updatedAt: new Date() })
      .where(eq(talkSessions.id, id))
      .returning({ id: talkSessions.id })
    if (!rows.length) return false
    // A paid unlock keeps the session open when an admin locks it again.
    await refreshSessionUnlocked(tx, id)
    return true
  })
}

/**
 * The session's languages (issue 31; docs/languages.md): fixed to one language (or null: it follows
 * the attendee) and the speaker's words in other languages. The ledger keeps what each attendee was
 * shown, so changing these never touches a recorded consent. False when the session is not the
 * scope's to change.
 */
export async function setSessionLanguages(
  scope: Scope,
  id: string,
  input: { language: Language | null; translations: SessionTranslations },
): Promise<boolean> {
  const rows = await getDb()
    .update(talkSessions)
    .set({ language: input.language, translations: input.translations, updatedAt: new Date() })
    .where(and(eq(talkSessions.id, id), eq(talkSessions.workspaceId, scope.ownerId), runnerSessions(scope)))
    .returning({ id: talkSessions.id })
  return rows.length > 0
}
