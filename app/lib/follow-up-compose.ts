import { z } from 'zod'
import { mergeErrors } from './follow-up-merge'
import { FOLLOW_UP_LIMITS, FOLLOW_UP_SOURCES, type FollowUpSource } from './follow-ups'
import { isTimeZone, parseLocalDateTime } from './time-zone'

// The compose page's forms (issue 32 Deliver 1, 3): one zod schema each for the browser and the
// server. The draft's merge fields are checked against what its source can fill
// (app/lib/follow-up-merge.ts), by the field they are in.

export const COMPOSE_MESSAGES = {
  subject: 'Write a subject',
  subjectTooLong: `A subject must be at most ${FOLLOW_UP_LIMITS.subject} characters`,
  body: 'Write the message',
  bodyTooLong: 'This message is too long',
  fromName: 'Enter your name: recipients see it as the sender',
  fromNameTooLong: `A name must be at most ${FOLLOW_UP_LIMITS.fromName} characters`,
  when: 'Choose a date and time',
  zone: 'Choose a time zone',
} as const

/** Whether sanitised HTML says anything (text, or an image). */
function hasContent(html: string) {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== ''
}

export function followUpDraftSchema(source: FollowUpSource) {
  return z.object({
    subject: z
      .string({ error: COMPOSE_MESSAGES.subject })
      .trim()
      .min(1, COMPOSE_MESSAGES.subject)
      .max(FOLLOW_UP_LIMITS.subject, COMPOSE_MESSAGES.subjectTooLong)
      .superRefine((value, ctx) => {
        for (const message of mergeErrors(value, source)) ctx.addIssue({ code: 'custom', message })
      }),
    body: z
      .string({ error: COMPOSE_MESSAGES.body })
      .max(FOLLOW_UP_LIMITS.bodyHtml, COMPOSE_MESSAGES.bodyTooLong)
      .refine(hasContent, COMPOSE_MESSAGES.body)
      .superRefine((value, ctx) => {
        for (const message of mergeErrors(value, source)) ctx.addIssue({ code: 'custom', message })
      }),
    fromName: z
      .string({ error: COMPOSE_MESSAGES.fromName })
      .trim()
      .min(1, COMPOSE_MESSAGES.fromName)
      .max(FOLLOW_UP_LIMITS.fromName, COMPOSE_MESSAGES.fromNameTooLong),
  })
}

export const ScheduleSchema = z.object({
  when: z.string({ error: COMPOSE_MESSAGES.when }).refine((v) => parseLocalDateTime(v) !== null, COMPOSE_MESSAGES.when),
  timeZone: z.string({ error: COMPOSE_MESSAGES.zone }).refine(isTimeZone, COMPOSE_MESSAGES.zone),
})

export const SCHEDULE_MESSAGES = {
  past: 'Choose a time in the future',
  badTime: 'This time does not exist in that time zone',
} as const

/** The status in words, with what it means for the sender. */
export function statusSentence(followUp: {
  status: string
  statusReason: string | null
  scheduledAtText: string | null
  recipientCount: number
  sentCount: number
}) {
  switch (followUp.status) {
    case 'draft':
      return 'Draft: nothing has been sent.'
    case 'scheduled':
      return `Scheduled for ${followUp.scheduledAtText ?? 'a later time'}. You can still change or cancel it.`
    case 'sending':
      return `Sending: ${followUp.sentCount} of ${followUp.recipientCount} sent so far.`
    case 'sent':
      return `Sent to ${followUp.sentCount} ${followUp.sentCount === 1 ? 'person' : 'people'}.`
    case 'cancelled':
      return `Cancelled: ${followUp.statusReason ?? 'nothing was sent'}.`.replace(/\.\.$/, '.')
    case 'partly_sent':
      return `Partly sent (${followUp.sentCount} of ${followUp.recipientCount}): ${followUp.statusReason ?? 'sending stopped'}.`.replace(
        /\.\.$/,
        '.',
      )
    default:
      return followUp.status
  }
}

/** The source a new follow-up is written for, from the compose link (`?session=…`, `?talk=…`, `?event=…` or `?segment=…`). */
export function sourceFromSearch(params: URLSearchParams): { kind: FollowUpSource; id: string } | null {
  for (const kind of FOLLOW_UP_SOURCES) {
    const id = params.get(kind)
    if (id) return { kind, id }
  }
  return null
}

/** The link that opens the compose page for a source. */
export function composeLink(kind: FollowUpSource, id: string) {
  return `/app/follow-ups/new?${kind}=${encodeURIComponent(id)}`
}
