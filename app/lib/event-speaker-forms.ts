import { z } from 'zod'
import { SESSION_PAGE_FIELDS, SPEAKER_PAGE_FIELDS } from './events'
import { isEmailAddress, NAME_NOT_ADDRESS } from './public-name'
import { IMPORT_COLUMNS, IMPORT_LIMITS, type ImportCells, type RowProblem } from './speaker-import'

// The organiser's forms for an event's speakers (issue 23 Deliver 2 and 3). The fields of a
// programme row are checked on the server by the CSV's own row rule (checkProgrammeCells), so a
// speaker added by hand and one imported obey the same rules; these schemas only read the fields.

/** The roster speaker's photo, a file part of the speaker page's form. */
export const PHOTO_FIELD = 'photo'

const text = z.string().trim().optional()

/** "Add a speaker": every column of the speakers CSV. */
export const AddSpeakerSchema = z.object({
  intent: z.literal('add'),
  ...(Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, text])) as Record<
    (typeof IMPORT_COLUMNS)[number]['key'],
    typeof text
  >),
})

/** A session of the speaker at the event, edited on the speaker's page. */
export const EventSessionSchema = z.object({
  intent: z.literal('session'),
  sessionId: z.uuid(),
  talkTitle: text,
  talkDescription: text,
  startTime: text,
  duration: text,
  room: text,
  locked: z.array(z.enum(SESSION_PAGE_FIELDS)).default([]),
})

/** The roster speaker's page fields and the organiser's locks on them. */
export const RosterSpeakerSchema = z.object({
  intent: z.literal('speaker'),
  name: z
    .string({ error: 'Name is missing.' })
    .trim()
    .min(1, 'Name is missing.')
    .max(IMPORT_LIMITS.name, `Name is longer than ${IMPORT_LIMITS.name} characters.`)
    .refine((v) => !isEmailAddress(v), NAME_NOT_ADDRESS),
  jobTitle: z
    .string()
    .trim()
    .max(IMPORT_LIMITS.jobTitle, `Job title is longer than ${IMPORT_LIMITS.jobTitle} characters.`)
    .default(''),
  company: z
    .string()
    .trim()
    .max(IMPORT_LIMITS.company, `Company is longer than ${IMPORT_LIMITS.company} characters.`)
    .default(''),
  bio: z
    .string()
    .trim()
    .max(IMPORT_LIMITS.bio, `Bio is longer than ${IMPORT_LIMITS.bio.toLocaleString('en-GB')} characters.`)
    .default(''),
  removePhoto: z.literal('on').optional(),
  locked: z.array(z.enum(SPEAKER_PAGE_FIELDS)).default([]),
})

/** A form's values as the CSV's cells (absent → ''). */
export function cellsOf(value: Partial<Record<keyof ImportCells, string | undefined>>): ImportCells {
  return Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, value[c.key] ?? ''])) as ImportCells
}

/** The row rule's problems as Conform field errors (a problem without a column goes on the form). */
export function problemsAsFieldErrors(problems: RowProblem[]) {
  const errors: Record<string, string[]> = {}
  for (const p of problems) (errors[p.column ?? ''] ??= []).push(p.message)
  return errors
}
