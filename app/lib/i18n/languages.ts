// The languages of the attendee's path (issue 31; ARCHITECTURE decision 26). One dictionary file a
// language in this folder (en.ts is the reference: every other file has exactly its keys).
// docs/languages.md says how a language is chosen and how to add one.

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'] as const
export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

/** Each language by its own name, for the list of links on the attendee page. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
}

/** Each language by its English name, for the speaker's screens (which are in English). */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Language, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
}

/**
 * The locale each dictionary's dates and times are formatted in (Intl, server-side): the served
 * language, in the variety its dictionary is written in — British English (en.ts says "organiser")
 * and European Portuguese (pt.ts; served to pt-BR too). All seven read a 24-hour clock.
 */
export const FORMAT_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  de: 'de',
  fr: 'fr',
  es: 'es',
  it: 'it',
  pt: 'pt-PT',
  nl: 'nl',
}

/** The remembered choice (set by the sign-up POST after an explicit choice, never by a GET). */
export const LANGUAGE_COOKIE = 'lectern-lang'

/** The query parameter of an explicit choice: /t/{code}?lang=de. */
export const LANGUAGE_PARAM = 'lang'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
