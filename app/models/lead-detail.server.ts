import type { ConfirmationSkipReason } from '~/lib/confirmation-limits'
import { aliasedTable, and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { bookingLeads } from '~/db/schema/feedback'
import { crmSyncs, webhookDeliveries } from '~/db/schema/integrations'
import { consentTexts, leadConsents, leads } from '~/db/schema/leads'
import { contactNotes, contacts, leadEvents } from '~/db/schema/people'
import { talkSessions, talks, type SessionQuestion } from '~/db/schema/talks'
import type { Scope } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { isUuid } from '~/lib/text'
import { attendeeDetailColumns, runnerCondition, visibleLeadsFilter } from './leads.server'

// One person of the speaker's (issue 10 Deliver 2/3/9): the contact row, its captures the plan lets
// the speaker see (locked ones are only counted), the consent records of those captures with their
// exact texts, the timeline and the notes. A person whose captures are all locked, or another
// speaker's, is null: the routes answer 404. Every query names the owner in its WHERE clause. A
// member who sees only the leads of the sessions they run (issue 21) sees a person through a capture
// made there, and only those captures, their consent records and their timeline entries; what
// belongs to the person (status, deal, tags, notes) is the workspace's and shown whole.

type Executor = Db | Tx

/** A booking request left with a capture ("Should {speaker} speak at your company or event?", issue 33 Deliver 3). */
export type CaptureBooking = {
  id: string
  organisation: string
  role: string
  timing: string
  sessionId: string
  createdAt: Date
}

export type PersonCapture = {
  id: string
  /** The attendee asked for a booking with it (issue 33 Deliver 3): the person is hot (lead-score.ts). Scoring reads only. */
  bookingRequested?: boolean
  /** The booking request left with this capture (one per capture), read with it: never from a locked capture. */
  booking: CaptureBooking | null
  sessionId: string
  sessionCode: string
  /** Who runs the session (talk_sessions.user_id): whether the viewer opens it (sessionsScope). */
  sessionRunnerId: string
  talkId: string
  /** The organiser's event the session belongs to (issue 23); null for a speaker's own session. */
  eventId: string | null
  eventName: string
  talkTitle: string
  startsAt: Date
  timeZone: string
  questions: SessionQuestion[]
  firstName: string
  company: string | null
  jobTitle: string | null
  phone: string | null
  linkedinUrl: string | null
  answers: Record<string, string | string[] | number>
  marketingConsent: boolean
  /** Why the attendee's confirmation email was not sent (app/lib/confirmation-limits.ts); null: it was queued. */
  confirmationSkipped: ConfirmationSkipReason | null
  createdAt: Date
  updatedAt: Date
}

export type PersonConsent = {
  id: number
  leadId: string
  sessionId: string
  notice: string
  /** The version key of the notice's exact words (consent_texts.hash). */
  noticeHash: string
  marketingText: string | null
  marketingHash: string | null
  marketingConsent: boolean
  /** The language the notice was shown in (issue 31); null on rows from before languages (English). */
  language: string | null
  at: Date
}

/** The newest booking request among these captures (oldest first, as visibleCaptures returns them), else null. */
export function latestBooking(captures: readonly Pick<PersonCapture, 'booking'>[]): CaptureBooking | null {
  let latest: CaptureBooking | null = null
  for (const c of captures) if (c.booking && (!latest || c.booking.createdAt >= latest.createdAt)) latest = c.booking
  return latest
}

/**
 * The person's details as shown: each field from the newest visible capture that has it (a person
 * who left a phone number at one talk and not at the next keeps it). Never from a locked capture.
 */
export function latestDetails(captures: readonly PersonCapture[], fallbackName: string) {
  const pick = (key: 'firstName' | 'company' | 'jobTitle' | 'phone' | 'linkedinUrl') => {
    for (let i = captures.length - 1; i >= 0; i--) {
      const value = captures[i]![key]
      if (value) return value
    }
    return null
  }
  return {
    name: pick('firstName') ?? fallbackName,
    company: pick('company'),
    jobTitle: pick('jobTitle'),
    phone: pick('phone'),
    linkedinUrl: pick('linkedinUrl'),
  }
}

/** The SQL condition "this person has at least one capture the scope may see". */
export function personVisible(scope: Scope) {
  return sql`exists (select 1 from ${leads} where ${leads.contactId} = ${contacts.id} and ${leads.ownerId} = ${scope.ownerId} and ${and(visibleLeadsFilter(), runnerCondition(scope))})`
}

/** The person's row if the scope sees a capture of theirs; locks it inside a transaction. */
export async function findVisiblePerson(db: Executor, scope: Scope, contactId: string, options: { lock?: boolean } = {}) {
  const { ownerId } = scope
  if (!isUuid(contactId) || !isUuid(ownerId)) return null
  const query = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, ownerId), personVisible(scope)))
    .limit(1)
  const [row] = options.lock ? await query.for('update', { of: contacts }) : await query
  return row ?? null
}

