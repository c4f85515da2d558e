import { z } from 'zod'
import { CONTACT_STATUSES, SCORE_BANDS } from '~/lib/lead-status'
import { MONEY_CURRENCIES } from '~/lib/money'
import { QUESTION_KINDS } from '~/lib/talk-session'
import { latestBooking, latestDetails, type PersonNote } from '~/models/lead-detail.server'
import { getLeadRecord, type LeadRecord, type RecordCapture } from '~/models/lead-records.server'
import { ownerPlan } from '~/models/leads.server'

// The lead object of /api/v1 (issue 30): one person with what the key may see of them — their
// captures (one per session, newest first) with each one's latest consent record, their follow-up
// (status, deal, tags, score) and their notes. The same object answers GET /leads/{id}, every item
// of GET /leads, PATCH /leads/{id}, and is the data of a webhook about a person (Deliver 4: "each
// event's data has exactly the object shape that GET returns"), so it is built in one place: toApiLead.
// Fields only grow within /v1 (docs/api.md Versioning).

const iso = (description: string) => z.iso.datetime().meta({ description })

export const ApiConsentSchema = z
  .object({
    notice_version: z.string().meta({
      description: 'The version of the exact notice wording the attendee agreed to: its SHA-256, as the consent ledger keeps it.',
    }),
    marketing_version: z
      .string()
      .nullable()
      .meta({ description: 'The version (SHA-256) of the marketing tick box’s wording shown; null when the page had none.' }),
    marketing_consent: z.boolean().meta({ description: 'Whether the attendee ticked the marketing box.' }),
    given_at: iso('When this consent was recorded (the latest submission of the capture).'),
  })
  .meta({ id: 'Consent', description: 'The latest consent record of a capture: which wordings were shown, and when.' })

export const ApiAnswerSchema = z
  .object({
    question_id: z.string().meta({ description: 'The session question’s id (stable while the question exists).' }),
    question: z.string().meta({ description: 'The question as the attendee read it.' }),
    kind: z.enum(QUESTION_KINDS),
    value: z
      .union([z.string(), z.array(z.string()), z.number()])
      .meta({ description: 'Text (text, single choice), a list (multiple choice) or 1–5 (rating).' }),
  })
  .meta({ id: 'Answer' })

export const ApiCaptureSchema = z
  .object({
    id: z.guid(),
    session_id: z.guid(),
    talk_id: z.guid(),
    event_id: z
      .guid()
      .nullable()
      .meta({ description: 'The organiser’s event of the session; null for a speaker’s own session.' }),
    event_name: z.string(),
    talk_title: z.string(),
    first_name: z.string(),
    company: z.string().nullable(),
    job_title: z.string().nullable(),
    phone: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    marketing_consent: z.boolean(),
    answers: z.array(ApiAnswerSchema).meta({ description: 'Answers to the session’s questions, in the session’s order.' }),
    consent: ApiConsentSchema.nullable(),
    created_at: iso('When the attendee first left their details at this session.'),
    updated_at: iso('Their latest submission at this session.'),
  })
  .meta({ id: 'Capture', description: 'What one attendee left at one session.' })

export const ApiNoteSchema = z
  .object({ id: z.guid(), body: z.string(), created_at: z.iso.datetime(), updated_at: z.iso.datetime() })
  .meta({
    id: 'Note',
    description: 'A note of the workspace’s on a person: adding one tells no webhook or CRM (no lead.updated).',
  })

export const ApiBookingSchema = z
  .object({
    organisation: z.string().meta({ description: 'The company or event they asked the speaker to speak at.' }),
    role: z.string().meta({ description: 'Their role there, in their words.' }),
    timing: z.string().meta({ description: 'When, in their words (“Next spring”, “October 2027”).' }),
    session_id: z.guid().meta({ description: 'The session where they asked (the capture it was left with).' }),
    created_at: iso('When they first asked at that session (asking again there updates the request).'),
  })
  .meta({
    id: 'Booking',
    description:
      'A booking request: the attendee answered “Should {speaker} speak at your company or event?”. It makes the person hot.',
  })

