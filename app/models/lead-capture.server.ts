import { and, desc, eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb, type Db } from '~/db/client.server'
import {
  accounts,
  consentTexts,
  contacts,
  leadConsents,
  leads,
  leadSubmissions,
  sessionViews,
  speakers,
  talkSessions,
  talks,
  users,
} from '~/db/schema'
import { attendeeConfirmationEmail, newLeadEmail } from '~/emails/leads'
import { consentTextHash, normalizeConsentText } from '~/lib/consent-text'
import type { LeadInput } from '~/lib/lead-form'
import { isPlan, visibleLeadLimit, type Plan } from '~/lib/plans'
import type { SessionViewKind } from '~/lib/session-views'
import { enqueueEmail } from '~/services/email.server'
import { eraseCaptures, recordLeadEvent } from '~/services/lead-events.server'
import { newEraseToken, sha256Hex } from '~/services/lead-tokens.server'

// The attendee side of lead capture (issue 9): the public session page, its counted views, the
// idempotent submit with its consent ledger row and emails, the thank-you look-up and erasure.
// The speaker's read path (plan gates) is app/models/leads.server.ts.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const publicSessionColumns = {
  id: talkSessions.id,
  userId: talkSessions.userId,
  code: talkSessions.code,
  status: talkSessions.status,
  headline: talkSessions.headline,
  talkTitle: talks.title,
  eventName: talkSessions.eventName,
  offerTitle: talkSessions.offerTitle,
  offerPromise: talkSessions.offerPromise,
  offerKind: talkSessions.offerKind,
  offerUrl: talkSessions.offerUrl,
  offerFileKey: talkSessions.offerFileKey,
  offerFileName: talkSessions.offerFileName,
  offerFileType: talkSessions.offerFileType,
  offerFileSize: talkSessions.offerFileSize,
  fields: talkSessions.fields,
  questions: talkSessions.questions,
  accentColor: talkSessions.accentColor,
  consentText: talkSessions.consentText,
  marketingText: talkSessions.marketingText,
  unlocked: talkSessions.unlocked,
  ownerEmail: users.email,
  plan: accounts.plan,
  leadNotify: accounts.leadNotify,
  speakerName: speakers.name,
  speakerJobTitle: speakers.jobTitle,
  speakerCompany: speakers.company,
  speakerEmail: speakers.email,
  speakerPhoto: speakers.profileImageUrl,
  speakerLinkedin: speakers.linkedinUrl,
  speakerWebsite: speakers.websiteUrl,
}

type PublicSessionRow = Awaited<ReturnType<typeof publicSessionQuery>>[number]

export type PublicSession = Omit<PublicSessionRow, 'plan' | 'leadNotify' | 'speakerName'> & {
  plan: Plan
  leadNotify: 'instant' | 'hourly' | 'daily' | 'off'
  /** The talk title when the speaker left the headline empty. */
  displayHeadline: string
  /** The speaker's directory name; the account email when they have no profile yet (the controller must be named). */
  speakerName: string
  hasOffer: boolean
}

function toPublicSession(row: PublicSessionRow): PublicSession {
  const hasOffer = (row.offerKind === 'url' && !!row.offerUrl) || (row.offerKind === 'file' && !!row.offerFileKey)
  return {
    ...row,
    plan: isPlan(row.plan) ? row.plan : 'free',
    leadNotify: row.leadNotify ?? 'instant',
    displayHeadline: row.headline.trim() || row.talkTitle,
    speakerName: row.speakerName?.trim() || row.ownerEmail,
    hasOffer,
  }
}

function publicSessionQuery(db: Db | Tx) {
  return db
    .select(publicSessionColumns)
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .innerJoin(users, eq(users.id, talkSessions.userId))
    .leftJoin(accounts, eq(accounts.userId, talkSessions.userId))
    .leftJoin(speakers, eq(speakers.userId, talkSessions.userId))
    .orderBy(desc(speakers.updatedAt))
    .limit(1)
}

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** The session behind /t/{code}, whatever its status (the route decides who may see a draft). */
// Read on every page view and sign-up: built once per database handle (drizzle's query building
// costs more CPU than the query itself here).
const preparedPublicSession = new WeakMap<Db, ReturnType<typeof preparePublicSession>>()
function preparePublicSession(db: Db) {
  return publicSessionQuery(db)
    .where(eq(talkSessions.code, sql.placeholder('code')))
    .prepare('lectern_public_session')
}

export async function getPublicSession(code: string): Promise<PublicSession | null> {
  if (!CODE_PATTERN.test(code)) return null
  const db = getDb()
  let prepared = preparedPublicSession.get(db)
  if (!prepared) preparedPublicSession.set(db, (prepared = preparePublicSession(db)))
  const [row] = await prepared.execute({ code })
  return row ? toPublicSession(row) : null
}

/** One scan or visit; `visitor` is the daily-salted hash of address and user agent, never the address. */
export async function recordSessionView(sessionId: string, kind: SessionViewKind, visitor: string) {
  await getDb().insert(sessionViews).values({ sessionId, kind, visitor })
}

