import { createHash } from 'node:crypto'
import type { EventRecipients } from './events'

// The consent ledger's texts (ARCHITECTURE decision 16; issue 9 Deliver 6). What an attendee saw is
// stored once per distinct wording and referenced by its SHA-256, so identical notices share a row
// and any change of wording (the speaker's text, their name, the privacy link) is a new version.
// Server-only (node:crypto); the page and the ledger both build the notice here.

/** Line endings and trailing spaces do not change what is shown, so they do not make a new version. */
export function normalizeConsentText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
}

/** The version key of a consent text: lower-case hex SHA-256 of its normalised form. */
export function consentTextHash(text: string): string {
  return createHash('sha256').update(normalizeConsentText(text), 'utf8').digest('hex')
}

/** Who receives an event session's captures (issue 23 Deliver 5): the event's choice and the two names. */
export type EventParties = {
  recipients: EventRecipients
  /** The organiser's workspace name; null when it is no name (an email address: app/lib/public-name.ts). */
  organiserName: string | null
}

export type ConsentNotice = {
  /** The speaker's own wording (talk_sessions.consent_text). */
  wording: string
  /** The speaker's name: the controller outside events (spec 000 §1); an event's roster speaker. */
  speakerName: string
  brand: string
  privacyUrl: string
  /**
   * How to reach the controller (GDPR Art. 13(1)(a)): the speaker's address outside events, on its
   * own labelled line (contactLine) — a contact, never in place of their name (issue 29 Deliver 7).
   */
  contact?: string | null
  /** Set for a session of an organiser's event: the notice then names every recipient. */
  event?: EventParties | null
}

export const CONTACT_LABEL = 'Contact'
/** The controller's contact, labelled as one. */
export function contactLine(contact: string) {
  return `${CONTACT_LABEL}: ${contact}`
}

/** The line naming the controller and the processor, shown under the speaker's wording. */
export function controllerLine({ speakerName, brand }: Pick<ConsentNotice, 'speakerName' | 'brand'>) {
  return `Your details go to ${speakerName}, who decides how they are used. ${brand} stores them on ${speakerName}'s behalf.`
}

/**
 * The line naming who receives the details: the controller line outside events; on an event's
 * session every recipient by name, and the one who does not receive them, so an attendee knows
 * exactly where their details go. With 'both' the speaker's share depends on the box below it.
 */
export function recipientsLine(notice: Pick<ConsentNotice, 'speakerName' | 'brand' | 'event'>) {
  const { speakerName: speaker, brand, event } = notice
  if (!event) return controllerLine(notice)
  const named = event.organiserName
  // A workspace still named by an address has no name to give: the sentences say "the organiser".
  const organiser = named ? `${named}, the organiser of this event,` : 'the organiser of this event,'
  switch (event.recipients) {
    case 'organiser':
      return `Your details go to ${organiser} who decides how they are used. The speaker, ${speaker}, does not receive them. ${brand} stores them on ${named ?? 'the organiser'}'s behalf.`
    case 'speaker':
      return `Your details go to ${speaker}, the speaker, who decides how they are used. ${named ? `The organiser, ${named},` : 'The organiser'} does not receive them. ${brand} stores them on ${speaker}'s behalf.`
    case 'both':
      return `Your details go to ${organiser} who decides how they are used. ${speaker}, the speaker, receives them too only if you tick the box below. ${brand} stores them on their behalf.`
  }
}

/**
 * The unticked box that shares the details with the speaker when both may receive them (null
 * otherwise): it names the speaker, and its exact wording goes to the ledger (lead_consents.share_hash).
 */
export function shareBoxText(notice: Pick<ConsentNotice, 'speakerName' | 'event'>): string | null {
  if (notice.event?.recipients !== 'both') return null
  return `Also share my details with ${notice.speakerName}, the speaker, who may then contact me about this talk`
}

/** The notice exactly as the page shows it, with the contact and the privacy link's address spelled out. */
export function consentNoticeText(notice: ConsentNotice): string {
  return normalizeConsentText(
    [
      notice.wording,
      recipientsLine(notice),
      notice.contact ? contactLine(notice.contact) : '',
      `Privacy notice: ${notice.privacyUrl}`,
    ]
      .filter((line) => line.trim())
      .join('\n'),
  )
}

/**
 * Who received one capture, by name, for the attendee's thank-you page and confirmation email:
 * the speaker outside events; on an event's session each recipient with their part.
 */
export function receivedBy(
  notice: Pick<ConsentNotice, 'speakerName' | 'event'>,
  given: { toOrganiser: boolean; toSpeaker: boolean },
): string[] {
  if (!notice.event) return [notice.speakerName]
  return [
    ...(given.toOrganiser
      ? [notice.event.organiserName ? `${notice.event.organiserName} (the organiser)` : 'the organiser of this event']
      : []),
    ...(given.toSpeaker ? [`${notice.speakerName} (the speaker)`] : []),
  ]
}

/** "A", "A and B": names in a sentence. */
export function joinNames(names: readonly string[]) {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}
