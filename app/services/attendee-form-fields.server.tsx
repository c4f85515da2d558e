import type { SessionQuestion } from '~/db/schema/talks'
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
}

export function TextField({ name, label, type = 'text', autoComplete, required, maxLength, values, errors }: FieldProps) {
  const error = errors[name]
  const value = values[name]
  return (
    <>
      <label htmlFor={`f-${name}`}>
        {label}
        {required ? null : <span className="muted"> (optional)</span>}
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
  values,
  errors,
}: {
  question: SessionQuestion
  values: LeadFormValues
  errors: LeadFormErrors
}) {
  const name = questionField(question)
  const error = errors[name]
  const label = `${question.label}${question.required ? '' : ' (optional)'}`
  if (question.kind === 'text') {
    return (
      <TextField
        name={name}
        label={question.label}
        required={question.required}
        maxLength={LEAD_LIMITS.answer}
        values={values}
        errors={errors}
      />
    )
  }
  const posted = values[name]
  const chosen = Array.isArray(posted) ? posted : posted ? [posted] : []
  const options = question.kind === 'rating' ? RATING_VALUES.map(String) : question.options
  const type = question.kind === 'multi' ? 'checkbox' : 'radio'
  return (
    <fieldset aria-describedby={error ? `e-${name}` : undefined}>
      <legend>{question.kind === 'rating' ? `${label} — 1 (low) to 5 (high)` : label}</legend>
      <div className={question.kind === 'rating' ? 'rate' : undefined}>
        {options.map((option) => (
          <label className="opt" key={option}>
            <input type={type} name={name} value={option} defaultChecked={chosen.includes(option)} />
            {option}
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