// Consent texts are append-only and never deleted, so a hash stored once by this process is
// known to exist: skip the insert for it (one statement less per sign-up).
const storedConsentHashes = new Set<string>()

async function storeConsentTexts(tx: Tx, texts: string[]) {
  const missing = texts.filter((t) => !storedConsentHashes.has(consentTextHash(t)))
  if (missing.length === 0) return []
  const rows = missing.map((t) => ({ hash: consentTextHash(t), text: normalizeConsentText(t) }))
  await tx.insert(consentTexts).values(rows).onConflictDoNothing({ target: consentTexts.hash })
  return rows.map((r) => r.hash)
}

class DuplicateSubmission extends Error {}

export type SubmitLeadInput = {
  session: PublicSession
  submissionId: string
  input: LeadInput
  /** The consent notice exactly as shown (app/lib/consent-text.ts). */
  noticeText: string
  /** The marketing tick box's label as shown, or null when the page had none. */
  marketingText: string | null
}

export type SubmitLeadResult = { leadId: string; duplicate: boolean }

/**
 * Stores one submission: lead upsert (same email on the same session updates it), the submission
 * id (a repeat of it changes nothing and answers like the first), the consent ledger row and the
 * emails, in one transaction. Returns null if the submission id belongs to another session.
 */
export async function submitLead({
  session,
  submissionId,
  input,
  noticeText,
  marketingText,
}: SubmitLeadInput): Promise<SubmitLeadResult | null> {
  const config = getConfig()
  const db = getDb()
  const erase = newEraseToken()
  const instant = session.leadNotify === 'instant'
  let newHashes: string[] = []
  try {
    const result = await db.transaction(async (tx) => {
      const now = new Date()
      // One person per (speaker, email) across their sessions (issue 10): merged here, at capture.
      const [contact] = await tx
        .insert(contacts)
        .values({
          ownerId: session.userId,
          email: input.email,
          firstName: input.firstName,
          company: input.company,
          jobTitle: input.jobTitle,
          marketingConsent: input.marketingConsent,
          firstSeenAt: now,
          lastSeenAt: now,
        })
        .onConflictDoUpdate({
          target: [contacts.ownerId, contacts.email],
          set: {
            firstName: sql`excluded.first_name`,
            company: sql`coalesce(excluded.company, ${contacts.company})`,
            jobTitle: sql`coalesce(excluded.job_title, ${contacts.jobTitle})`,
            marketingConsent: sql`excluded.marketing_consent`,
            lastSeenAt: now,
            updatedAt: now,
          },
        })
        .returning({ id: contacts.id })
      const contactId = contact!.id
      const [lead] = await tx
        .insert(leads)
        .values({
          sessionId: session.id,
          ownerId: session.userId,
          contactId,
          email: input.email,
          firstName: input.firstName,
          company: input.company,
          jobTitle: input.jobTitle,
          phone: input.phone,
          linkedinUrl: input.linkedinUrl,
          answers: input.answers,
          marketingConsent: input.marketingConsent,
          eraseTokenHash: erase.hash,
          // Instant mode: the notification is queued below, in this transaction.
          notifiedAt: instant ? now : null,
        })
        .onConflictDoUpdate({
          target: [leads.sessionId, leads.email],
          // The newest answers win; a field left empty this time keeps what the attendee gave before.
          // The erasure token stays: the link in the first confirmation email keeps working.
          set: {
            firstName: sql`excluded.first_name`,
            company: sql`coalesce(excluded.company, ${leads.company})`,
            jobTitle: sql`coalesce(excluded.job_title, ${leads.jobTitle})`,
            phone: sql`coalesce(excluded.phone, ${leads.phone})`,
            linkedinUrl: sql`coalesce(excluded.linkedin_url, ${leads.linkedinUrl})`,
            answers: sql`${leads.answers} || excluded.answers`,
            marketingConsent: sql`excluded.marketing_consent`,
            updatedAt: now,
          },
        })
        .returning({ id: leads.id, inserted: sql<boolean>`(xmax = 0)` })
      const leadId = lead!.id
      const isNew = lead!.inserted
      // Everything below depends only on the lead's id: issued together (one wave of round trips,
      // pipelined on Postgres), in order on the one transaction connection.
      const [[submission], hashes, visible] = await Promise.all([
        tx
          .insert(leadSubmissions)
          .values({ id: submissionId, leadId, sessionId: session.id })
          .onConflictDoNothing({ target: leadSubmissions.id })
          .returning({ id: leadSubmissions.id }),
        // The ledger row references its texts: stored first.
        storeConsentTexts(tx, marketingText ? [noticeText, marketingText] : [noticeText]).then(async (stored) => {
          await tx.insert(leadConsents).values({
            leadId,
            sessionId: session.id,
            ownerId: session.userId,
            submissionId,
            noticeHash: consentTextHash(noticeText),
            marketingHash: marketingText ? consentTextHash(marketingText) : null,
            marketingConsent: input.marketingConsent,
          })
          return stored
        }),
        isNew && instant ? isNewLeadVisible(tx, session) : Promise.resolve(false),
        recordLeadEvent(tx, {
          ownerId: session.userId,
          contactId,
          leadId,
          type: isNew ? 'captured' : 'resubmitted',
          data: { sessionId: session.id },
          notify: isNew ? 'lead.created' : 'lead.updated',
        }),
        isNew
          ? enqueueEmail(
              attendeeConfirmationEmail({
                to: input.email,
                brand: config.BRAND_NAME,
                firstName: input.firstName,
                speakerName: session.speakerName,
                talkTitle: session.talkTitle,
                eventName: session.eventName,
                offerTitle: session.offerTitle,
                offerPromise: session.offerPromise,
                hasOffer: session.hasOffer,
                thanksUrl: `${config.appUrl}/t/${session.code}/thanks/${submissionId}`,
                eraseUrl: `${config.appUrl}/t/${session.code}/erase/${erase.token}`,
              }),
              tx,
            )
          : null,
      ])
      // Seen before (a double tap, a retry): undo this attempt and answer like the first one.
      if (!submission) throw new DuplicateSubmission()
      newHashes = hashes

      if (isNew && instant) {
        await enqueueEmail(
          newLeadEmail({
            to: session.ownerEmail,
            brand: config.BRAND_NAME,
            notice: {
              sessionLabel: sessionLabel(session),
              leadsUrl: `${config.appUrl}/app/sessions/${session.id}/leads`,
              questions: session.questions,
              visible: visible ? [input] : [],
              locked: visible ? 0 : 1,
            },
          }),
          tx,
        )
      }
      return { leadId, duplicate: false }
    })
    for (const hash of newHashes) storedConsentHashes.add(hash)
    return result
  } catch (error) {
    if (!(error instanceof DuplicateSubmission)) throw error
    const existing = await findSubmission(session.id, submissionId)
    return existing ? { leadId: existing.leadId, duplicate: true } : null
  }
}

