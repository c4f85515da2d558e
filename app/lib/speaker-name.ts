import { z } from 'zod'
import { isEmailAddress, NAME_NOT_ADDRESS, publicName } from './public-name'

/** Longest name a speaker may give as the one attendees see (Settings → Your name). */
export const DISPLAY_NAME_MAX = 80

/**
 * The name attendees see for a speaker — on the talk page, the contact card, their emails and the
 * consent notice, which must name who receives their details: the name given in Settings (or on
 * the first-run step), else the directory profile's name; null when neither is a name. Never the
 * account email (app/lib/public-name.ts): going live asks for a name instead.
 */
export function speakerNameForAttendees(speaker: { displayName?: string | null; profileName?: string | null }) {
  return publicName(speaker.displayName, speaker.profileName)
}

/**
 * The speaker as attendees' texts name them: their name, or "the speaker" when they have none (a
 * session that went live before names were asked for, or a name cleared since).
 */
export function speakerInText(name: string | null, { startsSentence = false } = {}) {
  return name ?? (startsSentence ? 'The speaker' : 'the speaker')
}

/** What going live and the first-run step say next to an empty name field. */
export const NAME_NEEDED = 'Enter your name: attendees see it on your session page, in their emails and in the consent notice'

const nameText = z
  .string()
  .trim()
  .max(DISPLAY_NAME_MAX, { error: `Use ${DISPLAY_NAME_MAX} characters or fewer` })
  .refine((v) => !isEmailAddress(v), { error: NAME_NOT_ADDRESS })

/** Settings → Your name: empty clears it. */
export const DisplayNameSchema = z.object({ displayName: nameText.optional() })

/** A name that must be given (going live, the first-run step): Conform reads an empty field as missing, after trimming too. */
export const displayNameRequired = z
  .string({ error: NAME_NEEDED })
  .transform((v) => v.trim())
  .pipe(z.string({ error: NAME_NEEDED }).min(1, { error: NAME_NEEDED }).pipe(nameText))

/**
 * A person as the workspace's own pages name them (members, the switcher, ownership offers): their
 * name, else their address. Only members see these; public pages use speakerNameForAttendees.
 */
export function memberName(person: { displayName?: string | null; email: string }) {
  return publicName(person.displayName) ?? person.email
}
