import { z } from 'zod'
import { isLocked, type SessionPageField, type SpeakerPageField } from './events'
import { SESSION_LIMITS } from './talk-session'

// What a claimed speaker edits on /app/speaking (issue 23 Deliver 4): their page's fields and their
// sessions' attendee-page offer, except what the organiser locked. Locked fields are shown read-only
// and are not inputs; one posted anyway with a different value is refused next to the field (a
// crafted request, or a lock set while the page was open), and the server keeps the stored value.

export const LOCKED_TEXT = 'Locked by the organiser'

// The roster's page fields' lengths: the organiser's CSV import and forms use them too (IMPORT_LIMITS).
export const SPEAKER_PAGE_LIMITS = { name: 100, jobTitle: 100, company: 100, bio: 5000 } as const

type Current = Record<string, string>

/** A field the speaker may edit, or — locked — one that must come back unchanged (or not at all). */
function field(locked: readonly string[], lockKey: string, current: Current, key: string, editable: z.ZodType) {
  if (!isLocked(locked, lockKey)) return editable
  return z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === (current[key] ?? ''), LOCKED_TEXT)
}

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? '')

export type SpeakerPageText = Record<Exclude<SpeakerPageField, 'photoUrl'>, string>

/** The speaker's page form for these locks and stored values. */
export function speakerPageSchema(locked: readonly string[], current: SpeakerPageText) {
  const c = current as Current
  return z.object({
    intent: z.literal('profile'),
    name: field(
      locked,
      'name',
      c,
      'name',
      z
        .string({ error: 'Enter your name' })
        .trim()
        .min(1, 'Enter your name')
        .max(SPEAKER_PAGE_LIMITS.name, `Name must be at most ${SPEAKER_PAGE_LIMITS.name} characters`),
    ),
    jobTitle: field(locked, 'jobTitle', c, 'jobTitle', optional('Job title', SPEAKER_PAGE_LIMITS.jobTitle)),
    company: field(locked, 'company', c, 'company', optional('Company', SPEAKER_PAGE_LIMITS.company)),
    bio: field(locked, 'bio', c, 'bio', optional('Bio', SPEAKER_PAGE_LIMITS.bio)),
  })
}

export type SessionPageText = { headline: string; offerTitle: string; offerPromise: string }

/** Which lock covers which input of the session form ('offer' covers the offer's title and promise). */
export const SESSION_INPUT_LOCK: Record<keyof SessionPageText, SessionPageField> = {
  headline: 'headline',
  offerTitle: 'offer',
  offerPromise: 'offer',
}

/** The form of one session's attendee page (headline and offer), for these locks and stored values. */
export function sessionPageSchema(locked: readonly string[], current: SessionPageText) {
  const c = current as Current
  return z.object({
    intent: z.literal('session'),
    sessionId: z.string().uuid(),
    headline: field(locked, 'headline', c, 'headline', optional('Headline', SESSION_LIMITS.headline)),
    offerTitle: field(locked, 'offer', c, 'offerTitle', optional('Offer title', SESSION_LIMITS.offerTitle)),
    offerPromise: field(locked, 'offer', c, 'offerPromise', optional('One-line promise', SESSION_LIMITS.offerPromise)),
  })
}

/** Only the unlocked fields of a valid submission: what the model writes. */
export function unlockedValues<T extends Record<string, unknown>>(
  value: T,
  keys: readonly (keyof T & string)[],
  lockOf: (key: string) => string,
  locked: readonly string[],
): Partial<T> {
  const out: Partial<T> = {}
  for (const key of keys) if (!isLocked(locked, lockOf(key)) && typeof value[key] === 'string') out[key] = value[key]
  return out
}
