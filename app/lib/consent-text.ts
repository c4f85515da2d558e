import { createHash } from 'node:crypto'
import type { EventRecipients } from './events'
import { dictionary, listNames } from './i18n/dictionaries'
import type { Language } from './i18n/languages'

// The consent ledger's texts (ARCHITECTURE decision 16; issue 9 Deliver 6). What an attendee saw is
// stored once per distinct wording and referenced by its SHA-256, so identical notices share a row
// and any change of wording (the speaker's text, their name, the privacy link) is a new version.
// Server-only (node:crypto); the page and the ledger both build the notice here, in the language the
// page is shown in (issue 31: the ledger keeps that language and this exact text).

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
  /** The language the page is shown in (English when absent). */
  language?: Language
}

export const CONTACT_LABEL = dictionary('en').page.contact
/** The controller's contact, labelled as one. */
export function contactLine(contact: string, language: Language = 'en') {
  return dictionary(language).consent.contactLine({ contact })
}

/** The line naming the controller and the processor, shown under the speaker's wording. */
export function controllerLine({
  speakerName,
  brand,
  language = 'en',
}: Pick<ConsentNotice, 'speakerName' | 'brand' | 'language'>) {
  return dictionary(language).consent.controller({ speaker: speakerName, brand })
}

/**
 * The line naming who receives the details: the controller line outside events; on an event's
 * session every recipient by name, and the one who does not receive them, so an attendee knows
 * exactly where their details go. With 'both' the speaker's share depends on the box below it.
 * A workspace still named by an address has no name to give: the sentences say "the organiser".
 */
export function recipientsLine(notice: Pick<ConsentNotice, 'speakerName' | 'brand' | 'event' | 'language'>) {
  const { speakerName: speaker, brand, event } = notice
  if (!event) return controllerLine(notice)
  const t = dictionary(notice.language ?? 'en').consent
  const parties = { organiser: event.organiserName, speaker, brand }
  switch (event.recipients) {
    case 'organiser':
      return t.toOrganiser(parties)
    case 'speaker':
      return t.toSpeaker(parties)
    case 'both':
      return t.toBoth(parties)
  }
}

/**
 * The unticked box that shares the details with the speaker when both may receive them (null
 * otherwise): it names the speaker, and its exact wording goes to the ledger (lead_consents.share_hash).
 */
export function shareBoxText(notice: Pick<ConsentNotice, 'speakerName' | 'event' | 'language'>): string | null {
  if (notice.event?.recipients !== 'both') return null
  return dictionary(notice.language ?? 'en').consent.shareBox({ speaker: notice.speakerName })
}

/** The notice exactly as the page shows it, with the contact and the privacy link's address spelled out. */
export function consentNoticeText(notice: ConsentNotice): string {
  return normalizeConsentText(
    [
      notice.wording,
      recipientsLine(notice),
      notice.contact ? contactLine(notice.contact, notice.language) : '',
      dictionary(notice.language ?? 'en').consent.privacyLine({ url: notice.privacyUrl }),
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
  notice: Pick<ConsentNotice, 'speakerName' | 'event' | 'language'>,
  given: { toOrganiser: boolean; toSpeaker: boolean },
): string[] {
  if (!notice.event) return [notice.speakerName]
  const t = dictionary(notice.language ?? 'en').consent
  const organiser = notice.event.organiserName
  return [
    ...(given.toOrganiser ? [organiser ? t.organiserNamed({ organiser }) : t.organiserUnnamed] : []),
    ...(given.toSpeaker ? [t.speakerRole({ speaker: notice.speakerName })] : []),
  ]
}

/** "A", "A and B": names in a sentence, in the language. */
export function joinNames(names: readonly string[], language: Language = 'en') {
  return listNames(language, names)
}
