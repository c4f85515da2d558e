import { getCollectionProps, getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Link, useNavigation } from '@remix-run/react'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, ErrorList, Field, FormMessage } from '~/components/forms'
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookEndpointSchema, type WebhookEndpointInput } from '~/lib/webhooks'

const schema = webhookEndpointSchema()

/** Add and edit share this form; the action validates with the same schema plus the address rules. */
export function WebhookEndpointForm({
  endpoint,
  lastResult,
  cancelTo,
}: {
  endpoint: WebhookEndpointInput | null
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
}) {
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'webhook-endpoint',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: endpoint ?? { url: '', description: '', events: [...WEBHOOK_EVENTS] },
  })
  const eventsError = fields.events.errors ?? Object.values(fields.events.allErrors).flat()
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="flex max-w-2xl flex-col gap-5">
      <input type="hidden" name="intent" value="save" />
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <Field
        label="Endpoint URL"
        hint="Where Lectern POSTs the events, signed per Standard Webhooks. https in production; private and local addresses are refused."
        inputProps={{
          ...getInputProps(fields.url, { type: 'url' }),
          placeholder: 'https://example.com/webhooks',
          autoComplete: 'url',
        }}
        errors={fields.url.errors}
      />
      <Field
        label="Description"
        hint="Optional: what receives these events, for you."
        inputProps={getInputProps(fields.description, { type: 'text' })}
        errors={fields.description.errors}
      />
      <fieldset aria-describedby={eventsError.length ? fields.events.errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-200">Events</legend>
        <div className="flex flex-col gap-2">
          {getCollectionProps(fields.events, { type: 'checkbox', options: [...WEBHOOK_EVENTS] }).map(({ key, ...p }) => (
            <div key={key} className="flex items-start gap-2">
              <input
                {...p}
                id={`event-${p.value}`}
                aria-describedby={`event-${p.value}-hint`}
                className="mt-1 h-4 w-4 accent-brand-500"
              />
              <div>
                <label htmlFor={`event-${p.value}`} className="font-mono text-sm text-slate-100">
                  {WEBHOOK_EVENT_LABELS[p.value as keyof typeof WEBHOOK_EVENT_LABELS].label}
                </label>
                <span id={`event-${p.value}-hint`} className="block text-xs text-slate-400">
                  {WEBHOOK_EVENT_LABELS[p.value as keyof typeof WEBHOOK_EVENT_LABELS].hint}
                </span>
              </div>
            </div>
          ))}
        </div>
        <ErrorList id={fields.events.errorId} errors={eventsError.length ? [eventsError[0]] : undefined} />
      </fieldset>
      <div className="flex gap-3">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {endpoint ? 'Save endpoint' : 'Add endpoint'}
        </button>
        <Link to={cancelTo} className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </WorkspaceForm>
  )
}
