import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Link, useNavigation } from '@remix-run/react'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { useEffect, useRef } from 'react'
import { buttonClass, CheckboxField, ErrorList, Field, FormMessage, SelectField, TextareaField } from '~/components/forms'
import {
  OFFER_FILE_ACCEPT,
  OPTIONAL_FIELD_LABELS,
  OPTIONAL_FIELDS,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  SESSION_LIMITS,
  SessionSchema,
  SLIDE_LIMITS,
  type SessionFormValue,
} from '~/lib/talk-session'
import { FEEDBACK_OPENS, FEEDBACK_OPENS_LABELS, FEEDBACK_SETTING_LIMITS as FB } from '~/lib/feedback-values'
import { DEFAULT_SESSION_MINUTES } from '~/lib/events'
import type { SessionFormDefaults } from '~/services/session-form.server'
import { QuestionPoints } from './question-points'

// Create and edit share this form. It works without JavaScript: the three question slots are always
// there (a slot without a kind is unused), the offer is a radio group, the file a plain file input.

type Props = {
  defaults: SessionFormDefaults
  talks: { id: string; title: string }[]
  timeZones: string[]
  currentFile: string | null
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
  cancelTo: string
  /** New sessions take the browser's zone when JavaScript runs. */
  guessTimeZone: boolean
}

const sectionClass = 'rounded-xl border border-white/10 bg-ink-900/60 p-6'
const legendClass = 'text-lg font-semibold text-white'

