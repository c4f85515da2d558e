import type { WorkspaceScope } from '~/auth/workspace.server'
import { csvStream, type CsvColumn } from '~/lib/csv'
import { jsonStream } from '~/lib/json-stream'
import { formatAnswer } from '~/lib/lead-form'
import { followUpFate } from '~/lib/lead-timeline'
import { recordAudit } from '~/models/audit.server'
import { eventExportBatches, type EventExportRow } from '~/models/event-export.server'
import type { EventRow } from '~/models/events.server'
import { ownerPlan } from '~/models/leads.server'

// The organiser's lawful export of an event's leads as a download (issue 23 Deliver 6): CSV (one
// row per capture, formula-safe through app/lib/csv.ts) or JSON (one document, the same facts with
// answers and recipients as JSON values). Both stream in the model's keyset batches and are written
// to the audit log when the stream ends, with the rows that actually went out.

export const EVENT_EXPORT_FORMATS = ['csv', 'json'] as const
export type EventExportFormat = (typeof EVENT_EXPORT_FORMATS)[number]

type CsvRow = {
  capturedAt: Date
  email: string
  firstName: string
  company: string
  jobTitle: string
  phone: string
  linkedinUrl: string
  answers: string
  marketingConsent: string
  talkTitle: string
  speakerName: string
  roomName: string
  startsAt: Date
  sessionCode: string
  recipients: string[]
  sharedWithSpeaker: string
  consentAt: Date | null
  noticeHash: string
  noticeText: string
  marketingHash: string
  marketingText: string
  shareHash: string
  shareText: string
  bookingOrganisation: string
  bookingRole: string
  bookingTiming: string
  followUps: string
}

export const EVENT_EXPORT_COLUMNS: CsvColumn<CsvRow>[] = [
  { key: 'capturedAt', label: 'Captured at (UTC)' },
  { key: 'email', label: 'Email' },
  { key: 'firstName', label: 'First name' },
  { key: 'company', label: 'Company' },
  { key: 'jobTitle', label: 'Job title' },
  { key: 'phone', label: 'Phone' },
  { key: 'linkedinUrl', label: 'LinkedIn' },
  { key: 'answers', label: 'Answers' },
  { key: 'marketingConsent', label: 'Marketing consent' },
  { key: 'talkTitle', label: 'Talk' },
  { key: 'speakerName', label: 'Speaker' },
  { key: 'roomName', label: 'Room' },
  { key: 'startsAt', label: 'Session starts (UTC)' },
  { key: 'sessionCode', label: 'Session code' },
  { key: 'recipients', label: 'Recipients' },
  { key: 'sharedWithSpeaker', label: 'Shared with the speaker (tick box)' },
  { key: 'consentAt', label: 'Consent recorded at (UTC)' },
  { key: 'noticeHash', label: 'Consent notice version (SHA-256)' },
  { key: 'noticeText', label: 'Consent notice wording' },
  { key: 'marketingHash', label: 'Marketing wording version (SHA-256)' },
  { key: 'marketingText', label: 'Marketing wording' },
  { key: 'shareHash', label: 'Sharing box version (SHA-256)' },
  { key: 'shareText', label: 'Sharing box wording' },
  // Issue 33 Deliver 3: the booking request left with the capture (empty when none).
  { key: 'bookingOrganisation', label: 'Booking organisation' },
  { key: 'bookingRole', label: 'Booking role' },
  { key: 'bookingTiming', label: 'Booking when' },
  // Issue 32 Deliver 9: this workspace's follow-ups the person received, each with its fate.
  { key: 'followUps', label: 'Follow-ups received' },
]

/** The tick box's answer: yes or no where the page had the box, empty where it had none. */
function shared(consent: EventExportRow['consent']) {
  if (consent?.shareConsent === null || consent?.shareConsent === undefined) return ''
  return consent.shareConsent ? 'yes' : 'no'
}

function toCsvRow(r: EventExportRow): CsvRow {
  const answers = r.session.questions
    .filter((q) => r.answers[q.id] !== undefined)
    .map((q) => `${q.label}: ${formatAnswer(r.answers[q.id])}`)
    .join('; ')
  return {
    capturedAt: r.capturedAt,
    email: r.email,
    firstName: r.firstName,
    company: r.company ?? '',
    jobTitle: r.jobTitle ?? '',
    phone: r.phone ?? '',
    linkedinUrl: r.linkedinUrl ?? '',
    answers,
    marketingConsent: r.marketingConsent ? 'yes' : 'no',
    talkTitle: r.session.talkTitle,
    speakerName: r.session.speakerName ?? '',
    roomName: r.session.roomName ?? '',
    startsAt: r.session.startsAt,
    sessionCode: r.session.code,
    recipients: r.consent?.recipients ?? [],
    sharedWithSpeaker: shared(r.consent),
    consentAt: r.consent?.at ?? null,
    noticeHash: r.consent?.noticeHash ?? '',
    noticeText: r.consent?.noticeText ?? '',
    marketingHash: r.consent?.marketingHash ?? '',
    marketingText: r.consent?.marketingText ?? '',
    shareHash: r.consent?.shareHash ?? '',
    shareText: r.consent?.shareText ?? '',
    bookingOrganisation: r.booking?.organisation ?? '',
    bookingRole: r.booking?.role ?? '',
    bookingTiming: r.booking?.timing ?? '',
    followUps: r.followUps.map((f) => `“${f.subject}”: ${followUpFate(f)}`).join('; '),
  }
}

function toJsonRecord(r: EventExportRow) {
  const { questions, ...session } = r.session
  return {
    capturedAt: r.capturedAt,
    updatedAt: r.updatedAt,
    attendee: {
      email: r.email,
      firstName: r.firstName,
      company: r.company,
      jobTitle: r.jobTitle,
      phone: r.phone,
      linkedinUrl: r.linkedinUrl,
      answers: questions
        .filter((q) => r.answers[q.id] !== undefined)
        .map((q) => ({ question: q.label, answer: r.answers[q.id] })),
      marketingConsent: r.marketingConsent,
    },
    session,
    consent: r.consent,
    booking: r.booking,
    followUps: r.followUps,
  }
}

/** The download of the event's exportable leads in this format, recorded in the audit log when it ends. */
export async function eventExportResponse(request: Request, scope: WorkspaceScope, event: EventRow, format: EventExportFormat) {
  const plan = await ownerPlan(scope.ownerId)
  const batches = eventExportBatches(scope.ownerId, event.id, plan)
  const onEnd = ({ rows, complete }: { rows: number; complete: boolean }) =>
    recordAudit({
      workspaceId: scope.ownerId,
      actor: scope.user,
      kind: 'export.made',
      subject: `Event leads ${format.toUpperCase()}: ${event.name}`,
      data: { format, rows, eventId: event.id, ...(complete ? {} : { complete }) },
    })
  const options = { signal: request.signal, onEnd }
  const stream =
    format === 'csv'
      ? csvStream(batches, EVENT_EXPORT_COLUMNS, toCsvRow, options)
      : jsonStream(
          {
            event: {
              id: event.id,
              name: event.name,
              slug: event.slug,
              startsOn: event.startsOn,
              endsOn: event.endsOn,
              timeZone: event.timeZone,
              recipients: event.recipients,
            },
            exportedAt: new Date().toISOString(),
          },
          'leads',
          batches,
          toJsonRecord,
          options,
        )
  const file = `${event.slug}-leads-${new Date().toISOString().slice(0, 10)}.${format}`
  return new Response(stream, {
    headers: {
      'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
