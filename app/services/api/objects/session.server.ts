import { z } from 'zod'
import { getConfig } from '~/config.server'
import { listSchema } from '~/lib/api'
import { workspaceLink } from '~/lib/permissions'
import { qrPayload, shortUrl } from '~/lib/short-link'
import { OFFER_KINDS, QUESTION_KINDS, SESSION_STATUSES } from '~/lib/talk-session'
import type { SessionRecord } from '~/models/session-records.server'
import type { TalkRecord } from '~/models/talks.server'

// The talk and session objects of /api/v1 (issue 30): what GET answers, what a list holds and what a
// change of state answers, built in one place each (toApiTalk, toApiSession). Addresses are made
// from APP_URL, never from the request: the attendee page /t/{code} and what its QR code encodes
// ({APP_URL}/t/{code}?qr=1, so scans count apart from visits), plus the app's QR downloads.

const iso = z.iso.datetime()

export const ApiTalkSchema = z
  .object({
    id: z.guid(),
    title: z.string(),
    abstract: z.string(),
    tag: z.string(),
    sessions: z.number().int().meta({ description: 'How many sessions (deliveries) of the talk the workspace has.' }),
    created_at: iso,
    updated_at: iso,
  })
  .meta({ id: 'Talk', description: 'A reusable talk; each delivery of it is a session.' })

export const ApiQuestionSchema = z
  .object({
    id: z.string().meta({ description: 'What a capture’s answers name as question_id.' }),
    kind: z.enum(QUESTION_KINDS),
    label: z.string(),
    required: z.boolean(),
    options: z.array(z.string()).meta({ description: 'The choices of a single or multiple choice question.' }),
  })
  .meta({ id: 'Question' })

export const ApiSessionSchema = z
  .object({
    id: z.guid(),
    talk_id: z.guid(),
    talk_title: z.string(),
    event_id: z.guid().nullable().meta({ description: 'The organiser’s event it belongs to; null for a speaker’s own session.' }),
    event_name: z.string(),
    status: z.enum(SESSION_STATUSES).meta({ description: 'draft → live (attendees can leave their details) → closed.' }),
    starts_at: iso,
    time_zone: z.string().meta({ description: 'The IANA zone the time is shown in.' }),
    duration_minutes: z.number().int().nullable(),
    city: z.string().nullable(),
    is_online: z.boolean(),
    audience_size: z.number().int().nullable(),
    room: z.string().nullable().meta({ description: 'The event room, for a session of an organiser’s event.' }),
    speaker: z
      .object({ id: z.guid(), name: z.string() })
      .nullable()
      .meta({ description: 'The event’s roster speaker giving it, for a session of an organiser’s event.' }),
    headline: z.string().meta({ description: 'The attendee page’s headline; empty shows the talk’s title.' }),
    offer: z.object({
      kind: z.enum(OFFER_KINDS),
      title: z.string(),
      promise: z.string(),
      url: z.string().nullable().meta({ description: 'The link delivered, for an offer of kind url.' }),
      file_name: z.string().nullable().meta({ description: 'The file delivered, for an offer of kind file.' }),
    }),
    fields: z
      .object({ company: z.boolean(), job_title: z.boolean(), phone: z.boolean(), linkedin: z.boolean() })
      .meta({ description: 'The optional fields the attendee page asks for.' }),
    questions: z.array(ApiQuestionSchema),
    attendee_url: z.url().meta({ description: 'The attendee page, as printed on slides: {APP_URL}/t/{code}.' }),
    qr: z.object({
      content: z.url().meta({ description: 'What the session’s QR code encodes (the attendee page marked as a scan).' }),
      svg_url: z.url().meta({ description: 'The QR code as SVG, a download of the app (for a signed-in member).' }),
      png_url: z.url().meta({ description: 'The QR code as a 1024 px PNG, a download of the app.' }),
      slide_url: z.url().meta({ description: 'A 1920×1080 slide with the QR code, a download of the app.' }),
    }),
    stats: z
      .object({ scans: z.number().int(), visits: z.number().int(), visitors: z.number().int(), leads: z.number().int() })
      .meta({ description: 'As the session’s page counts them (leads: every capture, locked ones included).' }),
    went_live_at: iso.nullable(),
    closed_at: iso.nullable(),
    created_at: iso,
    updated_at: iso,
  })
  .meta({ id: 'Session', description: 'One delivery of a talk at an event, with its attendee page and QR code.' })

export type ApiSession = z.input<typeof ApiSessionSchema>

/** One list schema for every list of sessions (a named schema is declared once in the document). */
export const ApiSessionListSchema = listSchema(ApiSessionSchema, 'SessionList')

export function toApiTalk(t: TalkRecord): z.input<typeof ApiTalkSchema> {
  return {
    id: t.id,
    title: t.title,
    abstract: t.abstract,
    tag: t.tag,
    sessions: t.sessions,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  }
}

export function toApiSession(s: SessionRecord, appUrl = getConfig().appUrl): ApiSession {
  // Opens the session's workspace first, for a person in several (as the links in emails do).
  const download = (format: string) => `${appUrl}${workspaceLink(`/app/sessions/${s.id}/qr/${format}`, s.workspaceId)}`
  return {
    id: s.id,
    talk_id: s.talkId,
    talk_title: s.talkTitle,
    event_id: s.eventId,
    event_name: s.eventName,
    status: s.status,
    starts_at: s.startsAt.toISOString(),
    time_zone: s.timeZone,
    duration_minutes: s.durationMinutes,
    city: s.city,
    is_online: s.isOnline,
    audience_size: s.audienceSize,
    room: s.roomName,
    speaker: s.speakerId && s.speakerName !== null ? { id: s.speakerId, name: s.speakerName } : null,
    headline: s.headline,
    offer: {
      kind: s.offerKind,
      title: s.offerTitle,
      promise: s.offerPromise,
      url: s.offerKind === 'url' ? s.offerUrl : null,
      file_name: s.offerKind === 'file' ? s.offerFileName : null,
    },
    fields: { company: s.fields.company, job_title: s.fields.jobTitle, phone: s.fields.phone, linkedin: s.fields.linkedin },
    questions: s.questions.map((q) => ({ id: q.id, kind: q.kind, label: q.label, required: q.required, options: q.options })),
    attendee_url: shortUrl(appUrl, s.code),
    qr: {
      content: qrPayload(appUrl, s.code),
      svg_url: download('svg'),
      png_url: download('png-1024'),
      slide_url: download('slide'),
    },
    stats: { scans: s.scans, visits: s.visits, visitors: s.visitors, leads: s.leads },
    went_live_at: s.wentLiveAt?.toISOString() ?? null,
    closed_at: s.closedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  }
}
