import { z } from 'zod'
import { accentKeepsTextReadable, ACCENT_MIN_CONTRAST, DEFAULT_ACCENT, isHexColor } from './accent-color'
import { FEEDBACK_OPENS, FEEDBACK_SETTING_LIMITS } from './feedback-values'
import { ANSWERED_WEIGHT, RATING_WEIGHT_KEYS, WEIGHT_MAX, WEIGHT_MIN } from './lead-score'
import { isTimeZone, zonedLocalToUtc } from './time-zone'

// The speaker's forms for talks and sessions (issue 9 §2): one zod schema each, used by Conform in
// the browser and by the action on the server. Field names are the form's input names.

export const TALK_LIMITS = { title: 200, abstract: 5000, tag: 50 } as const
export const SESSION_LIMITS = {
  eventName: 200,
  city: 100,
  audienceMax: 1_000_000,
  headline: 200,
  offerTitle: 120,
  offerPromise: 200,
  offerUrl: 2000,
  thanksMessage: 500,
  consentText: 1000,
  marketingText: 300,
  questions: 3,
  questionLabel: 200,
  options: 10,
  optionLength: 100,
} as const
/**
 * What a session's 1920×1080 slide (app/lib/slide-layout.ts) prints in full; past these lengths
 * it ends with "…" at a word boundary.
 * The offer's limits are the session form's, so an offer the form accepts is never cut. Headlines
 * and talk titles may be up to 200 characters in their forms; the slide prints the first 120.
 * Addresses (the short link without its scheme) up to 60 characters print at about 45 px or more,
 * readable from the back of a room; a longer one is still printed whole on one line, smaller.
 */
export const SLIDE_LIMITS = {
  title: 120,
  offerTitle: SESSION_LIMITS.offerTitle,
  offerPromise: SESSION_LIMITS.offerPromise,
  address: 60,
} as const
/** Offer files are delivered to attendees as uploaded (issue 9 §2). */
export const OFFER_FILE_MAX_BYTES = 25 * 1024 * 1024

export const SESSION_STATUSES = ['draft', 'live', 'closed'] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]
export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = { draft: 'Draft', live: 'Live', closed: 'Closed' }

export const QUESTION_KINDS = ['text', 'single', 'multi', 'rating'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Short text',
  single: 'Single choice',
  multi: 'Multiple choice',
  rating: 'Rating 1–5',
}
export const OPTIONAL_FIELDS = ['company', 'jobTitle', 'phone', 'linkedin'] as const
export const OPTIONAL_FIELD_LABELS: Record<(typeof OPTIONAL_FIELDS)[number], string> = {
  company: 'Company',
  jobTitle: 'Job title',
  phone: 'Phone',
  linkedin: 'LinkedIn profile',
}
export const OFFER_KINDS = ['none', 'file', 'url'] as const

export const SESSION_ERRORS = {
  accent: `Button text would be hard to read on this colour: neither white nor dark text reaches a contrast of ${ACCENT_MIN_CONTRAST}:1. Choose a lighter or darker colour.`,
  cityOrOnline: 'Enter the city, or tick "Online event"',
  offerTitle: 'Give the offer a title',
  offerUrl: 'Enter the link to deliver (https://…)',
  offerFile: 'Choose the file to deliver',
  offerFileTooLarge: 'The file must be 25 MB or smaller',
  options: 'Give at least two options, one per line',
  tooManyOptions: `At most ${SESSION_LIMITS.options} options`,
  duplicateOptions: 'Each option must be different',
  optionTooLong: `Each option must be at most ${SESSION_LIMITS.optionLength} characters`,
  questionLabel: 'Write the question',
  startsAt: 'Enter the date and time of the session',
  timeZone: 'Choose a time zone from the list',
  talk: 'Choose one of your talks',
  points: `Points must be a whole number from ${WEIGHT_MIN} to ${WEIGHT_MAX}`,
  feedbackOpens: 'Choose when feedback opens',
  opensBeforeEnd: `Minutes before the end must be a whole number from ${FEEDBACK_SETTING_LIMITS.opensBeforeEndMin} to ${FEEDBACK_SETTING_LIMITS.opensBeforeEndMax}`,
  opensBeforeEndMissing: 'Enter how many minutes before the end feedback opens',
  closesAfter: `Minutes after the end must be a whole number from ${FEEDBACK_SETTING_LIMITS.closesAfterMin} to ${FEEDBACK_SETTING_LIMITS.closesAfterMax.toLocaleString('en-US')} (a week)`,
  closesAfterMissing: 'Enter how many minutes after the end feedback closes',
} as const

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
const checkbox = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean())
/** A whole number of minutes in [min, max], or undefined when blank (the cross-field rules say when it is needed). */
const optionalMinutes = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  )

export const TalkSchema = z.object({
  title: requiredText('Title', TALK_LIMITS.title),
  abstract: optionalText('Abstract', TALK_LIMITS.abstract),
  tag: optionalText('Tag', TALK_LIMITS.tag),
})
export type TalkInput = z.infer<typeof TalkSchema>

