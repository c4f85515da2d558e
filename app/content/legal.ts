/**
 * Legal texts shown in the footer modals (Terms of Service, Privacy Policy,
 * Data Processing Addendum, Trust Center, Cookies Policy) and on the full
 * pages /terms-of-service, /privacy-policy and /cookie-policy.
 *
 * Every document is a function of the brand name, so no product name is
 * hard-coded. Paragraphs and list items are plain text (no HTML); render the
 * heading, the paragraphs, then the optional list. Print the date with
 * `formatLastModified(doc)` ("Last modified: May 10th 2025").
 *
 * The texts live in `legal-terms.ts`, `legal-privacy.ts`, `legal-dpa.ts` and
 * `legal-trust-cookies.ts`; always import them from this module.
 */
import type { LegalDoc, LegalOptions } from './legal-common'
import { dataProcessingAddendum } from './legal-dpa'
import { privacyPolicy } from './legal-privacy'
import { termsOfService } from './legal-terms'
import { cookiesPolicy, trustCenter } from './legal-trust-cookies'

export type { LegalDoc, LegalOptions, LegalSection } from './legal-common'
export { LEGAL_LAST_MODIFIED, contactSentence, formatLastModified } from './legal-common'
export type { CookieInUse, SubProcessor } from './legal-trust-cookies'
export { cookiesInUse, subProcessors } from './legal-trust-cookies'
export { cookiesPolicy, dataProcessingAddendum, privacyPolicy, termsOfService, trustCenter }

export type LegalDocKey = 'terms' | 'privacy' | 'dpa' | 'trust' | 'cookies'

/** Document builders by modal key (`?modal=terms`, …). */
export const legalDocuments: Record<LegalDocKey, (brand: string, options?: LegalOptions) => LegalDoc> = {
  terms: termsOfService,
  privacy: privacyPolicy,
  dpa: dataProcessingAddendum,
  trust: trustCenter,
  cookies: cookiesPolicy,
}

/** Footer labels, in footer order. */
export const legalDocumentLabels: Record<LegalDocKey, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  dpa: 'Data Processing Addendum',
  trust: 'Trust Center',
  cookies: 'Cookies Policy',
}

export function isLegalDocKey(value: string): value is LegalDocKey {
  return Object.prototype.hasOwnProperty.call(legalDocuments, value)
}
