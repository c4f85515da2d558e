import { DEFAULT_SESSION_MINUTES } from './events'
import { dictionary } from './i18n/dictionaries'
import type { Language } from './i18n/languages'
import { cleanLine } from './lead-form'
import { containsLink } from './links-in-text'
import type { FeedbackOpens } from './feedback-values'
import { formatSessionTime } from './time-zone'

// Feedback in the room (issue 33 Deliver 1–3; docs/feedback.md): the window a session's feedback is
// open in and what the page says outside it, the follow-up question the rating chooses, one answer
// per browser per session editable for 24 hours, the testimonial box's wording and the booking
// question. Pure: the page, the action, the speaker's settings and the tests read the rules here.

/** The parts of their name an author lets the speaker quote them with; 'name' is always one. */
export const TESTIMONIAL_NAME_PARTS = ['name', 'title', 'company'] as const
export type TestimonialNamePart = (typeof TESTIMONIAL_NAME_PARTS)[number]

/** An answer can be changed from the same browser for this long after it was first given. */
export const FEEDBACK_EDIT_HOURS = 24
export const FEEDBACK_EDIT_MS = FEEDBACK_EDIT_HOURS * 60 * 60 * 1000

export { FEEDBACK_OPENS_LABELS, FEEDBACK_SETTING_LIMITS } from './feedback-values'

export const FEEDBACK_LIMITS = { followUp: 2000, organisation: 200, role: 200, timing: 200 } as const

export const FEEDBACK_FIELDS = {
  rating: 'fb_rating',
  better: 'fb_better',
  use: 'fb_use',
  content: 'fb_content',
  delivery: 'fb_delivery',
  slides: 'fb_slides',
  testimonial: 'fb_quote',
  quoteTitle: 'fb_quote_title',
  quoteCompany: 'fb_quote_company',
  organisation: 'bk_organisation',
  role: 'bk_role',
  timing: 'bk_when',
} as const

/** The follow-up questions (issue 33 Deliver 1, word for word) and the ratings each one is for. */
export const FOLLOW_UP = {
  better: { question: 'What would have made it better?', ratings: [1, 2, 3], condition: 'If you rated it 1, 2 or 3' },
  use: { question: 'What will you use?', ratings: [4, 5], condition: 'If you rated it 4 or 5' },
} as const
export type FollowUpKind = keyof typeof FOLLOW_UP

export const PART_RATINGS = [
  { field: FEEDBACK_FIELDS.content, key: 'content', label: 'Content' },
  { field: FEEDBACK_FIELDS.delivery, key: 'delivery', label: 'Delivery' },
  { field: FEEDBACK_FIELDS.slides, key: 'slides', label: 'Slides' },
] as const

/** The feedback form's messages in a language (app/lib/i18n dictionaries, `feedback`), limits filled in. */
export function feedbackMessages(language: Language = 'en') {
  const f = dictionary(language).feedback
  return {
    ratingMissing: dictionary(language).errors.ratingMissing,
    partInvalid: f.partInvalid,
    followUpLong: f.followUpLong({ max: FEEDBACK_LIMITS.followUp }),
    /** An answer under the other question: where it belongs (the question the rating asks). */
    wrongFollowUp: (belongs: FollowUpKind) => f.wrongFollowUp({ label: f[belongs] }),
    quoteNeedsName: f.quoteNeedsName,
    quotePartWithoutQuote: f.quotePartWithoutQuote,
    bookingNeedsDetails: f.bookingNeedsDetails,
    organisationMissing: f.organisationMissing,
    tooLong: (max: number) => dictionary(language).errors.tooLong({ max }),
    linkRefused: dictionary(language).errors.linkRefused,
    nothingToSend: f.nothingToSend,
    closed: f.closed,
    editExpired: f.editExpired,
  }
}
export const FEEDBACK_MESSAGES = feedbackMessages('en')

export type FeedbackSettings = {
  feedbackEnabled: boolean
  feedbackOpens: FeedbackOpens
  feedbackOpensBeforeEndMinutes: number
  feedbackClosesAfterMinutes: number
}
export type FeedbackTiming = FeedbackSettings & { startsAt: Date; durationMinutes: number | null }

/** When the session ends: its start plus its length, or DEFAULT_SESSION_MINUTES when it has none. */
export function sessionEndsAt(s: Pick<FeedbackTiming, 'startsAt' | 'durationMinutes'>): Date {
  return new Date(s.startsAt.getTime() + (s.durationMinutes || DEFAULT_SESSION_MINUTES) * 60_000)
}

/**
 * The window: it opens at the start, or the given minutes before the end (never before the start),
 * and closes the given minutes after the end.
 */
export function feedbackWindow(s: FeedbackTiming): { opensAt: Date; closesAt: Date } {
  const endsAt = sessionEndsAt(s)
  const opensAt =
    s.feedbackOpens === 'start'
      ? s.startsAt
      : new Date(Math.max(s.startsAt.getTime(), endsAt.getTime() - s.feedbackOpensBeforeEndMinutes * 60_000))
  return { opensAt, closesAt: new Date(endsAt.getTime() + s.feedbackClosesAfterMinutes * 60_000) }
}

