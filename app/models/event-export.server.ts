import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '~/db/client.server'
import { eventRooms, eventSpeakers } from '~/db/schema/events'
import { bookingLeads } from '~/db/schema/feedback'
import { consentTexts, leadConsents, leads } from '~/db/schema/leads'
import { talkSessions, talks } from '~/db/schema/talks'
import type { Plan } from '~/lib/plans'
import { followUpsReceivedBy, type FollowUpReceived } from './follow-ups.server'
import { attendeeDetailColumns, givenToOrganiser, visibleLeadsFilter } from './leads.server'

// The organiser's lawful export of an event's leads (issue 23 Deliver 6, docs/organisers.md): only
// the captures given to the organiser (givenToOrganiser, the workspace-level side of the one
// recipients rule in leads.server.ts) and shown by the plan (visibleLeadsFilter), each with the
// session, talk, speaker and room, and its latest consent record with the full wordings the
// attendee saw (consent_texts), their versions (the hashes), who received the details and the
// answer to the box sharing them with the speaker. Read in keyset batches so an export of any size
// streams in flat memory.

export const EVENT_EXPORT_BATCH = 500

export type EventExportConsent = {
  at: Date
  noticeHash: string
  noticeText: string
  marketingHash: string | null
  marketingText: string | null
  marketingConsent: boolean
  recipients: string[]
  shareHash: string | null
  shareText: string | null
  shareConsent: boolean | null
}

export type EventExportRow = {
  id: string
  capturedAt: Date
  updatedAt: Date
  email: string
  firstName: string
  company: string | null
  jobTitle: string | null
  phone: string | null
  linkedinUrl: string | null
  answers: Record<string, string | string[] | number>
  marketingConsent: boolean
  toOrganiser: boolean
  toSpeaker: boolean
  session: {
    id: string
    code: string
    startsAt: Date
    durationMinutes: number | null
    talkTitle: string
    speakerName: string | null
    roomName: string | null
    questions: (typeof talkSessions.$inferSelect)['questions']
  }
  /** The latest consent record of the capture (a resubmission adds one); null only for captures older than the ledger. */
  consent: EventExportConsent | null
  /** The booking request left with the capture (issue 33 Deliver 3), else null. */
  booking: { organisation: string; role: string; timing: string; createdAt: Date } | null
  /** The follow-ups of this workspace the person received (issue 32 Deliver 9), newest first. */
  followUps: FollowUpReceived[]
}

/** The captures of the event the organiser may export: theirs, given to them, shown by the plan. */
function exportable(workspaceId: string, eventId: string, plan: Plan): SQL {
  return and(
    eq(leads.ownerId, workspaceId),
    sql`${leads.sessionId} in (select ${talkSessions.id} from ${talkSessions} where ${talkSessions.eventId} = ${eventId} and ${talkSessions.workspaceId} = ${workspaceId})`,
    givenToOrganiser(),
    visibleLeadsFilter({ plan }),
  )!
}

/** How many captures an export of the event holds now (the export page says so before the download). */
export async function countEventExport(workspaceId: string, eventId: string, plan: Plan) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(leads)
    .where(exportable(workspaceId, eventId, plan))
  return Number(row?.n ?? 0)
}

/** The event's exportable captures, the earliest first, `batchSize` at a time. */
export async function* eventExportBatches(
  workspaceId: string,
  eventId: string,
  plan: Plan,
  batchSize = EVENT_EXPORT_BATCH,
): AsyncGenerator<EventExportRow[]> {
  const where = exportable(workspaceId, eventId, plan)
  // The keyset as text: a JS Date drops the microseconds Postgres keeps, and would repeat or skip rows.
  let after: { at: string; id: string } | null = null
  for (;;) {
    const rows = await readBatch(where, after, batchSize)
    if (rows.length === 0) return
    const [consents, received] = await Promise.all([
      latestConsents(
        workspaceId,
        rows.map((r) => r.id),
      ),
      followUpsReceivedBy(
        workspaceId,
        rows.map((r) => r.contactId),
      ),
    ])
    yield rows.map((r) => ({
      id: r.id,
      capturedAt: r.capturedAt,
      updatedAt: r.updatedAt,
      email: r.email,
      firstName: r.firstName,
      company: r.company,
      jobTitle: r.jobTitle,
      phone: r.phone,
      linkedinUrl: r.linkedinUrl,
      answers: r.answers,
      marketingConsent: r.marketingConsent,
      toOrganiser: r.toOrganiser,
      toSpeaker: r.toSpeaker,
      session: {
        id: r.sessionId,
        code: r.code,
        startsAt: r.startsAt,
        durationMinutes: r.durationMinutes,
        talkTitle: r.talkTitle,
        speakerName: r.speakerName,
        roomName: r.roomName,
        questions: r.questions,
      },
      consent: consents.get(r.id) ?? null,
      booking:
        r.bookingAt === null
          ? null
          : {
              organisation: r.bookingOrganisation ?? '',
              role: r.bookingRole ?? '',
              timing: r.bookingTiming ?? '',
              createdAt: r.bookingAt,
            },
      followUps: received.get(r.contactId) ?? [],
    }))
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1]!
    after = { at: last.at, id: last.id }
  }
}

