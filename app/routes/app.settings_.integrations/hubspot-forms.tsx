import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { parseWithZod } from '@conform-to/zod/v4'

import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, ErrorList, Field, FormMessage } from '~/components/forms'
import { ANSWER_PREFIX, CRM_FIELDS, CrmMappingSchema, HUBSPOT_MATCH_PROPERTY, type CrmFieldMap } from '~/lib/crm-mapping'
import { ConnectHubSpotSchema } from './schema'

// The HubSpot forms of Settings → Integrations: paste a token, map fields.

export function ConnectForm({ lastResult, replacing }: { lastResult?: SubmissionResult<string[]>; replacing: boolean }) {
  const [form, fields] = useServerForm({
    id: 'hubspot-connect',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConnectHubSpotSchema }),
  })
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="intent" value="connect" />
      <FormMessage id={form.errorId}>{form.errors?.join(' ')}</FormMessage>
      <Field
        label={replacing ? 'New access token' : 'Private app access token'}
        hint="Starts with pat-. Lectern checks it with HubSpot before saving it, then stores it encrypted."
        errors={fields.token.errors}
        inputProps={{ ...getInputProps(fields.token, { type: 'password' }), autoComplete: 'off', spellCheck: false }}
      />
      <div>
        <button type="submit" className={buttonClass.primary}>
          {replacing ? 'Replace token' : 'Connect HubSpot'}
        </button>
      </div>
    </WorkspaceForm>
  )
}

export function MappingForm({
  fieldMap,
  questionLabels,
  lastResult,
}: {
  fieldMap: CrmFieldMap
  questionLabels: string[]
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useServerForm({
    id: 'hubspot-mapping',
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CrmMappingSchema }),
    defaultValue: {
      ...Object.fromEntries(CRM_FIELDS.map((f) => [f.key, fieldMap[f.key] ?? ''])),
      answers: questionLabels.map((label) => ({ label, property: fieldMap[`${ANSWER_PREFIX}${label}`] ?? '' })),
    },
  })
  const answers = fields.answers.getFieldList()
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="intent" value="mapping" />
      <FormMessage id={form.errorId}>{form.errors?.join(' ')}</FormMessage>
      <p className="text-sm text-slate-300">
        Email → <code className="text-slate-100">{HUBSPOT_MATCH_PROPERTY}</code>, always: HubSpot finds the contact by it.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {CRM_FIELDS.map((f) => (
          <Field
            key={f.key}
            label={f.label}
            hint={f.hubspot ? `HubSpot’s default: ${f.hubspot}` : 'Not sent unless you name a property'}
            errors={fields[f.key].errors}
            inputProps={{ ...getInputProps(fields[f.key], { type: 'text' }), autoComplete: 'off', spellCheck: false }}
          />
        ))}
      </div>
      {answers.length ? (
        <fieldset className="mt-2">
          <legend className="text-base font-semibold text-white">Answers to your questions</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {answers.map((answer) => {
              const set = answer.getFieldset()
              return (
                <div key={answer.key}>
                  <input {...getInputProps(set.label, { type: 'hidden' })} />
                  <Field
                    label={`Answer: “${set.label.initialValue ?? ''}”`}
                    errors={set.property.errors}
                    inputProps={{ ...getInputProps(set.property, { type: 'text' }), autoComplete: 'off', spellCheck: false }}
                  />
                </div>
              )
            })}
          </div>
          <ErrorList id={fields.answers.errorId} errors={fields.answers.errors} />
        </fieldset>
      ) : null}
      <div>
        <button type="submit" className={buttonClass.primary}>
          Save mapping
        </button>
      </div>
    </WorkspaceForm>
  )
}