/** One of the three question slots of the form; a slot without a kind is unused. */
const QuestionSlotSchema = z.object({
  id: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z0-9]{1,16}$/)
      .optional(),
  ),
  kind: z.preprocess(blankToUndefined, z.enum(QUESTION_KINDS).optional()),
  label: optionalText('Question', SESSION_LIMITS.questionLabel),
  options: z
    .string()
    .max(5000)
    .optional()
    .transform((v) => v ?? ''),
  required: checkbox,
  // Scoring points (app/lib/lead-score.ts), by position: per option (single, multi), per star 1–5
  // (rating), or one for any answer (text). Empty = 0.
  points: z.preprocess(
    (v) => v ?? [],
    z
      .array(
        z.preprocess(
          blankToUndefined,
          z
            .string()
            .regex(/^[+-]?\d{1,2}$/, SESSION_ERRORS.points)
            .transform(Number)
            .pipe(z.number().int().min(WEIGHT_MIN, SESSION_ERRORS.points).max(WEIGHT_MAX, SESSION_ERRORS.points))
            .optional(),
        ),
      )
      .max(SESSION_LIMITS.options),
  ),
})

/** The weight keys of a question's points inputs, in order (what each position scores). */
export function weightKeys(kind: QuestionKind, options: readonly string[]): string[] {
  if (kind === 'single' || kind === 'multi') return [...options]
  if (kind === 'rating') return [...RATING_WEIGHT_KEYS]
  return [ANSWERED_WEIGHT]
}

/** The form's points by position → the stored weights by key (zeros and blanks left out). */
export function weightsFromPoints(kind: QuestionKind, options: readonly string[], points: readonly (number | undefined)[]) {
  const weights: Record<string, number> = {}
  weightKeys(kind, options).forEach((key, i) => {
    const p = points[i]
    if (p) weights[key] = p
  })
  return weights
}

/** "a\n b \n\nc" → ["a", "b", "c"]. */
export function splitOptions(text: string) {
  return text
    .split(/\r?\n/)
    .map((o) => o.trim())
    .filter(Boolean)
}

const SessionBaseSchema = z.object({
  talkId: z.preprocess(blankToUndefined, z.uuid({ error: SESSION_ERRORS.talk })),
  eventName: requiredText('Event name', SESSION_LIMITS.eventName),
  startsAt: z.preprocess(blankToUndefined, z.string({ error: SESSION_ERRORS.startsAt }).max(32)),
  timeZone: z.preprocess(
    blankToUndefined,
    z.string({ error: SESSION_ERRORS.timeZone }).refine(isTimeZone, SESSION_ERRORS.timeZone),
  ),
  isOnline: checkbox,
  city: optionalText('City', SESSION_LIMITS.city),
  audienceSize: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z
      .number({ error: 'Expected audience must be a number' })
      .int('Expected audience must be a whole number')
      .min(1, 'Expected audience must be at least 1')
      .max(SESSION_LIMITS.audienceMax, `Expected audience must be at most ${SESSION_LIMITS.audienceMax.toLocaleString('en-US')}`)
      .optional(),
  ),
  headline: optionalText('Headline', SESSION_LIMITS.headline),
  offerKind: z.preprocess((v) => v ?? 'none', z.enum(OFFER_KINDS, { error: 'Choose how the offer is delivered' })),
  offerTitle: optionalText('Offer title', SESSION_LIMITS.offerTitle),
  offerPromise: optionalText('One-line promise', SESSION_LIMITS.offerPromise),
  offerUrl: optionalText('Link', SESSION_LIMITS.offerUrl),
  thanksMessage: optionalText('Thank-you message', SESSION_LIMITS.thanksMessage),
  fields: z.preprocess((v) => v ?? {}, z.object({ company: checkbox, jobTitle: checkbox, phone: checkbox, linkedin: checkbox })),
  questions: z.preprocess((v) => v ?? [], z.array(QuestionSlotSchema).max(SESSION_LIMITS.questions)),
  accentColor: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v) || DEFAULT_ACCENT,
    z
      .string()
      .refine(isHexColor, 'Enter a colour as #rrggbb')
      .refine((c) => !isHexColor(c) || accentKeepsTextReadable(c), SESSION_ERRORS.accent),
  ),
  consentText: requiredText('Consent wording', SESSION_LIMITS.consentText),
  marketingText: optionalText('Marketing tick-box label', SESSION_LIMITS.marketingText),
  // Feedback on the attendee page (issue 33; the window's rule is app/lib/feedback.ts). Left out of a
  // post entirely (the API, older forms), the window settings keep their stored values.
  feedbackEnabled: checkbox,
  feedbackOpens: z.enum(FEEDBACK_OPENS, { error: SESSION_ERRORS.feedbackOpens }).optional(),
  feedbackOpensBeforeEndMinutes: optionalMinutes(
    FEEDBACK_SETTING_LIMITS.opensBeforeEndMin,
    FEEDBACK_SETTING_LIMITS.opensBeforeEndMax,
    SESSION_ERRORS.opensBeforeEnd,
  ),
  feedbackClosesAfterMinutes: optionalMinutes(
    FEEDBACK_SETTING_LIMITS.closesAfterMin,
    FEEDBACK_SETTING_LIMITS.closesAfterMax,
    SESSION_ERRORS.closesAfter,
  ),
})

