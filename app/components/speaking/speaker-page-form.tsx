import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useNavigation } from '@remix-run/react'
import { buttonClass, Field, FormMessage, TextareaField } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import type { SpeakerPageField } from '~/lib/events'
import { LOCKED_TEXT, speakerPageSchema } from '~/lib/speaker-page'

// The claimed speaker's page form (/app/speaking): inputs for the fields the organiser left open, and
// the locked ones read-only (no name: they are not sent, and the server refuses them if they are).

type Entry = {
  id: string
  name: string
  jobTitle: string
  company: string
  bio: string
  photoUrl: string
  lockedFields: string[]
}

export function SpeakerPageForm({
  entry,
  labels,
  lastResult,
}: {
  entry: Entry
  labels: Record<SpeakerPageField, string>
  lastResult?: SubmissionResult<string[]> | null
}) {
  const saving = useNavigation().state === 'submitting'
  const schema = speakerPageSchema(entry.lockedFields, entry)
  const [form, fields] = useServerForm({
    id: `speaker-page-${entry.id}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: { name: entry.name, jobTitle: entry.jobTitle, company: entry.company, bio: entry.bio },
  })
  const locked = (f: SpeakerPageField) => entry.lockedFields.includes(f)
  const readOnly = (f: SpeakerPageField, value: string) => (
    <Field
      key={f}
      label={labels[f]}
      hint={LOCKED_TEXT}
      inputProps={{ id: `${form.id}-${f}-locked`, type: 'text', value, readOnly: true }}
    />
  )
  return (
    <WorkspaceForm
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mt-4 flex flex-col gap-5 rounded-xl border border-white/10 bg-ink-900/60 p-6"
    >
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <input type="hidden" name="intent" value="profile" />
      <input type="hidden" name="speakerId" value={entry.id} />
      {locked('name') ? (
        readOnly('name', entry.name)
      ) : (
        <Field label={labels.name} inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
      )}
      {locked('jobTitle') ? (
        readOnly('jobTitle', entry.jobTitle)
      ) : (
        <Field
          label={labels.jobTitle}
          inputProps={getInputProps(fields.jobTitle, { type: 'text' })}
          errors={fields.jobTitle.errors}
        />
      )}
      {locked('company') ? (
        readOnly('company', entry.company)
      ) : (
        <Field
          label={labels.company}
          inputProps={getInputProps(fields.company, { type: 'text' })}
          errors={fields.company.errors}
        />
      )}
      {locked('bio') ? (
        <TextareaField
          label={labels.bio}
          hint={LOCKED_TEXT}
          textareaProps={{ id: `${form.id}-bio-locked`, value: entry.bio, readOnly: true, rows: 5 }}
        />
      ) : (
        <TextareaField
          label={labels.bio}
          textareaProps={{ ...getTextareaProps(fields.bio), rows: 5 }}
          errors={fields.bio.errors}
        />
      )}
      <div>
        {entry.photoUrl ? (
          <img
            src={entry.photoUrl}
            alt={`${entry.name}, as your page shows you`}
            width={96}
            height={96}
            className="mb-2 rounded-full"
          />
        ) : null}
        {locked('photoUrl') ? (
          <p className="text-sm text-slate-300">
            {labels.photoUrl}: {LOCKED_TEXT}
          </p>
        ) : (
          <Field
            label={entry.photoUrl ? 'Replace your photo' : 'Your photo'}
            hint="JPEG, PNG or WebP, up to 5 MB. Optional."
            inputProps={{ id: `${form.id}-photo`, name: 'photo', type: 'file', accept: 'image/jpeg,image/png,image/webp' }}
            errors={(form.allErrors.photo as string[] | undefined) ?? undefined}
          />
        )}
      </div>
      <div>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          Save your page
        </button>
      </div>
    </WorkspaceForm>
  )
}
