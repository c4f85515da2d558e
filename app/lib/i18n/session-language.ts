import type { SessionQuestion } from '~/db/schema/talks'
import { eventConsentText } from '../events'
import { defaultConsentText, defaultMarketingText } from '../session-wording'
import { dictionary } from './dictionaries'
import type { Dictionary } from './en'
import { isLanguage, LANGUAGES, type Language } from './languages'
import type { SessionTranslations } from './session-translations'

// Which languages a session's page is offered in, and its words in one of them (issue 31 Deliver 3
// and 4; docs/languages.md). Lectern's own words come from the dictionaries. The speaker's words
// are theirs: a wording still the default is Lectern's and exists in every language; their own
// consent notice (and marketing box) must be given in a language for that language to be offered;
// the offer and the questions show as written where no translation is given, marked with the
// language they are written in.

export type LocalizableSession = {
  /** The one language the session is shown in; null: it follows the attendee. */
  fixedLanguage: string | null
  /** The workspace's language: the fallback, and the language the session's own words are written in. */
  workspaceLanguage: string
  consentText: string
  marketingText: string
  offerTitle: string
  offerPromise: string
  /** The thank-you page's message; '' for none. */
  thanksMessage: string
  questions: SessionQuestion[]
  translations: SessionTranslations
  speakerName: string
  speakerNamed: boolean
}

/** The language the session's stored words are written in. */
export function wordingLanguage(session: Pick<LocalizableSession, 'fixedLanguage' | 'workspaceLanguage'>): Language {
  if (isLanguage(session.fixedLanguage)) return session.fixedLanguage
  return isLanguage(session.workspaceLanguage) ? session.workspaceLanguage : 'en'
}

/** The session's wording is Lectern's default (with the speaker's name now, or none): it exists in every language. */
export function isDefaultConsent(session: Pick<LocalizableSession, 'consentText' | 'speakerName' | 'speakerNamed'>) {
  const names = session.speakerNamed ? [session.speakerName, null] : [null]
  const text = session.consentText.trim()
  return text === eventConsentText() || names.some((name) => text === defaultConsentText({ speaker: name }))
}

export function isDefaultMarketing(session: Pick<LocalizableSession, 'marketingText' | 'speakerName' | 'speakerNamed'>) {
  const names = session.speakerNamed ? [session.speakerName, null] : [null]
  return names.some((name) => session.marketingText.trim() === defaultMarketingText(name))
}

/** Whether a language has every wording the page requires: the consent notice, and the marketing box when there is one. */
export function hasRequiredWording(session: LocalizableSession, language: Language) {
  if (language === wordingLanguage(session)) return true
  const given = session.translations[language]
  const consent = isDefaultConsent(session) || !!given?.consentText?.trim()
  const marketing = !session.marketingText.trim() || isDefaultMarketing(session) || !!given?.marketingText?.trim()
  return consent && marketing
}

/** The languages the page may be shown in: the fixed one, or every language with the required wording. */
export function offeredLanguages(session: LocalizableSession): Language[] {
  if (isLanguage(session.fixedLanguage)) return [session.fixedLanguage]
  return LANGUAGES.filter((language) => hasRequiredWording(session, language))
}

/** A speaker's text and the language it is in (a page marks a part in another language with lang). */
export type Worded = { text: string; lang: Language }

export type LocalQuestion = SessionQuestion & {
  /** The label shown; the question's own label stays its id for answers. */
  shownLabel: Worded
  /** Each option as shown, in the order of `options` (whose values are what is posted and stored). */
  shownOptions: Worded[]
}

export type LocalSessionTexts = {
  language: Language
  t: Dictionary
  /** The speaker as this language names them. */
  speaker: string
  speakerStart: string
  consentText: string
  marketingText: string
  offerTitle: Worded
  offerPromise: Worded
  thanksMessage: Worded
  questions: LocalQuestion[]
}

/**
 * The session's words in one language. Call only with an offered language: the consent wording
 * and the marketing label are then Lectern's default in that language or the speaker's own.
 */
export function localSessionTexts(session: LocalizableSession, language: Language): LocalSessionTexts {
  const t = dictionary(language)
  const base = wordingLanguage(session)
  const given = language === base ? undefined : session.translations[language]
  const speaker = session.speakerNamed ? session.speakerName : t.speaker.unnamed
  const speakerStart = session.speakerNamed ? session.speakerName : t.speaker.unnamedStart
  const own = (text: string, translated: string | undefined): Worded =>
    translated?.trim() ? { text: translated.trim(), lang: language } : { text, lang: base }
  // Lectern's default wording is shown in the language; the speaker's own is theirs, in the language given.
  const consentText =
    session.consentText.trim() === eventConsentText()
      ? t.consent.eventWording
      : isDefaultConsent(session)
        ? t.consent.defaultWording({ speakerStart })
        : language === base
          ? session.consentText
          : (given?.consentText?.trim() ?? session.consentText)
  const marketingText = !session.marketingText.trim()
    ? ''
    : isDefaultMarketing(session)
      ? t.consent.defaultMarketing({ speaker })
      : language === base
        ? session.marketingText
        : (given?.marketingText?.trim() ?? session.marketingText)
  return {
    language,
    t,
    speaker,
    speakerStart,
    consentText,
    marketingText,
    offerTitle: own(session.offerTitle, given?.offerTitle),
    offerPromise: own(session.offerPromise, given?.offerPromise),
    thanksMessage: own(session.thanksMessage, given?.thanksMessage),
    questions: session.questions.map((question) => {
      const translated = given?.questions?.[question.id]
      const options =
        translated && translated.options.length === question.options.length && translated.options.every((o) => o.trim())
          ? translated.options.map((text) => ({ text: text.trim(), lang: language }))
          : question.options.map((text) => ({ text, lang: base }))
      return { ...question, shownLabel: own(question.label, translated?.label), shownOptions: options }
    }),
  }
}