const captureColumns = {
  id: leads.id,
  sessionId: leads.sessionId,
  sessionCode: talkSessions.code,
  sessionRunnerId: talkSessions.userId,
  talkId: talkSessions.talkId,
  eventId: talkSessions.eventId,
  eventName: talkSessions.eventName,
  talkTitle: talks.title,
  startsAt: talkSessions.startsAt,
  timeZone: talkSessions.timeZone,
  questions: talkSessions.questions,
  ...attendeeDetailColumns,
  confirmationSkipped: leads.confirmationSkipped,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
}

/** The person's captures the plan (and the runner rule) lets the scope see, oldest first, with their sessions. */
export async function visibleCaptures(db: Executor, scope: Scope, contactId: string): Promise<PersonCapture[]> {
  return (await visibleCapturesOf(db, [{ ownerId: scope.ownerId, contactId }], scope)).get(contactId) ?? []
}

/**
 * visibleCaptures of many people in one query: by person id, each list oldest first. With a scope,
 * only the captures it sees (the runner rule); without, every capture the plan shows (scoring).
 * `plan`, when the caller read the one owner's plan already, spares the gate its per-row plan lookup.
 */
export async function visibleCapturesOf(
  db: Executor,
  people: readonly { ownerId: string; contactId: string }[],
  scope?: Scope,
  plan?: Plan,
): Promise<Map<string, PersonCapture[]>> {
  const byPerson = new Map<string, PersonCapture[]>()
  if (people.length === 0) return byPerson
  const ownerOf = new Map(people.map((p) => [p.contactId, p.ownerId]))
  const rows = await db
    .select({
      ...captureColumns,
      contactId: leads.contactId,
      ownerId: leads.ownerId,
      bookingId: bookingLeads.id,
      bookingOrganisation: bookingLeads.organisation,
      bookingRole: bookingLeads.role,
      bookingTiming: bookingLeads.timing,
      bookingCreatedAt: bookingLeads.createdAt,
    })
    .from(leads)
    .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    // One per capture (booking_leads_lead_uq), so the join adds no rows.
    .leftJoin(bookingLeads, and(eq(bookingLeads.leadId, leads.id), eq(bookingLeads.ownerId, leads.ownerId)))
    .where(
      and(
        inIdList(leads.contactId, [...ownerOf.keys()]),
        inIdList(leads.ownerId, [...new Set(ownerOf.values())]),
        visibleLeadsFilter(plan ? { plan } : undefined),
        scope ? runnerCondition(scope) : undefined,
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
  for (const {
    contactId,
    ownerId,
    bookingId,
    bookingOrganisation,
    bookingRole,
    bookingTiming,
    bookingCreatedAt,
    ...row
  } of rows) {
    // Another owner's row under a person's id is never theirs to see.
    if (ownerOf.get(contactId) !== ownerId) continue
    const booking: CaptureBooking | null = bookingId
      ? {
          id: bookingId,
          organisation: bookingOrganisation ?? '',
          role: bookingRole ?? '',
          timing: bookingTiming ?? '',
          sessionId: row.sessionId,
          createdAt: bookingCreatedAt ?? row.createdAt,
        }
      : null
    const capture: PersonCapture = { ...row, bookingRequested: booking !== null, booking }
    const list = byPerson.get(contactId)
    if (list) list.push(capture)
    else byPerson.set(contactId, [capture])
  }
  return byPerson
}

/**
 * Every capture id of the person the scope works on, visible or locked (deleting a person deletes
 * them all): for a member who sees only their sessions' leads, the captures made there.
 */
export async function allCaptureIds(db: Executor, scope: Scope, contactId: string) {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.contactId, contactId), eq(leads.ownerId, scope.ownerId), runnerCondition(scope)))
  return rows.map((r) => r.id)
}

const marketingTexts = aliasedTable(consentTexts, 'marketing_texts')

