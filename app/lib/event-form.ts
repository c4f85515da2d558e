import { z } from 'zod'
import { EVENT_RECIPIENTS, EVENT_SLUG_MAX, EVENT_SLUG_PATTERN, type EventRecipients } from './events'
import { isTimeZone } from './time-zone'

// The organiser's event and room forms (issue 23 Deliver 1): one zod schema each, used by Conform in
// the browser and by the action on the server. Only the organiser's screens import this module (it
// carries zod): the public event pages never do, so they stay under the JavaScript budget.

export const EVENT_LIMITS = { name: 200, description: 2000, venue: 200, city: 100, room: 80, rooms: 50, days: 31 } as const

export const EVENT_ERRORS = {
  slugFormat: 'Use lower-case letters, digits and single hyphens only, such as devconf-2027',
  slugTaken: 'Another event already has this address. Choose another.',
  startsOn: 'Enter the first day of the event',
  endsOn: 'Enter the last day of the event',
  endBeforeStart: 'The last day cannot be before the first day',
  tooLong: `An event lasts at most ${EVENT_LIMITS.days} days`,
  timeZone: 'Choose a time zone from the list',
  venueOrOnline: 'Enter the venue, or tick "Online event"',
  recipients: 'Choose who receives the attendees’ details',
  roomTaken: 'This event already has a room with this name',
  tooManyRooms: `An event has at most ${EVENT_LIMITS.rooms} rooms`,
} as const

/**
 * What each choice of recipients means for the attendees, said on the form in plain words. The
 * attendee page's notice names the recipients itself (the attendee page's helper builds it).
 */
export const EVENT_RECIPIENT_HINTS: Record<EventRecipients, string> = {
  organiser:
    'Attendees’ details go to you, the organiser. Speakers do not receive them and see no leads from their sessions. The attendee page names you as the recipient.',
  speaker:
    'Attendees’ details go to the speaker of the session only. You do not receive them: they are not in your lead lists or exports. The attendee page names the speaker as the recipient.',
  both: 'You receive every attendee’s details. The speaker receives them too only when the attendee ticks an unticked box naming the speaker. The attendee page names you both.',
}
export const RECIPIENTS_CHANGE_HINT =
  'A change applies to the details attendees leave from then on; details already left stay with whoever received them.'

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 24 * 60 * 60 * 1000

/** A YYYY-MM-DD value names a real calendar day (what a date input sends). */
export function isCalendarDay(value: string) {
  const m = DAY_PATTERN.exec(value)
  if (!m) return false
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number]
  const probe = new Date(Date.UTC(year, month - 1, day))
  return year >= 2000 && year <= 2100 && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
}

/** Days from the first to the last day, both counted ("2027-03-10" → "2027-03-11" is 2). */
export function eventLengthInDays(startsOn: string, endsOn: string) {
  return Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / DAY_MS) + 1
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v)
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : trimmed(v))
const requiredText = (label: string, max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  )
// Conform turns an empty field into undefined before the schema sees it; stored as ''.
const optionalText = (label: string, max: number) =>
  z.preprocess(trimmed, z.string().max(max, `${label} must be at most ${max} characters`).optional()).transform((v) => v ?? '')
const day = (message: string) => z.preprocess(blankToUndefined, z.string({ error: message }).refine(isCalendarDay, message))
// An unticked box sends nothing: never `required` (Conform's constraint would make the browser
// refuse the form without JavaScript until it is ticked).
const checkbox = z
  .preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean().optional())
  .transform((v) => v ?? false)

export const EventSchema = z
  .object({
    name: requiredText('Name', EVENT_LIMITS.name),
    // Empty: the name's address, made free by the model (devconf, devconf-2, …).
    slug: z.preprocess(
      (v) => {
        const given = blankToUndefined(v)
        return typeof given === 'string' ? given.toLowerCase() : given
      },
      z
        .string()
        .max(EVENT_SLUG_MAX, `The address must be at most ${EVENT_SLUG_MAX} characters`)
        .regex(EVENT_SLUG_PATTERN, EVENT_ERRORS.slugFormat)
        .optional(),
    ),
    description: optionalText('Description', EVENT_LIMITS.description),
    startsOn: day(EVENT_ERRORS.startsOn),
    endsOn: day(EVENT_ERRORS.endsOn),
    timeZone: z.preprocess(
      blankToUndefined,
      z.string({ error: EVENT_ERRORS.timeZone }).refine(isTimeZone, EVENT_ERRORS.timeZone),
    ),
    isOnline: checkbox,
    venue: optionalText('Venue', EVENT_LIMITS.venue),
    city: optionalText('City', EVENT_LIMITS.city),
    recipients: z.preprocess(blankToUndefined, z.enum(EVENT_RECIPIENTS, { error: EVENT_ERRORS.recipients })),
  })
  // The cross-field rules run even when a field failed (`when`), so every message shows at once; the
  // value may then hold unparsed input, hence the defensive reads.
  .superRefine(
    (v, ctx) => {
      if (!v || typeof v !== 'object') return
      const { startsOn, endsOn } = v as { startsOn: unknown; endsOn: unknown }
      if (typeof startsOn === 'string' && typeof endsOn === 'string' && isCalendarDay(startsOn) && isCalendarDay(endsOn)) {
        if (endsOn < startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: EVENT_ERRORS.endBeforeStart })
        else if (eventLengthInDays(startsOn, endsOn) > EVENT_LIMITS.days)
          ctx.addIssue({ code: 'custom', path: ['endsOn'], message: EVENT_ERRORS.tooLong })
      }
      if (v.isOnline !== true && !v.venue) ctx.addIssue({ code: 'custom', path: ['venue'], message: EVENT_ERRORS.venueOrOnline })
    },
    { when: () => true },
  )

export type EventFormValue = z.output<typeof EventSchema>

export const RoomSchema = z.object({ name: requiredText('Room name', EVENT_LIMITS.room) })
