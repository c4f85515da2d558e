import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Link, useNavigation } from '@remix-run/react'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, Field, FormMessage, TextareaField } from '~/components/forms'
import { TalkSchema, type TalkInput } from '~/lib/talk-session'

/** Create and edit share this form; the action validates with the same schema. */
export function TalkForm({
  talk,
  lastResult,
  cancelTo,
}: {
  talk: TalkInput | null
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
}) {
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'talk-form',
    lastResult,
    constraint: getZodConstraint(TalkSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TalkSchema }),
    defaultValue: talk ?? { title: '', abstract: '', tag: '' },
  })
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-8 flex max-w-2xl flex-col gap-5">
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <Field label="Title" inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
      <TextareaField
        label="Abstract"
        hint="What the talk is about, in a few sentences. Optional."
        textareaProps={{ ...getTextareaProps(fields.abstract), rows: 6 }}
        errors={fields.abstract.errors}
      />
      <Field
        label="Tag"
        hint='A short label such as "Keynote" or "Workshop". Optional.'
        inputProps={getInputProps(fields.tag, { type: 'text' })}
        errors={fields.tag.errors}
      />
      <div className="flex gap-3">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {talk ? 'Save talk' : 'Create talk'}
        </button>
        <Link to={cancelTo} className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </WorkspaceForm>
  )
}