/** The consent ledger rows of these captures with the exact wording shown, newest first. */
export async function consentRecords(db: Executor, ownerId: string, leadIds: string[]): Promise<PersonConsent[]> {
  if (leadIds.length === 0) return []
  return db
    .select({
      id: leadConsents.id,
      leadId: leadConsents.leadId,
      sessionId: leadConsents.sessionId,
      notice: consentTexts.text,
      noticeHash: leadConsents.noticeHash,
      marketingText: marketingTexts.text,
      marketingHash: leadConsents.marketingHash,
      marketingConsent: leadConsents.marketingConsent,
      language: leadConsents.language,
      at: leadConsents.createdAt,
    })
    .from(leadConsents)
    .innerJoin(consentTexts, eq(consentTexts.hash, leadConsents.noticeHash))
    .leftJoin(marketingTexts, eq(marketingTexts.hash, leadConsents.marketingHash))
    .where(and(eq(leadConsents.ownerId, ownerId), inArray(leadConsents.leadId, leadIds)))
    .orderBy(desc(leadConsents.createdAt), desc(leadConsents.id))
}

export type TimelineEvent = { id: number; type: string; leadId: string | null; data: Record<string, unknown>; at: Date }
export type PersonNote = { id: string; body: string; createdAt: Date; updatedAt: Date }

/**
 * Everything the detail page shows about one person, or null (not the scope's to see, no such
 * person, or every capture locked). Timeline entries about a locked capture are left out with the
 * capture; for a member who sees only their sessions' leads, so are those about any capture that is
 * not one of theirs (the person's own entries — status, deal, tags, notes — stay).
 */
export async function getPersonDetail({ scope, contactId }: { scope: Scope; contactId: string }) {
  const { ownerId } = scope
  const db = getDb()
  const person = await findVisiblePerson(db, scope, contactId)
  if (!person) return null
  const [captures, allIds, events, notes] = await Promise.all([
    visibleCaptures(db, scope, person.id),
    allCaptureIds(db, scope, person.id),
    db
      .select({
        id: leadEvents.id,
        type: leadEvents.type,
        leadId: leadEvents.leadId,
        data: leadEvents.data,
        at: leadEvents.createdAt,
      })
      .from(leadEvents)
      .where(and(eq(leadEvents.contactId, person.id), eq(leadEvents.ownerId, ownerId)))
      .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id)),
    db
      .select({
        id: contactNotes.id,
        body: contactNotes.body,
        createdAt: contactNotes.createdAt,
        updatedAt: contactNotes.updatedAt,
      })
      .from(contactNotes)
      .where(and(eq(contactNotes.contactId, person.id), eq(contactNotes.ownerId, ownerId)))
      .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id)),
  ])
  const visibleIds = new Set(captures.map((c) => c.id))
  const lockedIds = new Set(allIds.filter((id) => !visibleIds.has(id)))
  const consents = await consentRecords(db, ownerId, [...visibleIds])
  const shown = (leadId: string | null) => !leadId || (scope.runnerId === null ? !lockedIds.has(leadId) : visibleIds.has(leadId))
  return {
    person,
    captures,
    locked: lockedIds.size,
    consents,
    events: events.filter((e) => shown(e.leadId)) as TimelineEvent[],
    notes: notes as PersonNote[],
  }
}

export type PersonDetail = NonNullable<Awaited<ReturnType<typeof getPersonDetail>>>

/**
 * Everything held about one person (issue 10 Deliver 9, the attendee's right of access): the detail
 * plus the CRM sync rows and the webhook deliveries about them. Null as getPersonDetail. For a member
 * who sees only their sessions' leads, `deliveries` is null: a delivery's body may carry a capture
 * made at another member's session (the workspace's admins export the whole record).
 */
export async function getPersonExport({ scope, contactId }: { scope: Scope; contactId: string }) {
  const { ownerId } = scope
  const detail = await getPersonDetail({ scope, contactId })
  if (!detail) return null
  const db = getDb()
  const [crm, deliveries] = await Promise.all([
    db
      .select({
        provider: crmSyncs.provider,
        externalId: crmSyncs.externalId,
        state: crmSyncs.state,
        lastError: crmSyncs.lastError,
        syncedAt: crmSyncs.syncedAt,
        updatedAt: crmSyncs.updatedAt,
      })
      .from(crmSyncs)
      .where(and(eq(crmSyncs.contactId, detail.person.id), eq(crmSyncs.ownerId, ownerId))),
    scope.runnerId !== null
      ? null
      : db
          .select({
            id: webhookDeliveries.id,
            eventType: webhookDeliveries.eventType,
            payload: webhookDeliveries.payload,
            status: webhookDeliveries.status,
            attempts: webhookDeliveries.attempts,
            responseStatus: webhookDeliveries.responseStatus,
            createdAt: webhookDeliveries.createdAt,
            deliveredAt: webhookDeliveries.deliveredAt,
          })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.contactId, detail.person.id), eq(webhookDeliveries.ownerId, ownerId)))
          .orderBy(asc(webhookDeliveries.createdAt)),
  ])
  return { ...detail, crm, deliveries }
}
