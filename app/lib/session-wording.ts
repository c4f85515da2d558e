import { dictionary } from './i18n/dictionaries'
import type { Language } from './i18n/languages'

// A new session's default wordings: the consent text and the marketing box's label, which name the
// speaker who uses the details. The attendee page adds, under any wording, who controls the data,
// their contact and the privacy-notice link (consentNoticeText in consent-text.ts). Both come from
// the language's dictionary (app/lib/i18n): a session still on the default wording is shown it in
// every language; its stored copy is the English one.

/** The default consent wording; without a name it says "The speaker" (in the language). */
export function defaultConsentText({ speaker }: { speaker: string | null }, language: Language = 'en') {
  const t = dictionary(language)
  return t.consent.defaultWording({ speakerStart: speaker ?? t.speaker.unnamedStart })
}

export function defaultMarketingText(speaker: string | null, language: Language = 'en') {
  const t = dictionary(language)
  return t.consent.defaultMarketing({ speaker: speaker ?? t.speaker.unnamed })
}

/**
 * A session's wordings as attendees see them. A wording that is still the default written without
 * the speaker's name — "The speaker…", or, in sessions made before names were asked for (issue 29),
 * the account email in the name's place — follows the name they have now, so an address never
 * stands in for a name. Any other wording is the speaker's own and shows as stored. What is shown
 * is what the ledger records, as a new version; recorded rows never change.
 */
export function wordingsForSpeaker(
  session: { consentText: string; marketingText: string },
  speaker: { name: string | null; accountEmail: string },
) {
  const standIns = [null, speaker.accountEmail]
  const followsName = (text: string, wording: (s: string | null) => string) =>
    standIns.some((s) => text === wording(s)) ? wording(speaker.name) : text
  return {
    consentText: followsName(session.consentText, (s) => defaultConsentText({ speaker: s })),
    marketingText: followsName(session.marketingText, defaultMarketingText),
  }
}
