import { escapeHtml } from './email-html'
import type { FollowUpSource } from './follow-ups'

// Merge fields of a follow-up (issue 32 Deliver 1): `{{first_name|there}}` is the recipient's first
// name, or "there" when it is empty. The fields are fixed; a follow-up naming any other, or one its
// source cannot fill, is refused when saved by the field it is in (subject or body), so a message
// never leaves with `{{...}}` in it. Pure: the compose page checks and previews, the sender renders.

export const MERGE_FIELDS = ['first_name', 'talk_title', 'event_name', 'offer_link', 'sender_name'] as const
export type MergeField = (typeof MERGE_FIELDS)[number]

export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  first_name: 'The recipient’s first name',
  talk_title: 'The talk’s title',
  event_name: 'The event',
  offer_link: 'The link to the session’s offer',
  sender_name: 'Your name',
}

/** What one recipient's message fills the fields with; null: the source has no such value. */
export type MergeValues = Record<MergeField, string | null>

/**
 * Which fields a source can fill: every person has a first name (maybe empty) and the sender a name;
 * a session knows its talk, its event and its offer; a talk only its title (its sessions have
 * different events and offers); an event its name; a saved segment spans talks and events.
 */
export function fieldsFor(source: FollowUpSource): readonly MergeField[] {
  switch (source) {
    case 'session':
      return MERGE_FIELDS
    case 'talk':
      return ['first_name', 'talk_title', 'sender_name']
    case 'event':
      return ['first_name', 'event_name', 'sender_name']
    case 'segment':
      return ['first_name', 'sender_name']
  }
}

const SOURCE_NAMES: Record<FollowUpSource, string> = {
  session: 'a session',
  talk: 'a talk',
  event: 'an event',
  segment: 'a saved segment',
}

// `{{ name }}` or `{{ name | fallback }}`; the fallback runs to the closing braces.
const FIELD = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g

export type MergeToken = { raw: string; name: string; fallback: string | null }

export function mergeTokens(template: string): MergeToken[] {
  return [...template.matchAll(FIELD)].map((m) => ({ raw: m[0], name: m[1]!, fallback: m[2] === undefined ? null : m[2].trim() }))
}

function isMergeField(name: string): name is MergeField {
  return (MERGE_FIELDS as readonly string[]).includes(name)
}

function list(fields: readonly string[]) {
  return fields.length < 2 ? fields.join('') : `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}`
}

/**
 * The field errors of one template (a subject or a body): an unknown field, a field the source
 * cannot fill, or braces left open. Empty when every field can be filled.
 */
export function mergeErrors(template: string, source: FollowUpSource): string[] {
  const errors: string[] = []
  const allowed = fieldsFor(source)
  for (const token of mergeTokens(template)) {
    if (!isMergeField(token.name)) {
      errors.push(`Unknown merge field ${token.raw}: use ${list(allowed.map((f) => `{{${f}}}`))}.`)
    } else if (!allowed.includes(token.name)) {
      errors.push(
        `${token.raw} cannot be filled in a follow-up to ${SOURCE_NAMES[source]}: use ${list(allowed.map((f) => `{{${f}}}`))}.`,
      )
    }
  }
  // What is left once the fields are out: a "{{" or "}}" there is a field nobody can read.
  const rest = template.replace(FIELD, '')
  if (rest.includes('{{') || rest.includes('}}')) errors.push('A merge field is not closed: write it as {{first_name|there}}.')
  return [...new Set(errors)]
}

/**
 * Fills the fields. `html`: the template is sanitised HTML, so values are escaped (a fallback is
 * already part of that HTML); otherwise plain text (a subject), line breaks removed. A field with
 * no value takes its fallback, else nothing; an unknown field (never saved) becomes nothing too.
 */
export function renderMerge(template: string, values: MergeValues, options: { html: boolean }): string {
  const filled = template.replace(FIELD, (_raw, name: string, fallback: string | undefined) => {
    const value = isMergeField(name) ? values[name]?.trim() : ''
    if (value) return options.html ? escapeHtml(value) : value
    return fallback?.trim() ?? ''
  })
  return options.html ? filled : filled.replace(/[\r\n]+/g, ' ')
}

/**
 * Fills every field but first_name (the values all recipients share), leaving `{{first_name…}}` for
 * each recipient's message: sending does this once when it starts, so the talk, event, offer link
 * and sender's name are fixed with the recipients and every retried batch builds the same bytes.
 */
export function fillShared(template: string, values: Omit<MergeValues, 'first_name'>, options: { html: boolean }): string {
  return template.replace(FIELD, (raw, name: string, fallback: string | undefined) => {
    if (name === 'first_name') return raw
    const value = isMergeField(name) ? { ...values, first_name: null }[name]?.trim() : ''
    if (value) return options.html ? escapeHtml(value) : value.replace(/[\r\n]+/g, ' ')
    return fallback?.trim() ?? ''
  })
}

/** One recipient's copy of a template whose shared fields are filled (fillShared). */
export function fillRecipient(template: string, firstName: string | null, options: { html: boolean }): string {
  return renderMerge(
    template,
    { first_name: firstName, talk_title: null, event_name: null, offer_link: null, sender_name: null },
    options,
  )
}

/** A subject marked as a test send's. */
export function testSubject(subject: string) {
  return `[Test] ${subject}`
}