export function SessionForm({
  defaults,
  talks,
  timeZones,
  currentFile,
  lastResult,
  submitLabel,
  cancelTo,
  guessTimeZone,
}: Props) {
  const saving = useNavigation().state === 'submitting'
  const slots = [0, 1, 2].map(
    (i) => defaults.questions[i] ?? { id: '', kind: '' as const, label: '', required: false, options: '', points: [] },
  )
  const [form, fields] = useServerForm<SessionFormDefaults, SessionFormValue>({
    id: 'session-form',
    lastResult,
    constraint: getZodConstraint(SessionSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      formData.delete('offerFile')
      return parseWithZod(formData, { schema: SessionSchema })
    },
    defaultValue: { ...defaults, questions: slots },
  })
  const switches = fields.fields.getFieldset()
  const questions = fields.questions.getFieldList()
  const offerKind = fields.offerKind.initialValue ?? 'none'
  const feedbackOpens = fields.feedbackOpens.initialValue ?? 'start'
  const zoneRef = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    // The browser knows where the speaker is; the server only checks the zone is real.
    const select = zoneRef.current
    if (!guessTimeZone || !select || select.value) return
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone && timeZones.includes(zone)) select.value = zone
  }, [guessTimeZone, timeZones])

  return (
    <WorkspaceForm method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-8 flex flex-col gap-6">
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Talk and event</legend>
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          <SelectField
            label="Talk"
            selectProps={getSelectProps(fields.talkId)}
            options={[{ value: '', label: 'Choose a talk' }, ...talks.map((t) => ({ value: t.id, label: t.title }))]}
            errors={fields.talkId.errors}
          />
          <Field
            label="Event name"
            inputProps={getInputProps(fields.eventName, { type: 'text' })}
            errors={fields.eventName.errors}
          />
          <Field
            label="Date and time"
            hint="The local time at the event."
            inputProps={getInputProps(fields.startsAt, { type: 'datetime-local' })}
            errors={fields.startsAt.errors}
          />
          <SelectField
            label="Time zone"
            selectProps={{ ...getSelectProps(fields.timeZone), ref: zoneRef } as never}
            options={[
              { value: '', label: 'Choose a time zone' },
              ...timeZones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })),
            ]}
            errors={fields.timeZone.errors}
          />
          <Field label="City" inputProps={getInputProps(fields.city, { type: 'text' })} errors={fields.city.errors} />
          <CheckboxField
            className="self-end pb-2"
            label="Online event"
            inputProps={getInputProps(fields.isOnline, { type: 'checkbox' })}
            errors={fields.isOnline.errors}
          />
          <Field
            label="Expected audience"
            hint="How many people you expect in the room. Optional."
            inputProps={{ ...getInputProps(fields.audienceSize, { type: 'number' }), inputMode: 'numeric' }}
            errors={fields.audienceSize.errors}
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Landing page and offer</legend>
        <div className="mt-4 grid gap-5">
          <Field
            label="Headline"
            hint={`Shown at the top of the attendee page. Leave empty to use the talk title. On the slide, a headline over ${SLIDE_LIMITS.title} characters is shortened.`}
            inputProps={getInputProps(fields.headline, { type: 'text' })}
            errors={fields.headline.errors}
          />
          <div
            role="radiogroup"
            aria-labelledby="offer-kind-label"
            aria-describedby={fields.offerKind.errors ? fields.offerKind.errorId : undefined}
          >
            <p id="offer-kind-label" className="mb-1 block text-sm font-medium text-slate-200">
              What attendees get for their details
            </p>
            <div className="flex flex-wrap gap-4">
              {(
                [
                  ['none', 'No offer'],
                  ['file', 'A file to download'],
                  ['url', 'A link'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-200">
                  <input
                    type="radio"
                    name={fields.offerKind.name}
                    value={value}
                    defaultChecked={offerKind === value}
                    className="accent-brand-500"
                  />
                  {label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.offerKind.errorId} errors={fields.offerKind.errors} />
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              label="Offer title"
              hint='For example "The slides and my checklist".'
              inputProps={getInputProps(fields.offerTitle, { type: 'text' })}
              errors={fields.offerTitle.errors}
            />
            <Field
              label="One-line promise"
              hint="Why it is worth leaving an email for."
              inputProps={getInputProps(fields.offerPromise, { type: 'text' })}
              errors={fields.offerPromise.errors}
            />
            <Field
              label="Link to deliver"
              hint="Used when the offer is a link."
              inputProps={{ ...getInputProps(fields.offerUrl, { type: 'url' }), placeholder: 'https://' }}
              errors={fields.offerUrl.errors}
            />
            <Field
              label="File to deliver"
              hint={
                currentFile
                  ? `Current file: ${currentFile}. Choose another to replace it. Up to 25 MB.`
                  : 'Used when the offer is a file. Up to 25 MB.'
              }
              inputProps={{ id: 'offerFile', name: 'offerFile', type: 'file', accept: OFFER_FILE_ACCEPT }}
              errors={(fields as unknown as Record<string, { errors?: string[] }>).offerFile?.errors}
            />
          </div>
          <TextareaField
            label="Thank-you message"
            hint="Optional, up to 500 characters of plain text: shown on the thank-you page after someone signs up, with or without an offer. Give it in other languages under Languages."
            textareaProps={{ ...getTextareaProps(fields.thanksMessage), rows: 3 }}
            errors={fields.thanksMessage.errors}
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Form fields</legend>
        <p className="mt-2 text-sm text-slate-300">First name and email are always asked. Choose what else to ask.</p>
        <div className="mt-4 flex flex-wrap gap-6">
          {OPTIONAL_FIELDS.map((name) => (
            <CheckboxField
              key={name}
              label={OPTIONAL_FIELD_LABELS[name]}
              inputProps={getInputProps(switches[name], { type: 'checkbox' })}
            />
          ))}
        </div>
        <h3 className="mt-6 font-semibold text-white">Your own questions (up to {SESSION_LIMITS.questions})</h3>
        <ErrorList errors={fields.questions.errors} />
        <div className="mt-3 grid gap-4 lg:grid-cols-3">
          {questions.map((q, i) => {
            const f = q.getFieldset()
            return (
              <fieldset key={q.key} className="rounded-lg border border-white/10 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-200">Question {i + 1}</legend>
                <input {...getInputProps(f.id, { type: 'hidden' })} />
                <div className="flex flex-col gap-3">
                  <SelectField
                    label="Kind"
                    selectProps={getSelectProps(f.kind)}
                    options={[
                      { value: '', label: 'Not used' },
                      ...QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] })),
                    ]}
                    errors={f.kind.errors}
                  />
                  <Field label="Question" inputProps={getInputProps(f.label, { type: 'text' })} errors={f.label.errors} />
                  <TextareaField
                    label="Options"
                    hint="For choice questions: one option per line."
                    textareaProps={{ ...getTextareaProps(f.options), rows: 3 }}
                    errors={f.options.errors}
                  />
                  <CheckboxField label="Answer required" inputProps={getInputProps(f.required, { type: 'checkbox' })} />
                  <QuestionPoints
                    name={f.points.name}
                    kind={f.kind.value}
                    options={f.options.value}
                    initial={f.points.initialValue}
                    errors={form.allErrors}
                  />
                </div>
              </fieldset>
            )
          })}
        </div>
      </fieldset>

      <fieldset className={sectionClass} aria-describedby="feedback-hint">
        <legend className={legendClass}>Feedback</legend>
        <p id="feedback-hint" className="mt-2 text-sm text-slate-300">
          While feedback is open, the attendee page asks for a rating from 1 to 5, a follow-up question that depends on it and
          optional ratings of content, delivery and slides; attendees may answer without leaving their details. The testimonial
          box and the booking question (&ldquo;Should [your name] speak at your company or event?&rdquo;) come with feedback and
          are always asked. The session ends at its start plus its length in the event&rsquo;s programme (
          {DEFAULT_SESSION_MINUTES} minutes when it has none).
        </p>
        <div className="mt-4 grid gap-5">
          <CheckboxField
            label="Ask for feedback on the attendee page"
            inputProps={getInputProps(fields.feedbackEnabled, { type: 'checkbox' })}
            errors={fields.feedbackEnabled.errors}
          />
          <div
            role="radiogroup"
            aria-labelledby="feedback-opens-label"
            aria-describedby={fields.feedbackOpens.errors ? fields.feedbackOpens.errorId : undefined}
          >
            <p id="feedback-opens-label" className="mb-1 block text-sm font-medium text-slate-200">
              When feedback opens
            </p>
            <div className="flex flex-wrap gap-4">
              {FEEDBACK_OPENS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-200">
                  <input
                    type="radio"
                    name={fields.feedbackOpens.name}
                    value={value}
                    defaultChecked={feedbackOpens === value}
                    className="accent-brand-500"
                  />
                  {FEEDBACK_OPENS_LABELS[value]}
                </label>
              ))}
            </div>
            <ErrorList id={fields.feedbackOpens.errorId} errors={fields.feedbackOpens.errors} />
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <Field
              label="Minutes before the end"
              hint={`Used when feedback opens a number of minutes before the end: ${FB.opensBeforeEndMin} to ${FB.opensBeforeEndMax} (never before the start).`}
              inputProps={{
                ...getInputProps(fields.feedbackOpensBeforeEndMinutes, { type: 'number' }),
                inputMode: 'numeric',
              }}
              errors={fields.feedbackOpensBeforeEndMinutes.errors}
            />
            <Field
              label="Closes, minutes after the end"
              hint={`${FB.closesAfterMin} to ${FB.closesAfterMax.toLocaleString('en-US')} minutes (a week). After that the page says when feedback closed.`}
              inputProps={{
                ...getInputProps(fields.feedbackClosesAfterMinutes, { type: 'number' }),
                inputMode: 'numeric',
              }}
              errors={fields.feedbackClosesAfterMinutes.errors}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Look and consent</legend>
        <div className="mt-4 grid gap-5">
          <Field
            className="max-w-xs"
            label="Accent colour"
            hint="The button colour on your page. Its text turns white or dark to stay readable; mid-tones where neither reads well are refused."
            inputProps={{ ...getInputProps(fields.accentColor, { type: 'color' }), className: 'h-11 p-1' }}
            errors={fields.accentColor.errors}
          />
          <TextareaField
            label="Consent wording"
            hint="Shown above the submit button. Under it the page adds that the details go to you, and links the privacy notice."
            textareaProps={{ ...getTextareaProps(fields.consentText), rows: 4 }}
            errors={fields.consentText.errors}
          />
          <Field
            label="Marketing tick-box label"
            hint="An optional, unticked box for permission to email attendees later. Leave empty to show no box."
            inputProps={getInputProps(fields.marketingText, { type: 'text' })}
            errors={fields.marketingText.errors}
          />
        </div>
      </fieldset>

      <div className="flex gap-3">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {submitLabel}
        </button>
        <Link to={cancelTo} className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </WorkspaceForm>
  )
}