/** One keyset batch of exportable captures with their session, talk, speaker and room. */
function readBatch(where: SQL, after: { at: string; id: string } | null, batchSize: number) {
  return (
    getDb()
      .select({
        id: leads.id,
        at: sql<string>`${leads.createdAt}::text`,
        capturedAt: leads.createdAt,
        updatedAt: leads.updatedAt,
        email: leads.email,
        contactId: leads.contactId,
        ...attendeeDetailColumns,
        toOrganiser: leads.toOrganiser,
        toSpeaker: leads.toSpeaker,
        sessionId: talkSessions.id,
        code: talkSessions.code,
        startsAt: talkSessions.startsAt,
        durationMinutes: talkSessions.durationMinutes,
        questions: talkSessions.questions,
        talkTitle: talks.title,
        speakerName: eventSpeakers.name,
        roomName: eventRooms.name,
        bookingOrganisation: bookingLeads.organisation,
        bookingRole: bookingLeads.role,
        bookingTiming: bookingLeads.timing,
        bookingAt: bookingLeads.createdAt,
      })
      .from(leads)
      .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .leftJoin(eventSpeakers, eq(eventSpeakers.id, talkSessions.speakerId))
      .leftJoin(eventRooms, eq(eventRooms.id, talkSessions.roomId))
      // One per capture (booking_leads_lead_uq): the join adds no rows.
      .leftJoin(bookingLeads, and(eq(bookingLeads.leadId, leads.id), eq(bookingLeads.ownerId, leads.ownerId)))
      .where(after ? and(where, sql`(${leads.createdAt}, ${leads.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`) : where)
      .orderBy(leads.createdAt, leads.id)
      .limit(batchSize)
  )
}

const marketingText = alias(consentTexts, 'marketing_text')
const shareText = alias(consentTexts, 'share_text')

/** Each capture's latest consent record with its wordings in full. */
async function latestConsents(workspaceId: string, leadIds: string[]): Promise<Map<string, EventExportConsent>> {
  const rows = await getDb()
    .selectDistinctOn([leadConsents.leadId], {
      leadId: leadConsents.leadId,
      at: leadConsents.createdAt,
      noticeHash: leadConsents.noticeHash,
      noticeText: consentTexts.text,
      marketingHash: leadConsents.marketingHash,
      marketingText: marketingText.text,
      marketingConsent: leadConsents.marketingConsent,
      recipients: leadConsents.recipients,
      shareHash: leadConsents.shareHash,
      shareText: shareText.text,
      shareConsent: leadConsents.shareConsent,
    })
    .from(leadConsents)
    .innerJoin(consentTexts, eq(consentTexts.hash, leadConsents.noticeHash))
    .leftJoin(marketingText, eq(marketingText.hash, leadConsents.marketingHash))
    .leftJoin(shareText, eq(shareText.hash, leadConsents.shareHash))
    .where(and(eq(leadConsents.ownerId, workspaceId), inArray(leadConsents.leadId, leadIds)))
    .orderBy(leadConsents.leadId, desc(leadConsents.createdAt), desc(leadConsents.id))
  return new Map(
    rows.map((c): [string, EventExportConsent] => [
      c.leadId,
      {
        at: c.at,
        noticeHash: c.noticeHash,
        noticeText: c.noticeText,
        marketingHash: c.marketingHash,
        marketingText: c.marketingText,
        marketingConsent: c.marketingConsent,
        recipients: c.recipients ?? [],
        shareHash: c.shareHash,
        shareText: c.shareText,
        shareConsent: c.shareConsent,
      },
    ]),
  )
}
