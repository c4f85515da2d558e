import { FEEDBACK_FIELDS as F, FEEDBACK_LIMITS, PART_RATINGS, testimonialText, type FeedbackState } from '~/lib/feedback'
import type { Dictionary } from '~/lib/i18n/en'
import type { Language } from '~/lib/i18n/languages'
import type { LeadFormErrors, LeadFormValues } from '~/lib/lead-form'
import { formatSessionTime } from '~/lib/time-zone'
import type { BrowserFeedback } from '~/models/feedback.server'
import type { PublicSession } from '~/models/lead-capture.server'
import { TextField } from './attendee-form-fields.server'

// The feedback part of the attendee form (issue 33 Deliver 1–3), inside the same form as the details
// so one post sends both: the rating, both follow-up questions with the ratings they are for (no
// script needed to pick one), the optional part ratings, the testimonial box and the booking question.
// The rules and words are app/lib/feedback.ts.

/** The order the error summary lists the feedback fields in (after the rating, as they appear). */
export const FEEDBACK_FIELD_ORDER = [
  F.rating,
  F.better,
  F.use,
  F.content,
  F.delivery,
  F.slides,
  F.testimonial,
  F.quoteTitle,
  F.quoteCompany,
  F.organisation,
  F.role,
  F.timing,
]

/** The stored answer as form values, to change it from the same browser. */
export function feedbackFormValues(answer: BrowserFeedback): LeadFormValues {
  const values: LeadFormValues = {
    [F.rating]: String(answer.rating),
    [answer.rating <= 3 ? F.better : F.use]: answer.followUp,
  }
  if (answer.contentRating) values[F.content] = String(answer.contentRating)
  if (answer.deliveryRating) values[F.delivery] = String(answer.deliveryRating)
  if (answer.slidesRating) values[F.slides] = String(answer.slidesRating)
  if (answer.testimonialPermission && !answer.withdrawnAt) {
    values[F.testimonial] = 'yes'
    if (answer.testimonialNameParts.includes('title')) values[F.quoteTitle] = 'yes'
    if (answer.testimonialNameParts.includes('company')) values[F.quoteCompany] = 'yes'
  }
  return values
}

type Field = { values: LeadFormValues; errors: LeadFormErrors; t: Dictionary }

function Err({ name, errors }: { name: string; errors: LeadFormErrors }) {
  return errors[name] ? (
    <p className="err" id={`e-${name}`}>
      {errors[name]}
    </p>
  ) : null
}

function Stars({ name, legend, values, errors }: Field & { name: string; legend: string }) {
  return (
    <fieldset aria-describedby={errors[name] ? `e-${name}` : undefined}>
      <legend>{legend}</legend>
      <div className="rate">
        {[1, 2, 3, 4, 5].map((n, i) => (
          <label className="opt" key={n}>
            <input
              type="radio"
              id={i === 0 ? `o-${name}-0` : undefined}
              name={name}
              value={n}
              defaultChecked={values[name] === String(n)}
            />
            {n}
          </label>
        ))}
      </div>
      <Err name={name} errors={errors} />
    </fieldset>
  )
}

function FollowUp({ name, kind, values, errors, t }: Field & { name: string; kind: 'better' | 'use' }) {
  const value = values[name]
  return (
    <>
      <label htmlFor={`f-${name}`}>
        {kind === 'better' ? t.feedback.ifLow : t.feedback.ifHigh}: {t.feedback[kind]}
        <span className="muted"> {t.page.optional}</span>
      </label>
      <textarea
        id={`f-${name}`}
        name={name}
        rows={3}
        maxLength={FEEDBACK_LIMITS.followUp}
        defaultValue={typeof value === 'string' ? value : ''}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `e-${name}` : undefined}
      />
      <Err name={name} errors={errors} />
    </>
  )
}

function Tick({ name, label, values, errors }: Field & { name: string; label: string }) {
  return (
    <>
      <label className="opt">
        <input
          type="checkbox"
          name={name}
          value="yes"
          id={`f-${name}`}
          defaultChecked={values[name] === 'yes'}
          aria-describedby={errors[name] ? `e-${name}` : undefined}
        />
        {label}
      </label>
      <Err name={name} errors={errors} />
    </>
  )
}

/** What the page knows about feedback for one request: the window, its sentence and this browser's answer. */
export type FeedbackView = {
  state: FeedbackState
  sentence: string | null
  answer: BrowserFeedback | null
  editableUntil: Date | null
}

/** The section takes answers (the window is open and this browser may still answer or change its answer). */
export function takesFeedback(view: FeedbackView | undefined) {
  return !!view && view.state.state === 'open' && (!view.answer || !!view.editableUntil)
}

/**
 * What the page says about feedback: the window's sentence outside it (null when feedback is off),
 * or the whole section while it is open.
 */
export function FeedbackSection({
  session,
  state,
  sentence,
  answer,
  editableUntil,
  values,
  errors,
  t,
  language,
  speaker,
}: Field & FeedbackView & { session: PublicSession; language: Language; speaker: string }) {
  const f = t.feedback
  if (!sentence) return null
  if (state.state !== 'open') return <p className="note">{sentence}</p>
  if (answer && !editableUntil) {
    return <p className="note">{f.given({ time: formatSessionTime(answer.createdAt, session.timeZone, language) })}</p>
  }
  const field = { values, errors, t }
  return (
    <section aria-labelledby="fb-h">
      <h2 id="fb-h">{f.heading}</h2>
      <p className="muted">
        {sentence}{' '}
        {answer && editableUntil
          ? f.changeUntil({ time: formatSessionTime(editableUntil, session.timeZone, language) })
          : f.withoutDetails}
      </p>
      <Stars name={F.rating} legend={f.rating} {...field} />
      <FollowUp name={F.better} kind="better" {...field} />
      <FollowUp name={F.use} kind="use" {...field} />
      {PART_RATINGS.map((p) => (
        <Stars key={p.field} name={p.field} legend={f.part({ label: f[p.key] })} {...field} />
      ))}
      <Tick name={F.testimonial} label={testimonialText(speaker, ['name'], language)} {...field} />
      {session.fields.jobTitle ? <Tick name={F.quoteTitle} label={f.withTitle} {...field} /> : null}
      {session.fields.company ? <Tick name={F.quoteCompany} label={f.withCompany} {...field} /> : null}
      <h2>{f.booking({ speaker })}</h2>
      <p className="muted">{f.bookingHint({ speaker })}</p>
      <TextField
        name={F.organisation}
        label={f.organisation}
        autoComplete="organization"
        maxLength={FEEDBACK_LIMITS.organisation}
        {...field}
      />
      <TextField name={F.role} label={f.role} autoComplete="organization-title" maxLength={FEEDBACK_LIMITS.role} {...field} />
      <TextField name={F.timing} label={f.when} maxLength={FEEDBACK_LIMITS.timing} {...field} />
    </section>
  )
}
