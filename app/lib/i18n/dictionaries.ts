import { de } from './de'
import type { Dictionary } from './en'
import { en } from './en'
import { es } from './es'
import { fr } from './fr'
import { it } from './it'
import type { Language } from './languages'
import { nl } from './nl'
import { pt } from './pt'

// Every dictionary by its language. Server-side only in practice: the attendee pages are rendered
// to static HTML (no script file), and app routes that show attendee wording pass the strings in
// their loader data, so no dictionary (and no i18n library) reaches a browser bundle.

export const DICTIONARIES: Record<Language, Dictionary> = { en, de, fr, es, it, pt, nl }

export function dictionary(language: Language): Dictionary {
  return DICTIONARIES[language]
}

/** "A", "A and B", "A, B and C" in the language (Intl.ListFormat). */
export function listNames(language: Language, names: readonly string[]) {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names)
}
