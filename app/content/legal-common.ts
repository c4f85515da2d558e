/**
 * Types and helpers shared by the legal documents. Import from `./legal`.
 */

export type LegalSection = {
  heading: string
  paragraphs: string[]
  list?: string[]
}

export type LegalDoc = {
  slug: string
  title: string
  /** Date text only, e.g. "May 10th 2025"; print with `formatLastModified`. */
  lastModified: string
  intro?: string
  sections: LegalSection[]
}

/**
 * Optional details the documents mention when known. `contactEmail` comes from
 * configuration; without it the texts point to the Contact Us form.
 */
export type LegalOptions = { contactEmail?: string }

/** Date all current legal texts were last modified (spec 000 §1). */
export const LEGAL_LAST_MODIFIED = 'May 10th 2025'

/** "Last modified: May 10th 2025" */
export function formatLastModified(doc: Pick<LegalDoc, 'lastModified'>): string {
  return `Last modified: ${doc.lastModified}`
}

/** Phrase telling the reader how to reach us, e.g. "email us at …". */
export function contactSentence(options: LegalOptions = {}): string {
  return options.contactEmail
    ? `email us at ${options.contactEmail} or use the Contact Us form linked in the footer of our website`
    : 'use the Contact Us form linked in the footer of our website'
}
