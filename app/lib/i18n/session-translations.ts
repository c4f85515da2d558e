import type { Language } from './languages'

// The speaker's own words in other languages (issue 31 Deliver 4): stored on the session
// (talk_sessions.translations) beside the wording it was written in. Talk titles and descriptions
// stay as written; these are the texts a speaker may give per language.

export type QuestionTranslation = { label: string; options: string[] }

export type SessionTranslation = {
  /** Their own consent notice: required for the language to be offered when the session has its own wording. */
  consentText?: string
  /** The marketing box's label: required too when the session has its own (it is a consent the ledger keeps). */
  marketingText?: string
  offerTitle?: string
  offerPromise?: string
  /** The thank-you page's message. */
  thanksMessage?: string
  /** By question id. */
  questions?: Record<string, QuestionTranslation>
}

export type SessionTranslations = Partial<Record<Language, SessionTranslation>>
