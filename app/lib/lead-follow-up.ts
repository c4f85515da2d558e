import { z } from 'zod'
import { CONTACT_STATUSES } from './lead-status'
import { MONEY_CURRENCIES, parseMoney } from './money'

// Following up one person (issue 10 Deliver 2): the rules of tags, notes, the status pipeline and
// the deal value, as one zod schema per form of the lead detail page (server and browser).

export const TAG_MAX_LENGTH = 40
export const TAGS_PER_PERSON = 20
export const NOTE_MAX_LENGTH = 5000

export const FOLLOW_UP_ERRORS = {
  tagEmpty: 'Enter a tag',
  tagTooLong: `A tag must be at most ${TAG_MAX_LENGTH} characters`,
  tooManyTags: `A person can have at most ${TAGS_PER_PERSON} tags`,
  tagComma: 'A tag cannot contain a comma',
  noteEmpty: 'Write the note',
  noteTooLong: `A note must be at most ${NOTE_MAX_LENGTH} characters`,
  status: 'Choose a status',
  currency: 'Choose a currency',
  dealRequiredForWon: 'Enter the deal value to mark this person as won',
} as const

/** A tag as stored: trimmed, inner spaces collapsed, lower-case. */
export function normalizeTag(raw: string) {
  return raw.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * The tags typed into the "Add tags" field (comma-separated), normalised and merged into the
 * person's current tags: duplicates dropped, order kept, errors for an empty, too long or too many.
 */
export function mergeTags(
  current: readonly string[],
  input: string,
): { ok: true; tags: string[]; added: string[] } | { ok: false; error: string } {
  const typed = input.split(',').map(normalizeTag).filter(Boolean)
  if (typed.length === 0) return { ok: false, error: FOLLOW_UP_ERRORS.tagEmpty }
  if (typed.some((t) => [...t].length > TAG_MAX_LENGTH)) return { ok: false, error: FOLLOW_UP_ERRORS.tagTooLong }
  const tags = [...current]
  const added: string[] = []
  for (const tag of typed) {
    if (tags.includes(tag)) continue
    tags.push(tag)
    added.push(tag)
  }
  if (tags.length > TAGS_PER_PERSON) return { ok: false, error: FOLLOW_UP_ERRORS.tooManyTags }
  return { ok: true, tags, added }
}

/** Why one tag cannot be stored as given (normalised first); null when it can. */
export function tagProblem(tag: string): string | null {
  if (tag === '') return FOLLOW_UP_ERRORS.tagEmpty
  if ([...tag].length > TAG_MAX_LENGTH) return FOLLOW_UP_ERRORS.tagTooLong
  // The app's "Add tags" field splits on commas: a tag holding one could never be typed or removed there.
  if (tag.includes(',')) return FOLLOW_UP_ERRORS.tagComma
  return null
}

/**
 * A person's tags after a change given as lists (the API: replace them all with `set`, or `add` and
 * `remove` some): normalised, duplicates dropped, order kept, the same limits as mergeTags. `added`
 * and `removed` say what changed, for the timeline.
 */
export function changeTags(
  current: readonly string[],
  change: { set?: readonly string[]; add?: readonly string[]; remove?: readonly string[] },
): { ok: true; tags: string[]; added: string[]; removed: string[] } | { ok: false; error: string } {
  const given = [...(change.set ?? []), ...(change.add ?? []), ...(change.remove ?? [])].map(normalizeTag)
  const problem = given.map(tagProblem).find((p) => p !== null)
  if (problem) return { ok: false, error: problem }
  const removing = new Set((change.remove ?? []).map(normalizeTag))
  const tags: string[] = []
  for (const tag of [...(change.set ?? current), ...(change.add ?? [])].map(normalizeTag)) {
    if (!removing.has(tag) && !tags.includes(tag)) tags.push(tag)
  }
  if (tags.length > TAGS_PER_PERSON) return { ok: false, error: FOLLOW_UP_ERRORS.tooManyTags }
  return {
    ok: true,
    tags,
    added: tags.filter((t) => !current.includes(t)),
    removed: current.filter((t) => !tags.includes(t)),
  }
}

/** A note's text, trimmed: the rule of the page's forms and of the API's body (no preprocess, so it documents as a string). */
export const NoteBodySchema = z
  .string({ error: FOLLOW_UP_ERRORS.noteEmpty })
  .trim()
  .min(1, FOLLOW_UP_ERRORS.noteEmpty)
  .max(NOTE_MAX_LENGTH, FOLLOW_UP_ERRORS.noteTooLong)

const noteBody = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), NoteBodySchema)

export const AddNoteSchema = z.object({ intent: z.literal('add-note'), body: noteBody })
export const EditNoteSchema = z.object({ intent: z.literal('edit-note'), noteId: z.uuid(), body: noteBody })
export const DeleteNoteSchema = z.object({ intent: z.literal('delete-note'), noteId: z.uuid() })
export const AddTagsSchema = z.object({ intent: z.literal('add-tags'), tags: z.string({ error: FOLLOW_UP_ERRORS.tagEmpty }) })
export const RemoveTagSchema = z.object({ intent: z.literal('remove-tag'), tag: z.string().min(1) })

/**
 * The pipeline form: a status and a deal value with its currency. The value may be entered in any
 * status (the expected value while the deal is open) and is required to mark a person as won; an
 * empty value clears it. `dealValueCents` is the parsed amount (null = none).
 */
export const PipelineSchema = z
  .object({
    intent: z.literal('pipeline'),
    status: z.enum(CONTACT_STATUSES, { error: FOLLOW_UP_ERRORS.status }),
    dealValue: z.string().optional(),
    dealCurrency: z.enum(MONEY_CURRENCIES, { error: FOLLOW_UP_ERRORS.currency }),
  })
  .transform((v, ctx) => {
    const parsed = parseMoney(v.dealValue ?? '', v.dealCurrency)
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', path: ['dealValue'], message: parsed.error })
      return z.NEVER
    }
    if (v.status === 'won' && parsed.cents === null) {
      ctx.addIssue({ code: 'custom', path: ['dealValue'], message: FOLLOW_UP_ERRORS.dealRequiredForWon })
      return z.NEVER
    }
    return { intent: v.intent, status: v.status, dealValueCents: parsed.cents, dealCurrency: v.dealCurrency }
  })

export const DeletePersonSchema = z.object({ intent: z.literal('delete') })

export const FOLLOW_UP_INTENTS = ['pipeline', 'add-tags', 'remove-tag', 'add-note', 'edit-note', 'delete-note', 'delete'] as const
export type FollowUpIntent = (typeof FOLLOW_UP_INTENTS)[number]
