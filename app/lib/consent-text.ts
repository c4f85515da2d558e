import { createHash } from 'node:crypto'

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

export type ConsentNotice = {
  /** The speaker's own wording (talk_sessions.consent_text). */
  wording: string
  /** Who receives the data: the speaker, the controller (spec 000 §1). */
  speakerName: string
  brand: string
  privacyUrl: string
}

/** The line naming the controller and the processor, shown under the speaker's wording. */
export function controllerLine({ speakerName, brand }: Pick<ConsentNotice, 'speakerName' | 'brand'>) {
  return `Your details go to ${speakerName}, who decides how they are used. ${brand} stores them on ${speakerName}'s behalf.`
}

/** The notice exactly as the page shows it, with the privacy link's address spelled out. */
export function consentNoticeText(notice: ConsentNotice): string {
  return normalizeConsentText(
    [notice.wording, controllerLine(notice), `Privacy notice: ${notice.privacyUrl}`].filter((line) => line.trim()).join('\n'),
  )
}