export type FeedbackState =
  | { state: 'off' }
  | { state: 'before'; opensAt: Date; closesAt: Date }
  | { state: 'open'; opensAt: Date; closesAt: Date }
  | { state: 'after'; opensAt: Date; closesAt: Date }

/** Off, not open yet, open (from opensAt included to closesAt excluded), or closed. */
export function feedbackState(s: FeedbackTiming, now: Date): FeedbackState {
  if (!s.feedbackEnabled) return { state: 'off' }
  const w = feedbackWindow(s)
  const t = now.getTime()
  if (t < w.opensAt.getTime()) return { state: 'before', ...w }
  if (t >= w.closesAt.getTime()) return { state: 'after', ...w }
  return { state: 'open', ...w }
}

/** "1 minute", "45 minutes", "2 hours" (whole hours from 60 minutes). */
function minutesInWords(n: number): string {
  if (n >= 60 && n % 60 === 0) return n === 60 ? '1 hour' : `${n / 60} hours`
  return n === 1 ? '1 minute' : `${n} minutes`
}

/**
 * The speaker's window settings in words, for the workspace's pages (in English, as the workspace
 * is): "It opens when the session starts and closes 1 hour after it ends."
 */
export function feedbackSettingsSentence(s: FeedbackSettings): string {
  const opens =
    s.feedbackOpens === 'start'
      ? 'when the session starts'
      : s.feedbackOpensBeforeEndMinutes === 0
        ? 'when the session ends'
        : `${minutesInWords(s.feedbackOpensBeforeEndMinutes)} before the session ends`
  return `It opens ${opens} and closes ${minutesInWords(s.feedbackClosesAfterMinutes)} after it ends.`
}

/** What the page says about the window, in the session's time zone; null when feedback is off. */
export function feedbackWindowSentence(state: FeedbackState, timeZone: string, language: Language = 'en'): string | null {
  const f = dictionary(language).feedback
  switch (state.state) {
    case 'off':
      return null
    case 'before':
      return f.opensOn({ time: formatSessionTime(state.opensAt, timeZone, language) })
    case 'open':
      return f.openUntil({ time: formatSessionTime(state.closesAt, timeZone, language) })
    case 'after':
      return f.closedOn({ time: formatSessionTime(state.closesAt, timeZone, language) })
  }
}

/** Which follow-up question a rating asks. */
export function followUpKind(rating: number): FollowUpKind {
  return rating <= 3 ? 'better' : 'use'
}
export function followUpQuestion(rating: number, language: Language = 'en'): string {
  return dictionary(language).feedback[followUpKind(rating)]
}

/** An answer given from this browser may still be changed (within FEEDBACK_EDIT_HOURS of the first). */
export function canEditFeedback(firstGivenAt: Date, now: Date): boolean {
  return now.getTime() - firstGivenAt.getTime() < FEEDBACK_EDIT_MS
}

/**
 * What happens to an answer from a browser at a session: stored anew, the stored one changed, or
 * refused (closed window, or the first answer is older than the edit time).
 */
export function feedbackAnswerRule(
  state: FeedbackState,
  existing: { createdAt: Date } | null,
  now: Date,
): 'insert' | 'update' | 'closed' | 'expired' {
  if (state.state !== 'open') return 'closed'
  if (!existing) return 'insert'
  return canEditFeedback(existing.createdAt, now) ? 'update' : 'expired'
}

/**
 * The testimonial box's wording (issue 33 Deliver 2: "You may quote this on {speaker}'s profile with
 * my name {and title / company}"), with the parts the author chose; this exact text goes to the ledger.
 */
export function testimonialText(speakerName: string, parts: readonly TestimonialNamePart[], language: Language = 'en'): string {
  const f = dictionary(language).feedback
  const title = parts.includes('title')
  const company = parts.includes('company')
  const text = title && company ? f.quoteBoth : title ? f.quoteTitle : company ? f.quoteCompany : f.quote
  return text({ speaker: speakerName })
}

/** The booking question (issue 33 Deliver 3, word for word in English). */
export function bookingQuestion(speakerName: string, language: Language = 'en') {
  return dictionary(language).feedback.booking({ speaker: speakerName })
}

export type FeedbackInput = {
  rating: number
  followUp: string
  contentRating: number | null
  deliveryRating: number | null
  slidesRating: number | null
  testimonial: boolean
  /** Always starts with 'name' when `testimonial`; empty otherwise. */
  nameParts: TestimonialNamePart[]
}
export type BookingInput = { organisation: string; role: string; timing: string }
export type FeedbackFormResult = {
  /** Null when no rating was given (the attendee only left details). */
  feedback: FeedbackInput | null
  booking: BookingInput | null
  errors: Record<string, string>
}

const parseRating = (raw: string) => (/^[1-5]$/.test(raw.trim()) ? Number(raw.trim()) : null)

