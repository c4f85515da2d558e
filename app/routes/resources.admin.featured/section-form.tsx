import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { Field, FormMessage, SelectField, TextareaField, buttonClass, ErrorList } from '~/components/forms'
import { FEATURED_DEFAULT_PAGE, FEATURED_DEFAULT_SORT_ORDER, SVG_MIME_TYPE } from '~/lib/constants'
import { SectionIcon } from './section-icon'

export type SectionValues = {
  id: string
  title: string
  description: string
  page: 'resources' | 'news'
  buttonLabel: string
  buttonLink: string
  icon: string
  sortOrder: number
}

/** Add and edit share one form; the modal around it is addressed by ?modal=add or ?modal=edit&id=. */
export function SectionForm({
  section,
  lastResult,
  closeHref,
}: {
  section: SectionValues | null
  lastResult?: SubmissionResult<string[]> | null
  closeHref: string
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const [pickerError, setPickerError] = useState<string | null>(null)
  const editing = Boolean(section)
  const [form, fields] = useServerForm({
    id: editing ? `section-edit-${section?.id}` : 'section-add',
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: {
      title: section?.title ?? '',
      description: section?.description ?? '',
      page: section?.page ?? FEATURED_DEFAULT_PAGE,
      buttonLabel: section?.buttonLabel ?? '',
      buttonLink: section?.buttonLink ?? '',
      sortOrder: String(section?.sortOrder ?? FEATURED_DEFAULT_SORT_ORDER),
    },
  })
  const iconErrors = [pickerError, ...((fields as Record<string, { errors?: string[] } | undefined>).icon?.errors ?? [])].filter(
    (e): e is string => Boolean(e),
  )
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={editing ? 'edit' : 'add'} />
      {section ? <input type="hidden" name="id" value={section.id} /> : null}
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <Field label="Title" inputProps={{ ...getInputProps(fields.title!, { type: 'text' }) }} errors={fields.title?.errors} />
      <TextareaField
        label="Description"
        hint="One line per paragraph."
        textareaProps={{ ...getTextareaProps(fields.description!), rows: 4 }}
        errors={fields.description?.errors}
      />
      <SelectField
        label="Page"
        selectProps={getSelectProps(fields.page!)}
        options={[
          { value: 'resources', label: 'Resources' },
          { value: 'news', label: 'News' },
        ]}
        errors={fields.page?.errors}
      />
      <Field
        label="Button label"
        inputProps={{ ...getInputProps(fields.buttonLabel!, { type: 'text' }) }}
        errors={fields.buttonLabel?.errors}
      />
      <Field
        label="Button link"
        inputProps={{ ...getInputProps(fields.buttonLink!, { type: 'url' }), placeholder: 'https://' }}
        errors={fields.buttonLink?.errors}
      />
      <Field
        label="Order"
        inputProps={{ ...getInputProps(fields.sortOrder!, { type: 'number' }), step: 1 }}
        errors={fields.sortOrder?.errors}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="section-icon" className="text-sm font-medium text-slate-200">
          Icon (SVG, under 1MB){editing ? ' — leave empty to keep the current icon' : ''}
        </label>
        {section?.icon ? (
          <div className="flex items-center gap-2 text-sm text-slate-300">
            <SectionIcon src={section.icon} title={section.title} /> Current icon
          </div>
        ) : null}
        <input
          id="section-icon"
          name="icon"
          type="file"
          accept={`${SVG_MIME_TYPE},.svg`}
          aria-invalid={iconErrors.length ? true : undefined}
          aria-describedby={iconErrors.length ? 'section-icon-error' : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0]
            setPickerError(file && file.type !== SVG_MIME_TYPE ? 'Please upload a valid SVG file' : null)
          }}
          className="text-sm text-slate-200 file:mr-3 file:rounded-md file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-slate-100"
        />
        <ErrorList id="section-icon-error" errors={iconErrors} />
      </div>
      <div className="mt-2 flex gap-3">
        <button type="submit" disabled={saving} className={buttonClass.primary}>
          {saving ? 'Saving...' : editing ? 'Save Changes' : 'Add Section'}
        </button>
        <Link to={closeHref} className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  )
}
