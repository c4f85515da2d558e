/** Longest name a speaker may give as the one attendees see (Settings → Your name). */
export const DISPLAY_NAME_MAX = 80

/**
 * The name attendees see for a speaker — on the talk page, the contact card, their emails and the
 * consent notice, which must name who receives their details: the name chosen in Settings, else the
 * directory profile's name, else the account email.
 */
export function speakerNameForAttendees(speaker: { displayName?: string | null; profileName?: string | null; email: string }) {
  return speaker.displayName?.trim() || speaker.profileName?.trim() || speaker.email
}
