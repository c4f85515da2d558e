import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'

import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, ErrorList, Field, SelectField } from '~/components/forms'
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from '~/lib/lead-status'
import { TAG_MAX_LENGTH, TAGS_PER_PERSON } from '~/lib/lead-follow-up'
import { MONEY_CURRENCIES } from '~/lib/money'
import { Card } from './person-sections'
import type { PersonView } from './view.server'

// The follow-up forms of the lead detail page: the status pipeline with the deal value, and tags.
// Real forms posting to the route's action (post/redirect/get); errors come back next to the field.

type Result = SubmissionResult<string[]> | undefined

export function PipelineForm({ view, lastResult }: { view: PersonView; lastResult: Result }) {
  const { person } = view
  const [form, fields] = useServerForm({
    id: 'pipeline',
    lastResult,
    defaultValue: { status: person.status, dealValue: person.dealValue, dealCurrency: person.dealCurrency },
    shouldRevalidate: 'onBlur',
  })
  const statusValue = (fields.status.initialValue as string | undefined) ?? person.status
  return (
    <Card title="Follow-up" id="pipeline-title">
      <p className="mt-1 text-sm text-slate-300">
        Status: <strong className="text-white">{person.statusLabel}</strong>
        {person.dealLabel ? (
          <>
            {' '}
            · Deal value: <strong className="text-white">{person.dealLabel}</strong>
            {person.status === 'won' ? '' : person.status === 'lost' ? ' (lost)' : ' (expected)'}
          </>
        ) : null}
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="pipeline" />
        <fieldset aria-describedby={fields.status.errors ? fields.status.errorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-200">Status</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {CONTACT_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-2 text-sm text-slate-100">
                <input
                  type="radio"
                  name={fields.status.name}
                  value={status}
                  defaultChecked={statusValue === status}
                  className="accent-brand-500"
                />
                {CONTACT_STATUS_LABELS[status]}
              </label>
            ))}
          </div>
          <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
        </fieldset>
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
          <Field
            label="Deal value"
            hint="The expected value while the deal is open; required to mark the person as won. Leave empty for none."
            errors={fields.dealValue.errors}
            inputProps={{ ...getInputProps(fields.dealValue, { type: 'text' }), inputMode: 'decimal', autoComplete: 'off' }}
          />
          <SelectField
            label="Currency"
            errors={fields.dealCurrency.errors}
            selectProps={{ name: fields.dealCurrency.name, id: fields.dealCurrency.id, defaultValue: person.dealCurrency }}
            options={MONEY_CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </div>
        <div>
          <button type="submit" className={buttonClass.primary}>
            Save follow-up
          </button>
        </div>
      </WorkspaceForm>
    </Card>
  )
}

export function TagsForm({ tags, lastResult }: { tags: string[]; lastResult: Result }) {
  const [form, fields] = useServerForm<{ tags: string }>({ id: 'add-tags', lastResult })
  return (
    <Card title="Tags" id="tags-title">
      {tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags of this person">
          {tags.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-1 rounded-full border border-white/20 bg-white/5 py-0.5 pl-3 pr-1 text-sm text-slate-100"
            >
              {tag}
              <WorkspaceForm method="post" className="inline">
                <input type="hidden" name="intent" value="remove-tag" />
                <input type="hidden" name="tag" value={tag} />
                <button type="submit" className="rounded-full px-2 text-slate-300 hover:bg-white/10 hover:text-white">
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">Remove tag {tag}</span>
                </button>
              </WorkspaceForm>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-400">No tags yet.</p>
      )}
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-3">
        <input type="hidden" name="intent" value="add-tags" />
        <Field
          label="Add tags"
          hint={`Separate several with commas. Stored in lower case, up to ${TAG_MAX_LENGTH} characters each, ${TAGS_PER_PERSON} per person.`}
          errors={fields.tags.errors}
          inputProps={{ ...getInputProps(fields.tags, { type: 'text' }), autoComplete: 'off' }}
        />
        <div>
          <button type="submit" className={buttonClass.secondary}>
            Add tags
          </button>
        </div>
      </WorkspaceForm>
    </Card>
  )
}
