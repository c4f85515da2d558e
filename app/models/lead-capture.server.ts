import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { accounts, users } from '~/db/schema/accounts'
import { speakers } from '~/db/schema/directory'
import { eventSpeakers, events } from '~/db/schema/events'
import { leadConsents, leads, leadSubmissions } from '~/db/schema/leads'
import { sessionViews, talkSessions, talks } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { receivedBy, type EventParties } from '~/lib/consent-text'
import { dictionary } from '~/lib/i18n/dictionaries'
import { isLanguage, type Language } from '~/lib/i18n/languages'
import { isPlan, type Plan } from '~/lib/plans'
import type { SessionViewKind } from '~/lib/session-views'
import { publicName } from '~/lib/public-name'
import { wordingsForSpeaker } from '~/lib/session-wording'
import { speakerInText, speakerNameForAttendees } from '~/lib/speaker-name'
import { eraseCaptures, erasuresCommitted } from '~/models/lead-events.server'
import { sha256Hex } from '~/platform/lead-tokens.server'

// The attendee side of lead capture (issue 9): the public session page, its counted views, the
// thank-you look-up and erasure. The sign-up itself, one statement with its consent ledger row and
// emails, is app/models/lead-submit.server.ts; the speaker's read path (plan gates) is
// app/models/leads.server.ts.

const publicSessionColumns = {
  id: talkSessions.id,
  userId: talkSessions.userId,
  workspaceId: talkSessions.workspaceId,
  code: talkSessions.code,
  status: talkSessions.status,
  headline: talkSessions.headline,
  talkTitle: talks.title,
  eventName: talkSessions.eventName,
  offerTitle: talkSessions.offerTitle,
  offerPromise: talkSessions.offerPromise,
  thanksMessage: talkSessions.thanksMessage,
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
  // Issue 31: the session's fixed language (or null), the speaker's translations, the workspace's language.
  fixedLanguage: talkSessions.language,
  translations: talkSessions.translations,
  workspaceLanguage: workspaces.language,
  unlocked: talkSessions.unlocked,
  // Feedback in the room (issue 33): the window's settings and the times it is computed from.
  startsAt: talkSessions.startsAt,
  durationMinutes: talkSessions.durationMinutes,
  timeZone: talkSessions.timeZone,
  feedbackEnabled: talkSessions.feedbackEnabled,
  feedbackOpens: talkSessions.feedbackOpens,
  feedbackOpensBeforeEndMinutes: talkSessions.feedbackOpensBeforeEndMinutes,
  feedbackClosesAfterMinutes: talkSessions.feedbackClosesAfterMinutes,
  ownerEmail: users.email,
  plan: workspaces.plan,
  displayName: accounts.displayName,
  speakerName: speakers.name,
  speakerJobTitle: speakers.jobTitle,
  speakerCompany: speakers.company,
  speakerEmail: speakers.email,
  speakerPhoto: speakers.profileImageUrl,
  speakerLinkedin: speakers.linkedinUrl,
  speakerWebsite: speakers.websiteUrl,
  // An organiser's event (issue 23): who receives the captures, the organiser's name, the roster speaker.
  eventId: talkSessions.eventId,
  eventRecipients: events.recipients,
  organiserName: workspaces.name,
  // The organiser's contact for an event's notice (GDPR Art. 13): the workspace owner's sign-in
  // address (exactly one owner: workspace_members_one_owner_uq). Read only for an event's session.
  organiserEmail: sql<
    string | null
  >`case when ${talkSessions.eventId} is null then null else (select "ou"."email" from ${workspaceMembers} "om" join ${users} "ou" on "ou"."id" = "om"."user_id" where "om"."workspace_id" = ${talkSessions.workspaceId} and "om"."role" = 'owner') end`,
  rosterName: eventSpeakers.name,
  rosterJobTitle: eventSpeakers.jobTitle,
  rosterCompany: eventSpeakers.company,
  rosterPhoto: eventSpeakers.photoUrl,
  rosterUserId: eventSpeakers.userId,
}

type PublicSessionRow = Awaited<ReturnType<typeof publicSessionQuery>>[number]

type RosterColumns = 'rosterName' | 'rosterJobTitle' | 'rosterCompany' | 'rosterPhoto' | 'rosterUserId'

export type PublicSession = Omit<
  PublicSessionRow,
  'plan' | 'speakerName' | 'displayName' | 'eventRecipients' | 'organiserEmail' | RosterColumns
> & {
  plan: Plan
  /** A session of an organiser's event: who receives its captures (the notice names them). Null outside events. */
  event: EventParties | null
  /** The talk title when the speaker left the headline empty. */
  displayHeadline: string
  /** The speaker as attendees' texts name them: their name (speakerNameForAttendees), else "the speaker" — never an address. */
  speakerName: string
  /** Whether the speaker has a name: the heading and the title show one only then. */
  speakerNamed: boolean
  /**
   * The controller's contact for the notice (GDPR Art. 13), on its own labelled line: the speaker's
   * sign-in address outside events; on an event's session the organiser's (the workspace owner's),
   * or, when only the speaker receives the details and has claimed their page, the speaker's.
   */
  contactEmail: string | null
  hasOffer: boolean
}

