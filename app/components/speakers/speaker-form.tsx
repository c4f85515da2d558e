import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import {
  buttonClass,
  CheckboxField,
  ErrorList,
  Field,
  FormMessage,
  SelectField,
  Spinner,
  TextareaField,
} from '~/components/forms'
import {
  DIRECTORY_FILTERS,
  DRAFT_AUTOSAVE_MS,
  SPEAKER_DRAFT_STORAGE_KEY,
  SUGGESTED_TALK_TAGS,
  TALK_DESCRIPTION_ROWS,
} from '~/lib/constants'
import { SPEAKER_FORM_MESSAGES, SpeakerFormSchema, type speakerFormDefaults } from '~/lib/speaker-form'
import { BioField, ProfileImageField } from './speaker-form-parts'

// The speaker profile form sections (spec 001 §2), shared by the submission screen and the admin
// editor. Without JavaScript it is a plain multipart form; the add/remove event rows are Conform
// intent buttons, which the server answers by re-rendering with one row more or less.

type Mode = 'submission' | 'admin'

export function SpeakerForm({
  id,
  mode,
  lastResult,
  defaultValue,
  isEdit,
  formError,
  draft = false,
  header,
}: {
  id: string
  mode: Mode
  lastResult?: SubmissionResult<string[]> | null
  defaultValue: ReturnType<typeof speakerFormDefaults>
  isEdit: boolean
  formError?: ReactNode
  /** Keep a local-storage draft (submission screen, creating). */
  draft?: boolean
  header?: ReactNode
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
  const [form, fields] = useServerForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(SpeakerFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SpeakerFormSchema }),
  })
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const bannerRef = useRef<HTMLDivElement>(null)

  // Restore the browser draft when creating (spec 001 §4): reading storage needs the browser.
  useEffect(() => {
    if (!draft) return
    const saved = readDraft()
    if (saved) form.update({ value: saved as never })
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft])

  // A server-side failure (JS on) brings the banner into view; client-side ones focus the field.
  useEffect(() => {
    if (lastResult?.status === 'error') bannerRef.current?.scrollIntoView({ block: 'start' })
  }, [lastResult])

  const saveDraftSoon = () => {
    if (!draft) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const formEl = document.getElementById(id) as HTMLFormElement | null
      if (!formEl) return
      try {
        const value = formValue(formEl)
        // An untouched form is no draft (and must not outlive a successful create).
        if (hasAnyText(value)) window.localStorage.setItem(SPEAKER_DRAFT_STORAGE_KEY, JSON.stringify(value))
        else window.localStorage.removeItem(SPEAKER_DRAFT_STORAGE_KEY)
      } catch {
        // Storage full or disabled: the draft is a convenience only.
      }
    }, DRAFT_AUTOSAVE_MS)
  }

  const hasFieldErrors = Object.entries(form.allErrors).some(([name]) => name !== '')
  const talks = fields.talks.getFieldList()
  const events = fields.events.getFieldList()
  const submitLabel = isEdit ? 'Update Profile' : 'Submit Profile for Review'

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onInput={saveDraftSoon}
      onChange={saveDraftSoon}
      className="flex flex-col gap-8"
      aria-busy={busy || undefined}
    >
      {header}
      <div ref={bannerRef} className="flex flex-col gap-3 empty:hidden">
        {hasFieldErrors ? (
          <FormMessage>{mode === 'admin' ? SPEAKER_FORM_MESSAGES.adminBanner : SPEAKER_FORM_MESSAGES.banner}</FormMessage>
        ) : null}
        {formError ? <FormMessage>{formError}</FormMessage> : null}
      </div>

      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
            errors={fields.name.errors}
          />
          <Field
            label="Job Title"
            inputProps={getInputProps(fields.jobTitle, { type: 'text' })}
            errors={fields.jobTitle.errors}
          />
          <Field label="Company" inputProps={getInputProps(fields.company, { type: 'text' })} errors={fields.company.errors} />
          <Field
            label="Location"
            hint="City, country"
            inputProps={getInputProps(fields.location, { type: 'text' })}
            errors={fields.location.errors}
          />
          <Field
            label="Email"
            hint="Never shown publicly: directory contact messages are forwarded to it."
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
            errors={fields.email.errors}
          />
          <SelectField
            label="Region (directory filter)"
            selectProps={getSelectProps(fields.region)}
            options={[{ value: '', label: 'Choose a region' }, ...DIRECTORY_FILTERS[2].options]}
            errors={fields.region.errors}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <CheckboxGroup
            legend="Talk topics"
            options={DIRECTORY_FILTERS[0].options}
            props={getCollectionProps(fields.topics, {
              type: 'checkbox',
              options: DIRECTORY_FILTERS[0].options.map((o) => o.value),
            })}
          />
          <CheckboxGroup
            legend="Industries"
            options={DIRECTORY_FILTERS[1].options}
            props={getCollectionProps(fields.industries, {
              type: 'checkbox',
              options: DIRECTORY_FILTERS[1].options.map((o) => o.value),
            })}
          />
          <CheckboxGroup
            legend="Talk types"
            options={DIRECTORY_FILTERS[3].options}
            props={getCollectionProps(fields.talkTypes, {
              type: 'checkbox',
              options: DIRECTORY_FILTERS[3].options.map((o) => o.value),
            })}
          />
        </div>
      </Section>

      <Section title="Profile Image">
        <ProfileImageField
          field={fields.profileImageUrl}
          formId={form.id}
          onUploaded={(url) => form.update({ name: fields.profileImageUrl.name, value: url })}
        />
      </Section>

      <Section title="Bio">
        <BioField field={fields.bio} onChange={saveDraftSoon} />
      </Section>

      <Section title="Speaker Video (optional)">
        <Field
          label="Video URL"
          hint="A YouTube, Vimeo or Loom link."
          inputProps={getInputProps(fields.videoEmbedUrl, { type: 'url' })}
          errors={fields.videoEmbedUrl.errors}
        />
      </Section>

      <Section title="Signature Talks">
        <datalist id={`${id}-talk-tags`}>
          {SUGGESTED_TALK_TAGS.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        {talks.map((talk, index) => {
          const f = talk.getFieldset()
          return (
            <fieldset key={talk.key ?? `talk-${index}`} className="grid gap-3 rounded-lg border border-white/10 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-200">Talk {index + 1}</legend>
              <Field label="Talk title" inputProps={getInputProps(f.title, { type: 'text' })} errors={f.title.errors} />
              <TextareaField
                label="Talk description"
                hint="1-2 lines"
                textareaProps={{ ...getTextareaProps(f.description), rows: TALK_DESCRIPTION_ROWS }}
                errors={f.description.errors}
              />
              <Field
                label="Talk tag"
                hint="Pick a suggestion or type your own."
                inputProps={{ ...getInputProps(f.tag, { type: 'text' }), list: `${id}-talk-tags` }}
                errors={f.tag.errors}
              />
            </fieldset>
          )
        })}
      </Section>

      <Section title="Previous Events">
        {events.map((event, index) => {
          const f = event.getFieldset()
          return (
            <fieldset
              key={event.key ?? `event-${index}`}
              className="grid gap-3 rounded-lg border border-white/10 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            >
              <legend className="px-1 text-sm font-semibold text-slate-200">Event {index + 1}</legend>
              <Field label="Event name" inputProps={getInputProps(f.name, { type: 'text' })} errors={f.name.errors} />
              <Field label="Event URL" inputProps={getInputProps(f.url, { type: 'url' })} errors={f.url.errors} />
              {events.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: fields.events.name, index })}
                  className={buttonClass.secondary}
                  aria-label={`Remove event ${index + 1}`}
                >
                  Remove
                </button>
              ) : null}
            </fieldset>
          )
        })}
        <div>
          <button
            {...form.insert.getButtonProps({ name: fields.events.name, defaultValue: { name: '', url: '' } })}
            className={buttonClass.secondary}
          >
            + Add Event
          </button>
        </div>
      </Section>

      <Section title="Social Links (optional)">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="LinkedIn URL"
            inputProps={getInputProps(fields.linkedinUrl, { type: 'url' })}
            errors={fields.linkedinUrl.errors}
          />
          <Field
            label="Website URL"
            inputProps={getInputProps(fields.websiteUrl, { type: 'url' })}
            errors={fields.websiteUrl.errors}
          />
          <Field
            label="Newsletter URL"
            inputProps={getInputProps(fields.newsletterUrl, { type: 'url' })}
            errors={fields.newsletterUrl.errors}
          />
        </div>
      </Section>

      {mode === 'admin' ? (
        <CheckboxField label="Publish this speaker profile" inputProps={getInputProps(fields.publish, { type: 'checkbox' })} />
      ) : (
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? <Spinner label={submitLabel} /> : submitLabel}
          </button>
        </div>
      )}
    </Form>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {children}
    </section>
  )
}

