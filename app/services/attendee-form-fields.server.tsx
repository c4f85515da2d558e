import type { Dictionary } from '~/lib/i18n/en'
import type { Language } from '~/lib/i18n/languages'
import type { LocalQuestion } from '~/lib/i18n/session-language'
import { LEAD_LIMITS, questionField, RATING_VALUES, type LeadFormErrors, type LeadFormValues } from '~/lib/lead-form'
import type { PublicSession } from '~/models/lead-capture.server'

// The attendee form's fields (app/services/attendee-page.server.tsx lays them out): a text input
// or a question's fieldset, each with its label, its message by the field and the ARIA wiring, and
// where the error summary's link for a field lands.

type FieldProps = {
  name: string
  label: string
  type?: 'text' | 'email' | 'tel' | 'url'
  autoComplete?: string
  required?: boolean
  maxLength?: number
  values: LeadFormValues
  errors: LeadFormErrors
  t: Dictionary
  /** The label's language when it is not the page's (a speaker's question not given in this language). */
  labelLang?: Language
}

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  required,
  maxLength,
  values,
  errors,
  t,
  labelLang,
}: FieldProps) {
  const error = errors[name]
  const value = values[name]
  return (
    <>
      <label htmlFor={`f-${name}`}>
        <span lang={labelLang}>{label}</span>
        {required ? null : <span className="muted"> {t.page.optional}</span>}
      </label>
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        defaultValue={typeof value === 'string' ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `e-${name}` : undefined}
      />
      {error ? (
        <p className="err" id={`e-${name}`}>
          {error}
        </p>
      ) : null}
    </>
  )
}

export function Question({
  question,
  language,
  values,
  errors,
  t,
}: {
  question: LocalQuestion
  language: Language
  values: LeadFormValues
  errors: LeadFormErrors
  t: Dictionary
}) {
  const name = questionField(question)
  const error = errors[name]
  const labelLang = question.shownLabel.lang === language ? undefined : question.shownLabel.lang
  if (question.kind === 'text') {
    return (
      <TextField
        name={name}
        label={question.shownLabel.text}
        labelLang={labelLang}
        required={question.required}
        maxLength={LEAD_LIMITS.answer}
        values={values}
        errors={errors}
        t={t}
      />
    )
  }
  const posted = values[name]
  const chosen = Array.isArray(posted) ? posted : posted ? [posted] : []
  // The posted and stored value is always the option as the speaker wrote it; only its label is translated.
  const options =
    question.kind === 'rating'
      ? RATING_VALUES.map((v) => ({ value: String(v), label: String(v), lang: undefined }))
      : question.options.map((value, i) => {
          const shown = question.shownOptions[i]!
          return { value, label: shown.text, lang: shown.lang === language ? undefined : shown.lang }
        })
  const type = question.kind === 'multi' ? 'checkbox' : 'radio'
  const label = `${question.shownLabel.text}${question.required ? '' : ` ${t.page.optional}`}`
  return (
    <fieldset aria-describedby={error ? `e-${name}` : undefined}>
      <legend lang={labelLang}>{question.kind === 'rating' ? t.page.ratingRange({ label }) : label}</legend>
      <div className={question.kind === 'rating' ? 'rate' : undefined}>
        {options.map((option) => (
          <label className="opt" key={option.value}>
            <input type={type} name={name} value={option.value} defaultChecked={chosen.includes(option.value)} />
            <span lang={option.lang}>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="err" id={`e-${name}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Where an error summary link lands: the input, or the first option of a choice question. */
export function fieldAnchor(name: string, session: PublicSession) {
  const question = session.questions.find((q) => questionField(q) === name)
  return question && question.kind !== 'text' ? `o-${name}-0` : `f-${name}`
}
