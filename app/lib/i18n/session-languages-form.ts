import { z } from 'zod'
import type { SessionQuestion } from '~/db/schema/talks'
import { SESSION_LIMITS } from '../talk-session'
import { LANGUAGES, type Language } from './languages'
import type { SessionTranslation, SessionTranslations } from './session-translations'

// The session's Languages form (/app/sessions/{id}/languages; issue 31 Deliver 2 and 4): whether the
// page follows the attendee or is fixed to one language, and the speaker's words in each language.
// Fields are named translations.{language}.{text} and translations.{language}.q_{id}_label / _options.

export const FOLLOW_ATTENDEE = 'follow'

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}: use ${max} characters or fewer` })
    .optional()

const TranslationFields = z.looseObject({
  consentText: text(SESSION_LIMITS.consentText, 'Consent wording'),
  marketingText: text(SESSION_LIMITS.marketingText, 'Marketing tick-box label'),
  offerTitle: text(SESSION_LIMITS.offerTitle, 'Offer title'),
  offerPromise: text(SESSION_LIMITS.offerPromise, 'Offer promise'),
  thanksMessage: text(SESSION_LIMITS.thanksMessage, 'Thank-you message'),
})

export const SessionLanguagesSchema = z.object({
  mode: z.enum([FOLLOW_ATTENDEE, ...LANGUAGES], { error: 'Choose how the page picks its language' }),
  translations: z.object(Object.fromEntries(LANGUAGES.map((l) => [l, TranslationFields.optional()]))).optional(),
})

export type SessionLanguagesValue = z.infer<typeof SessionLanguagesSchema>

export const questionLabelField = (id: string) => `q_${id}_label`
export const questionOptionsField = (id: string) => `q_${id}_options`

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)

/**
 * The translations to store, or field errors (by field name): a choice question's options are
 * given all or none, one per line in the speaker's order, so answers keep their stored values.
 */
export function translationsFromForm(
  value: SessionLanguagesValue,
  questions: SessionQuestion[],
): { ok: true; translations: SessionTranslations } | { ok: false; errors: Record<string, string[]> } {
  const translations: SessionTranslations = {}
  const errors: Record<string, string[]> = {}
  for (const language of LANGUAGES) {
    const given = (value.translations?.[language] ?? {}) as Record<string, string | undefined>
    const entry: SessionTranslation = {}
    for (const key of ['consentText', 'marketingText', 'offerTitle', 'offerPromise', 'thanksMessage'] as const) {
      const v = given[key]?.trim()
      if (v) entry[key] = v
    }
    for (const question of questions) {
      const label = given[questionLabelField(question.id)]?.trim() ?? ''
      const options = lines(given[questionOptionsField(question.id)] ?? '')
      if (label.length > SESSION_LIMITS.questionLabel)
        errors[`translations.${language}.${questionLabelField(question.id)}`] = [
          `Use ${SESSION_LIMITS.questionLabel} characters or fewer`,
        ]
      if (options.length > 0 && options.length !== question.options.length)
        errors[`translations.${language}.${questionOptionsField(question.id)}`] = [
          `Give all ${question.options.length} options, one per line, in the same order`,
        ]
      if (label || options.length) {
        entry.questions = { ...entry.questions, [question.id]: { label, options: options.length ? options : [] } }
      }
    }
    if (Object.keys(entry).length) translations[language] = entry
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, translations }
}

/** The form's starting values from what is stored. */
export function languagesFormValues(fixed: string | null, translations: SessionTranslations, questions: SessionQuestion[]) {
  return {
    mode: (LANGUAGES as readonly string[]).includes(fixed ?? '') ? (fixed as Language) : FOLLOW_ATTENDEE,
    translations: Object.fromEntries(
      LANGUAGES.map((language) => {
        const t = translations[language] ?? {}
        const fields: Record<string, string> = {
          consentText: t.consentText ?? '',
          marketingText: t.marketingText ?? '',
          offerTitle: t.offerTitle ?? '',
          offerPromise: t.offerPromise ?? '',
          thanksMessage: t.thanksMessage ?? '',
        }
        for (const q of questions) {
          fields[questionLabelField(q.id)] = t.questions?.[q.id]?.label ?? ''
          fields[questionOptionsField(q.id)] = (t.questions?.[q.id]?.options ?? []).join('\n')
        }
        return [language, fields]
      }),
    ),
  }
}