export const ApiLeadSchema = z
  .object({
    id: z.guid().meta({ description: 'The person: one per workspace and email address.' }),
    email: z.string(),
    name: z.string().meta({ description: 'From the newest capture that has each detail (name, company, …).' }),
    company: z.string().nullable(),
    job_title: z.string().nullable(),
    phone: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    marketing_consent: z.boolean().meta({ description: 'Whether any of the captures shown gave marketing consent.' }),
    status: z.enum(CONTACT_STATUSES),
    tags: z.array(z.string()),
    score: z.number().int(),
    score_band: z.enum(SCORE_BANDS),
    deal: z
      .object({
        amount: z.number().int().meta({ description: 'In minor units of the currency (cents; yen are whole).' }),
        currency: z.enum(MONEY_CURRENCIES),
      })
      .nullable()
      .meta({ description: 'The deal value; required to set the status to won.' }),
    first_captured_at: iso('The oldest capture shown.'),
    last_captured_at: iso('The newest capture shown.'),
    captures: z.array(ApiCaptureSchema).meta({ description: 'Newest first.' }),
    notes: z.array(ApiNoteSchema).meta({ description: 'Newest first.' }),
    booking: ApiBookingSchema.nullable().meta({
      description:
        'The newest booking request left with one of the captures shown; null when they asked for none (or only with a capture your key does not see).',
    }),
  })
  .meta({
    id: 'Lead',
    description:
      'A person with what your key may see of them: a capture the plan locks, or one given to someone else at an event, is not there (and a person with none is not found).',
  })

export type ApiLead = z.input<typeof ApiLeadSchema>

function toApiCapture(c: RecordCapture): z.input<typeof ApiCaptureSchema> {
  return {
    id: c.id,
    session_id: c.sessionId,
    talk_id: c.talkId,
    event_id: c.eventId,
    event_name: c.eventName,
    talk_title: c.talkTitle,
    first_name: c.firstName,
    company: c.company,
    job_title: c.jobTitle,
    phone: c.phone,
    linkedin_url: c.linkedinUrl,
    marketing_consent: c.marketingConsent,
    answers: c.questions.flatMap((q) => {
      const value = c.answers[q.id]
      return value === undefined ? [] : [{ question_id: q.id, question: q.label, kind: q.kind, value }]
    }),
    consent: c.consent
      ? {
          notice_version: c.consent.noticeHash,
          marketing_version: c.consent.marketingHash,
          marketing_consent: c.consent.marketingConsent,
          given_at: c.consent.at.toISOString(),
        }
      : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  }
}

export function toApiNote(n: PersonNote): z.input<typeof ApiNoteSchema> {
  return { id: n.id, body: n.body, created_at: n.createdAt.toISOString(), updated_at: n.updatedAt.toISOString() }
}

/** A record of lead-records.server.ts as the API answers it (its captures are oldest first, never empty). */
export function toApiLead({ person, captures, notes }: LeadRecord): ApiLead {
  const details = latestDetails(captures, person.firstName)
  const deal =
    person.dealValueCents === null || !(MONEY_CURRENCIES as readonly string[]).includes(person.dealCurrency ?? '')
      ? null
      : { amount: person.dealValueCents, currency: person.dealCurrency as (typeof MONEY_CURRENCIES)[number] }
  return {
    id: person.id,
    email: person.email,
    name: details.name,
    company: details.company,
    job_title: details.jobTitle,
    phone: details.phone,
    linkedin_url: details.linkedinUrl,
    marketing_consent: captures.some((c) => c.marketingConsent),
    status: person.status,
    tags: person.tags,
    score: person.score,
    score_band: person.scoreBand,
    deal,
    first_captured_at: captures[0]!.createdAt.toISOString(),
    last_captured_at: captures.at(-1)!.createdAt.toISOString(),
    captures: [...captures].reverse().map(toApiCapture),
    notes: notes.map(toApiNote),
    booking: bookingOf(captures),
  }
}

function bookingOf(captures: readonly RecordCapture[]): z.input<typeof ApiBookingSchema> | null {
  const booking = latestBooking(captures)
  return booking
    ? {
        organisation: booking.organisation,
        role: booking.role,
        timing: booking.timing,
        session_id: booking.sessionId,
        created_at: booking.createdAt.toISOString(),
      }
    : null
}

/**
 * A webhook's data about a person (issue 30 Deliver 4: "each event's data has exactly the object
 * shape that GET returns"): the lead as the workspace's own side sees it — what its owner's or an
 * admin's key answers on GET /leads/{id}: the captures given to the organiser that the plan shows —
 * or null when nothing of the person may leave (erased, only locked or withheld captures).
 */
export async function leadEventData(ownerId: string, contactId: string): Promise<ApiLead | null> {
  const workspaceSide = { ownerId, userId: ownerId, runnerId: null }
  const record = await getLeadRecord(workspaceSide, await ownerPlan(ownerId), contactId)
  return record ? toApiLead(record) : null
}
