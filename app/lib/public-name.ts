// A name shown in public — attendee pages, emails to attendees, the consent notice, event pages,
// the speaker directory — is a name, never an email address standing in for one (issue 29 Deliver
// 7; docs/speakers.md). Every place that picks the name to show asks publicName; every form that
// takes such a name refuses an address with NAME_NOT_ADDRESS.

/** Refused by every field that takes a name shown in public (display name, profile, roster, workspace). */
export const NAME_NOT_ADDRESS = 'Enter a name, not an email address'

/** An email address where a name belongs: one word with an @ between two parts ("ada@example.org"). */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(text.trim())
}

/** The first candidate that is a name (not empty, not an email address), trimmed; null when none is. */
export function publicName(...candidates: Array<string | null | undefined>): string | null {
  for (const candidate of candidates) {
    const name = candidate?.trim()
    if (name && !isEmailAddress(name)) return name
  }
  return null
}
