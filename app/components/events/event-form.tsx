import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Link, useNavigation } from '@remix-run/react'
import { buttonClass, CheckboxField, ErrorList, Field, FormMessage, SelectField, TextareaField } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { EVENT_RECIPIENT_HINTS, EventSchema, RECIPIENTS_CHANGE_HINT } from '~/lib/event-form'
import { EVENT_RECIPIENT_LABELS, EVENT_RECIPIENTS, type EventRecipients } from '~/lib/events'

// Create and edit share this form (the organiser's screens only: it carries the zod schema). It works
// without JavaScript: a plain post, the server answers with the same messages by each field.

export type EventFormDefaults = {
  name: string
  slug: string
  description: string
  startsOn: string
  endsOn: string
  timeZone: string
  isOnline: boolean
  venue: string
  city: string
  recipients: EventRecipients
}

export const NEW_EVENT_DEFAULTS: EventFormDefaults = {
  name: '',
  slug: '',
  description: '',
  startsOn: '',
  endsOn: '',
  timeZone: '',
  isOnline: false,
  venue: '',
  city: '',
  recipients: 'organiser',
}

const sectionClass = 'rounded-xl border border-white/10 bg-ink-900/60 p-6'
const legendClass = 'text-lg font-semibold text-white'

export function EventForm({
  defaults,
  timeZones,
  appUrl,
  lastResult,
  submitLabel,
  cancelTo,
  editing,
}: {
  defaults: EventFormDefaults
  timeZones: string[]
  appUrl: string
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
  cancelTo: string
  editing: boolean
}) {
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'event-form',
    lastResult,
    constraint: getZodConstraint(EventSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EventSchema }),
    defaultValue: { ...defaults, isOnline: defaults.isOnline ? 'on' : undefined },
  })
  const recipients = fields.recipients.initialValue ?? defaults.recipients
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-8 flex flex-col gap-6">
      <input type="hidden" name="intent" value="save" />
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <fieldset className={sectionClass}>
        <legend className={legendClass}>The event</legend>
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          <Field label="Name" inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
          <Field
            label="Public address"
            hint={
              editing
                ? `The event’s page is ${appUrl}/e/${defaults.slug}. Changing it breaks links already shared.`
                : `The event’s page will be ${appUrl}/e/… Leave empty to make it from the name.`
            }
            inputProps={{ ...getInputProps(fields.slug, { type: 'text' }), placeholder: 'devconf-2027', autoCapitalize: 'off' }}
            errors={fields.slug.errors}
          />
          <Field
            label="First day"
            inputProps={getInputProps(fields.startsOn, { type: 'date' })}
            errors={fields.startsOn.errors}
          />
          <Field label="Last day" inputProps={getInputProps(fields.endsOn, { type: 'date' })} errors={fields.endsOn.errors} />
          <SelectField
            label="Time zone"
            selectProps={getSelectProps(fields.timeZone)}
            options={[
              { value: '', label: 'Choose a time zone' },
              ...timeZones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })),
            ]}
            errors={fields.timeZone.errors}
          />
          <p className="self-end pb-2 text-xs text-slate-400">The programme’s times are entered and shown in this zone.</p>
          <Field
            label="Venue"
            hint="The venue’s name and address."
            inputProps={getInputProps(fields.venue, { type: 'text' })}
            errors={fields.venue.errors}
          />
          <Field
            label="City"
            hint="Optional."
            inputProps={getInputProps(fields.city, { type: 'text' })}
            errors={fields.city.errors}
          />
          <CheckboxField
            label="Online event (no venue: the event’s page says “Online”)"
            inputProps={getInputProps(fields.isOnline, { type: 'checkbox' })}
            errors={fields.isOnline.errors}
          />
        </div>
        <TextareaField
          className="mt-5"
          label="Description"
          hint="Shown on the event’s public page. Optional."
          textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
          errors={fields.description.errors}
        />
      </fieldset>

      <fieldset
        className={sectionClass}
        aria-describedby={fields.recipients.errors ? fields.recipients.errorId : 'recipients-change-hint'}
      >
        <legend className={legendClass}>Who receives the attendees’ details</legend>
        <p className="mt-2 text-sm text-slate-300">
          When attendees leave their details on a session’s page of this event, they go to:
        </p>
        <div className="mt-4 flex flex-col gap-4">
          {EVENT_RECIPIENTS.map((value) => (
            <div key={value} className="flex items-start gap-3">
              <input
                type="radio"
                id={`recipients-${value}`}
                name={fields.recipients.name}
                value={value}
                defaultChecked={recipients === value}
                aria-describedby={`recipients-${value}-hint`}
                className="mt-1 accent-brand-500"
              />
              <div>
                <label htmlFor={`recipients-${value}`} className="font-medium text-slate-100">
                  {EVENT_RECIPIENT_LABELS[value]}
                </label>
                <p id={`recipients-${value}-hint`} className="mt-1 text-sm text-slate-400">
                  {EVENT_RECIPIENT_HINTS[value]}
                </p>
              </div>
            </div>
          ))}
        </div>
        <p id="recipients-change-hint" className="mt-4 text-xs text-slate-400">
          {RECIPIENTS_CHANGE_HINT}
        </p>
        <ErrorList id={fields.recipients.errorId} errors={fields.recipients.errors} />
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