function CheckboxGroup({
  legend,
  options,
  props,
}: {
  legend: string
  options: ReadonlyArray<{ value: string; label: string }>
  props: ReturnType<typeof getCollectionProps>
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-200">{legend}</legend>
      {props.map(({ key, ...p }) => {
        const label = options.find((o) => o.value === p.value)?.label ?? p.value
        return (
          <label key={key} className="flex items-center gap-2 text-sm text-slate-200">
            <input {...p} className="h-4 w-4 accent-brand-500" />
            {label}
          </label>
        )
      })}
      <ErrorList />
    </fieldset>
  )
}

/** The form as Conform's value shape: "talks[0].title" → { talks: [{ title }] }. */
function formValue(formEl: HTMLFormElement) {
  const out: Record<string, unknown> = {}
  for (const [name, value] of new FormData(formEl)) {
    if (typeof value !== 'string' || name.startsWith('__') || name === 'company_website') continue
    const path = name.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== '')
    let target: Record<string, unknown> | unknown[] = out
    path.forEach((key, i) => {
      const last = i === path.length - 1
      const k = /^\d+$/.test(key) ? Number(key) : key
      const t = target as Record<string | number, unknown>
      if (last) {
        const existing = t[k]
        t[k] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
      } else {
        t[k] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}
        target = t[k] as Record<string, unknown>
      }
    })
  }
  return out
}

function hasAnyText(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.some(hasAnyText)
  if (value && typeof value === 'object') return Object.values(value).some(hasAnyText)
  return false
}

function readDraft(): Record<string, unknown> | null {
  try {
    const raw = window.localStorage.getItem(SPEAKER_DRAFT_STORAGE_KEY)
    const value: unknown = raw ? JSON.parse(raw) : null
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export function clearSpeakerDraft() {
  try {
    window.localStorage.removeItem(SPEAKER_DRAFT_STORAGE_KEY)
  } catch {
    // Nothing to clear.
  }
}