// The cross-field rules run even when a field failed (`when`), so every message shows at once; the
// value may then hold unparsed input, hence the defensive reads.
export const SessionSchema = SessionBaseSchema.superRefine(
  (v, ctx) => {
    if (!v || typeof v !== 'object') return
    const zone = typeof v.timeZone === 'string' && isTimeZone(v.timeZone) ? v.timeZone : 'UTC'
    if (typeof v.startsAt === 'string' && v.startsAt && !zonedLocalToUtc(v.startsAt, zone)) {
      ctx.addIssue({ code: 'custom', path: ['startsAt'], message: SESSION_ERRORS.startsAt })
    }
    if (v.isOnline !== true && !v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: SESSION_ERRORS.cityOrOnline })
    if ((v.offerKind === 'file' || v.offerKind === 'url') && !v.offerTitle) {
      ctx.addIssue({ code: 'custom', path: ['offerTitle'], message: SESSION_ERRORS.offerTitle })
    }
    if (v.offerKind === 'url' && !isWebUrl(typeof v.offerUrl === 'string' ? v.offerUrl : '')) {
      ctx.addIssue({ code: 'custom', path: ['offerUrl'], message: SESSION_ERRORS.offerUrl })
    }
    // The number a choice depends on must be there; one given but not needed is still checked above.
    if (v.feedbackOpens === 'before_end' && v.feedbackOpensBeforeEndMinutes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['feedbackOpensBeforeEndMinutes'], message: SESSION_ERRORS.opensBeforeEndMissing })
    }
    if (v.feedbackEnabled === true && v.feedbackClosesAfterMinutes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['feedbackClosesAfterMinutes'], message: SESSION_ERRORS.closesAfterMissing })
    }
    const questions: unknown[] = Array.isArray(v.questions) ? v.questions : []
    questions.forEach((raw, i) => {
      const q = (raw ?? {}) as Partial<Record<'kind' | 'label' | 'options', unknown>>
      if (!(QUESTION_KINDS as readonly unknown[]).includes(q.kind)) return
      if (!q.label) ctx.addIssue({ code: 'custom', path: ['questions', i, 'label'], message: SESSION_ERRORS.questionLabel })
      if (q.kind !== 'single' && q.kind !== 'multi') return
      const options = splitOptions(typeof q.options === 'string' ? q.options : '')
      const problem =
        options.length < 2
          ? SESSION_ERRORS.options
          : options.length > SESSION_LIMITS.options
            ? SESSION_ERRORS.tooManyOptions
            : options.some((o) => o.length > SESSION_LIMITS.optionLength)
              ? SESSION_ERRORS.optionTooLong
              : new Set(options.map((o) => o.toLowerCase())).size !== options.length
                ? SESSION_ERRORS.duplicateOptions
                : null
      if (problem) ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: problem })
    })
  },
  { when: () => true },
)
export type SessionFormValue = z.infer<typeof SessionSchema>

export function isWebUrl(value: string) {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

export type SessionQuestionValue = {
  id: string
  kind: QuestionKind
  label: string
  required: boolean
  options: string[]
  weights?: Record<string, number>
}

/** The used question slots as stored; a new question gets an id from `newId` (answers are keyed by it). */
export function questionsFromForm(slots: SessionFormValue['questions'], newId: () => string): SessionQuestionValue[] {
  return slots.flatMap((q) => {
    if (!q.kind) return []
    const options = q.kind === 'single' || q.kind === 'multi' ? splitOptions(q.options) : []
    const weights = weightsFromPoints(q.kind, options, q.points)
    return [
      {
        id: q.id ?? newId(),
        kind: q.kind,
        label: q.label,
        required: q.required,
        options,
        ...(Object.keys(weights).length ? { weights } : {}),
      },
    ]
  })
}

/** The offer file types a session may deliver, by extension, with the type they are served as. */
export const OFFER_FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  csv: 'text/csv',
  txt: 'text/plain',
  ics: 'text/calendar',
  key: 'application/vnd.apple.keynote',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * The type to serve an offer file as, from its extension, or null when it is not allowed. HTML,
 * SVG and scripts are refused: the file is served from our own origin.
 */
export function offerFileType(filename: string): string | null {
  const ext = filename.toLowerCase().split('.').pop() ?? ''
  return filename.includes('.') ? (OFFER_FILE_TYPES[ext] ?? null) : null
}
export const OFFER_FILE_ACCEPT = Object.keys(OFFER_FILE_TYPES)
  .map((e) => `.${e}`)
  .join(',')