export function sessionLabel(session: { talkTitle: string; eventName: string }) {
  return `${session.talkTitle} · ${session.eventName}`
}

/**
 * Whether the lead just inserted is one the owner may see: all when the plan or an unlock allows,
 * else only while the session has at most the plan's number of leads (the earliest are visible).
 * The count stops at limit + 1 rows, so it costs the same on a session with thousands of leads.
 */
async function isNewLeadVisible(tx: Tx, session: Pick<PublicSession, 'id' | 'plan' | 'unlocked'>) {
  const limit = visibleLeadLimit(session.plan, session.unlocked)
  if (limit === null) return true
  const rows = await tx
    .select({ one: sql`1` })
    .from(leads)
    .where(eq(leads.sessionId, session.id))
    .limit(limit + 1)
  return rows.length <= limit
}

async function findSubmission(sessionId: string, submissionId: string) {
  const [row] = await getDb()
    .select({ leadId: leadSubmissions.leadId })
    .from(leadSubmissions)
    .where(and(eq(leadSubmissions.id, submissionId), eq(leadSubmissions.sessionId, sessionId)))
    .limit(1)
  return row ?? null
}

/** The thank-you page's data: the session and the attendee's first name, for this submission only. */
export async function getThanks(code: string, submissionId: string) {
  if (!CODE_PATTERN.test(code) || !/^[0-9a-f-]{36}$/.test(submissionId)) return null
  const [row] = await publicSessionQuery(getDb())
    .innerJoin(leadSubmissions, and(eq(leadSubmissions.sessionId, talkSessions.id), eq(leadSubmissions.id, submissionId)))
    .where(eq(talkSessions.code, code))
  if (!row) return null
  const [lead] = await getDb()
    .select({ firstName: leads.firstName })
    .from(leads)
    .innerJoin(leadSubmissions, eq(leadSubmissions.leadId, leads.id))
    .where(eq(leadSubmissions.id, submissionId))
    .limit(1)
  return lead ? { session: toPublicSession(row), firstName: lead.firstName } : null
}

/** The lead an erasure link points at (by the token's hash), on this session. */
export async function getLeadByEraseToken(code: string, token: string) {
  const [row] = await getDb()
    .select({ id: leads.id, firstName: leads.firstName, sessionCode: talkSessions.code })
    .from(leads)
    .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
    .where(and(eq(leads.eraseTokenHash, sha256Hex(token)), eq(talkSessions.code, code)))
    .limit(1)
  return row ?? null
}

/**
 * Erases the capture behind an attendee's link (app/services/lead-events.server.ts eraseCaptures:
 * the erasure is recorded, the person goes when it was their last capture, lead.deleted is sent).
 * True if a lead was erased.
 */
export async function eraseLeadByToken(code: string, token: string) {
  return getDb().transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, ownerId: leads.ownerId })
      .from(leads)
      .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
      .where(and(eq(leads.eraseTokenHash, sha256Hex(token)), eq(talkSessions.code, code)))
      .limit(1)
    if (!lead) return false
    const erased = await eraseCaptures(tx, { ownerId: lead.ownerId, leadIds: [lead.id] }, 'attendee')
    return erased.length > 0
  })
}