/**
 * Reads the feedback part of the attendee form. `hasDetails`: a first name and email were given (the
 * lead form validates them); a testimonial and a booking need them. `showsTitle`/`showsCompany`:
 * the form asks for them, so the box may offer them as name parts.
 */
export function parseFeedbackForm(
  get: (name: string) => string,
  opts: { hasDetails: boolean; showsTitle: boolean; showsCompany: boolean; language?: Language },
): FeedbackFormResult {
  const FEEDBACK_MESSAGES = feedbackMessages(opts.language)
  const errors: Record<string, string> = {}
  const text = (name: string, max: number, multiline = false) => {
    const raw = get(name)
    const value = multiline ? raw.replace(/\r\n?/g, '\n').trim() : cleanLine(raw)
    if (value.length > max)
      errors[name] =
        name === FEEDBACK_FIELDS.better || name === FEEDBACK_FIELDS.use
          ? FEEDBACK_MESSAGES.followUpLong
          : FEEDBACK_MESSAGES.tooLong(max)
    else if (containsLink(value)) errors[name] = FEEDBACK_MESSAGES.linkRefused
    return value
  }

  const ratingRaw = get(FEEDBACK_FIELDS.rating).trim()
  const rating = parseRating(ratingRaw)
  if (ratingRaw && rating === null) errors[FEEDBACK_FIELDS.rating] = FEEDBACK_MESSAGES.ratingMissing
  const better = text(FEEDBACK_FIELDS.better, FEEDBACK_LIMITS.followUp, true)
  const use = text(FEEDBACK_FIELDS.use, FEEDBACK_LIMITS.followUp, true)
  const parts = PART_RATINGS.map(({ field }) => {
    const raw = get(field).trim()
    const value = raw ? parseRating(raw) : null
    if (raw && value === null) errors[field] = FEEDBACK_MESSAGES.partInvalid
    return value
  })
  const quote = get(FEEDBACK_FIELDS.testimonial) === 'yes'
  const quoteTitle = opts.showsTitle && get(FEEDBACK_FIELDS.quoteTitle) === 'yes'
  const quoteCompany = opts.showsCompany && get(FEEDBACK_FIELDS.quoteCompany) === 'yes'

  // Anything about the talk without a rating: the rating is what was missed.
  const saidSomething = better || use || parts.some((p) => p !== null) || quote
  if (rating === null && !errors[FEEDBACK_FIELDS.rating] && saidSomething)
    errors[FEEDBACK_FIELDS.rating] = FEEDBACK_MESSAGES.ratingMissing
  let followUp = ''
  if (rating !== null) {
    const kind = followUpKind(rating)
    const other: FollowUpKind = kind === 'better' ? 'use' : 'better'
    const otherField = other === 'better' ? FEEDBACK_FIELDS.better : FEEDBACK_FIELDS.use
    const mine = kind === 'better' ? better : use
    const theirs = other === 'better' ? better : use
    // Without JavaScript both questions show: an answer under the other one is kept for the attendee to move.
    if (theirs && !errors[otherField]) errors[otherField] = FEEDBACK_MESSAGES.wrongFollowUp(kind)
    followUp = mine
  }
  if (quote && !opts.hasDetails) errors[FEEDBACK_FIELDS.testimonial] = FEEDBACK_MESSAGES.quoteNeedsName
  if (!quote && quoteTitle) errors[FEEDBACK_FIELDS.quoteTitle] = FEEDBACK_MESSAGES.quotePartWithoutQuote
  if (!quote && quoteCompany) errors[FEEDBACK_FIELDS.quoteCompany] = FEEDBACK_MESSAGES.quotePartWithoutQuote

  const organisation = text(FEEDBACK_FIELDS.organisation, FEEDBACK_LIMITS.organisation)
  const role = text(FEEDBACK_FIELDS.role, FEEDBACK_LIMITS.role)
  const timing = text(FEEDBACK_FIELDS.timing, FEEDBACK_LIMITS.timing)
  const asked = Boolean(organisation || role || timing)
  if (asked && !organisation && !errors[FEEDBACK_FIELDS.organisation])
    errors[FEEDBACK_FIELDS.organisation] = FEEDBACK_MESSAGES.organisationMissing
  if (asked && !opts.hasDetails && !errors[FEEDBACK_FIELDS.organisation])
    errors[FEEDBACK_FIELDS.organisation] = FEEDBACK_MESSAGES.bookingNeedsDetails

  const nameParts: TestimonialNamePart[] = quote
    ? ['name', ...(quoteTitle ? (['title'] as const) : []), ...(quoteCompany ? (['company'] as const) : [])]
    : []
  return {
    feedback:
      rating === null
        ? null
        : {
            rating,
            followUp,
            contentRating: parts[0] ?? null,
            deliveryRating: parts[1] ?? null,
            slidesRating: parts[2] ?? null,
            testimonial: quote,
            nameParts,
          },
    booking: asked ? { organisation, role, timing } : null,
    errors,
  }
}