function toPublicSession(publicRow: PublicSessionRow): PublicSession {
  const {
    displayName,
    eventRecipients,
    organiserEmail,
    rosterName,
    rosterJobTitle,
    rosterCompany,
    rosterPhoto,
    rosterUserId,
    ...row
  } = publicRow
  const hasOffer = (row.offerKind === 'url' && !!row.offerUrl) || (row.offerKind === 'file' && !!row.offerFileKey)
  const base = {
    ...row,
    plan: isPlan(row.plan) ? row.plan : 'free',
    displayHeadline: row.headline.trim() || row.talkTitle,
    hasOffer,
  } as const
  if (!row.eventId || !eventRecipients || rosterName === null) {
    const name = speakerNameForAttendees({ displayName, profileName: row.speakerName })
    return {
      ...base,
      // A default wording written without the name (or, before names were asked for, with the account email) follows it.
      ...wordingsForSpeaker(row, { name, accountEmail: row.ownerEmail }),
      speakerName: speakerInText(name),
      speakerNamed: name !== null,
      contactEmail: row.ownerEmail,
      event: null,
    }
  }
  // An event's session shows its roster speaker, whoever runs it: until the speaker claims their
  // page the runner is the organiser, whose own name, profile and address are not the speaker's.
  const claimed = rosterUserId !== null && rosterUserId === row.userId
  const roster = publicName(rosterName)
  return {
    ...base,
    speakerName: speakerInText(roster),
    speakerNamed: roster !== null,
    // Whoever decides how the details are used: the organiser, unless only the speaker receives them.
    // Until the speaker claims their page the organiser runs it and answers for it.
    contactEmail: eventRecipients === 'speaker' && claimed ? row.ownerEmail : organiserEmail,
    speakerJobTitle: rosterJobTitle || null,
    speakerCompany: rosterCompany || null,
    speakerPhoto: rosterPhoto || null,
    speakerEmail: claimed ? row.speakerEmail : null,
    speakerLinkedin: claimed ? row.speakerLinkedin : null,
    speakerWebsite: claimed ? row.speakerWebsite : null,
    event: { recipients: eventRecipients, organiserName: publicName(row.organiserName) },
  }
}

function publicSessionQuery(db: Db | Tx) {
  return db
    .select(publicSessionColumns)
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .innerJoin(users, eq(users.id, talkSessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, talkSessions.workspaceId))
    .leftJoin(accounts, eq(accounts.userId, talkSessions.userId))
    .leftJoin(speakers, eq(speakers.userId, talkSessions.userId))
    .leftJoin(events, eq(events.id, talkSessions.eventId))
    .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
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

export function sessionLabel(session: { talkTitle: string; eventName: string }) {
  return `${session.talkTitle} · ${session.eventName}`
}

/** The thank-you page's data: the session and the attendee's first name, for this submission only. */
export async function getThanks(code: string, submissionId: string) {
  if (!CODE_PATTERN.test(code) || !/^[0-9a-f-]{36}$/.test(submissionId)) return null
  const [row] = await publicSessionQuery(getDb())
    .innerJoin(leadSubmissions, and(eq(leadSubmissions.sessionId, talkSessions.id), eq(leadSubmissions.id, submissionId)))
    .where(eq(talkSessions.code, code))
  if (!row) return null
  const [lead] = await getDb()
    .select({
      firstName: leads.firstName,
      confirmationSkipped: leads.confirmationSkipped,
      toOrganiser: leads.toOrganiser,
      toSpeaker: leads.toSpeaker,
      language: leadConsents.language,
    })
    .from(leads)
    .innerJoin(leadSubmissions, eq(leadSubmissions.leadId, leads.id))
    // By the lead (indexed), then this submission's row.
    .leftJoin(leadConsents, and(eq(leadConsents.leadId, leads.id), eq(leadConsents.submissionId, leadSubmissions.id)))
    .where(eq(leadSubmissions.id, submissionId))
    .limit(1)
  if (!lead) return null
  const session = toPublicSession(row)
  // The language of this sign-up, as the ledger recorded it (English before languages existed).
  const language: Language = isLanguage(lead.language) ? lead.language : 'en'
  const speakerName = session.speakerNamed ? session.speakerName : dictionary(language).speaker.unnamed
  return {
    session,
    language,
    firstName: lead.firstName,
    confirmationSkipped: lead.confirmationSkipped !== null,
    /** Who has the details now, by name (the latest submission decides: app/lib/consent-text.ts receivedBy). */
    receivedBy: receivedBy({ speakerName, event: session.event, language }, lead),
  }
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
 * Erases the capture behind an attendee's link (app/models/lead-events.server.ts eraseCaptures:
 * the erasure is recorded, the person goes when it was their last capture, lead.deleted is sent).
 * True if a lead was erased.
 */
export async function eraseLeadByToken(code: string, token: string) {
  const erased = await getDb().transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, ownerId: leads.ownerId })
      .from(leads)
      .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
      .where(and(eq(leads.eraseTokenHash, sha256Hex(token)), eq(talkSessions.code, code)))
      .limit(1)
    if (!lead) return null
    return eraseCaptures(tx, { ownerId: lead.ownerId, leadIds: [lead.id] }, 'attendee')
  })
  if (!erased || erased.ids.length === 0) return false
  // Committed: a testimonial it carried leaves every public page (the live bus for the other
  // processes) and the session's display counts one sign-up fewer, now.
  await erasuresCommitted(erased)
  return true
}
