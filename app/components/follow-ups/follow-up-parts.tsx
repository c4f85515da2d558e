import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClass, Field, FormMessage, SelectField } from '~/components/forms'
import { BioField } from '~/components/speakers/speaker-form-parts'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { followUpDraftSchema } from '~/lib/follow-up-compose'
import { fieldsFor, MERGE_FIELD_LABELS } from '~/lib/follow-up-merge'
import { LEFT_OUT_LABELS, LEFT_OUT_REASONS, type RecipientSummary } from '~/lib/follow-up-recipients'
import type { FollowUpSource } from '~/lib/follow-ups'

// The compose page's parts (issue 32 Deliver 1, 2, 5): the draft's form, who receives it, and what
// happened. Shared by /app/follow-ups/new, /app/follow-ups/{id} and the session's automatic follow-up.

export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  )
}

export type DraftDefaults = { subject: string; body: string; fromName: string }

export function DraftForm({
  source,
  defaults,
  lastResult,
  hidden,
  submitLabel,
}: {
  source: FollowUpSource
  defaults: DraftDefaults
  lastResult?: SubmissionResult<string[]>
  hidden: Record<string, string>
  submitLabel: string
}) {
  const schema = followUpDraftSchema(source)
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm({
    id: 'follow-up-draft',
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return (
    <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-5">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
      <Field
        label="Subject"
        inputProps={{ ...getInputProps(fields.subject, { type: 'text' }), autoComplete: 'off' }}
        errors={fields.subject.errors}
      />
      <BioField
        field={fields.body}
        label="Message"
        hint="Formatting such as paragraphs, bold and links is kept; anything unsafe is removed when saved."
      />
      <MergeFieldHelp source={source} />
      <Field
        label="Your name"
        hint="Recipients see “{your name} via Lectern” as the sender; their replies come to your address."
        inputProps={{ ...getInputProps(fields.fromName, { type: 'text' }), autoComplete: 'name' }}
        errors={fields.fromName.errors}
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {submitLabel}
        </button>
      </div>
    </WorkspaceForm>
  )
}

function MergeFieldHelp({ source }: { source: FollowUpSource }) {
  return (
    <div className="text-sm text-slate-300">
      <p>
        Merge fields fill in for each recipient; after a <code>|</code> comes what to write when there is no value, as in{' '}
        <code>{'{{first_name|there}}'}</code>:
      </p>
      <ul className="mt-1 list-inside list-disc">
        {fieldsFor(source).map((f) => (
          <li key={f}>
            <code>{`{{${f}}}`}</code> — {MERGE_FIELD_LABELS[f]}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function RecipientSummaryPanel({ summary }: { summary: RecipientSummary }) {
  const leftOut = LEFT_OUT_REASONS.filter((r) => (summary.leftOut[r] ?? 0) > 0)
  const total = leftOut.reduce((n, r) => n + (summary.leftOut[r] ?? 0), 0)
  return (
    <Panel title="Who receives it" id="recipients-title">
      <p className="mt-2 text-slate-100">
        <strong>{summary.receiving}</strong> {summary.receiving === 1 ? 'person will receive it' : 'people will receive it'}
        {total > 0 ? (
          <>
            ; <strong>{total}</strong> {total === 1 ? 'is' : 'are'} left out
          </>
        ) : null}
        .
      </p>
      {leftOut.length ? (
        <table className="mt-3 text-left text-sm">
          <caption className="sr-only">Left out, by reason</caption>
          <thead className="text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-6">
                Left out because
              </th>
              <th scope="col" className="py-1">
                People
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-200">
            {leftOut.map((r) => (
              <tr key={r} className="border-t border-white/10">
                <td className="py-1 pr-6">{LEFT_OUT_LABELS[r]}</td>
                <td className="py-1">{summary.leftOut[r]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="mt-3 text-sm text-slate-400">
        Only people who signed up on your pages and agreed to hear from you receive follow-ups: there is no way to add addresses.
      </p>
    </Panel>
  )
}

export type StatsView = {
  recipients: number
  sent: number
  delivered: number
  bounced: number
  complained: number
  unsubscribed: number
  clicked: number
}

const STAT_ROWS: { key: keyof StatsView; label: string; hint: string }[] = [
  { key: 'recipients', label: 'Recipients', hint: 'People it was written to when sending started' },
  { key: 'sent', label: 'Sent', hint: 'Handed to the email provider' },
  { key: 'delivered', label: 'Delivered', hint: 'Accepted by the recipient’s mail server' },
  { key: 'bounced', label: 'Bounced', hint: 'Refused by the recipient’s mail server' },
  { key: 'complained', label: 'Complained', hint: 'Marked as spam' },
  { key: 'unsubscribed', label: 'Unsubscribed', hint: 'Used its unsubscribe link' },
  { key: 'clicked', label: 'Clicked', hint: 'Opened one of its links (each person once)' },
]

export function StatsPanel({ stats }: { stats: StatsView }) {
  return (
    <Panel title="What happened" id="stats-title">
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">What happened to this follow-up</caption>
        <tbody className="text-slate-200">
          {STAT_ROWS.map((row) => (
            <tr key={row.key} className="border-t border-white/10">
              <th scope="row" className="py-2 pr-6 font-medium text-white">
                {row.label}
              </th>
              <td className="py-2 pr-6 tabular-nums">{stats[row.key]}</td>
              <td className="py-2 text-slate-400">{row.hint}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-slate-400">
        Opens are not counted: that needs a tracking pixel, which mail apps block or fake and recipients did not agree to.
      </p>
    </Panel>
  )
}

/**
 * The draft as one of the people it would reach (a GET form picks who, no script needed), and, for
 * whoever may change it, "Send me a test" to the sender's own address.
 */
export function FollowUpPreview({
  preview,
  recipients,
  previewAs,
  senderEmail,
  mayChange,
}: {
  preview: { subject: string; html: string }
  recipients: { value: string; label: string }[]
  previewAs: { contactId: string; email: string } | null
  senderEmail: string
  mayChange: boolean
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Panel title="Preview" id="preview-title">
      {recipients.length ? (
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <SelectField
            label="Preview as"
            selectProps={{ name: 'as', defaultValue: previewAs?.contactId ?? '' }}
            options={recipients}
          />
          <button type="submit" className={buttonClass.secondary}>
            Show preview
          </button>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-300">Nobody would receive it yet: the preview shows each merge field’s fallback.</p>
      )}
      <div className="mt-4 rounded-lg border border-white/15 bg-ink-950/60 p-5 text-slate-100">
        <p className="text-sm text-slate-300">{previewAs ? <>To: {previewAs.email}</> : 'To: (nobody yet)'}</p>
        <p className="mt-1 font-semibold" data-testid="preview-subject">
          Subject: {preview.subject}
        </p>
        <div className="bio-content mt-4" data-testid="preview-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
        <p className="mt-4 text-xs text-slate-300">Each recipient’s copy ends with its own unsubscribe link.</p>
      </div>
      {mayChange ? (
        <WorkspaceForm method="post" className="mt-4">
          <input type="hidden" name="as" value={previewAs?.contactId ?? ''} />
          <button type="submit" name="intent" value="test" className={buttonClass.secondary} disabled={busy}>
            Send me a test
          </button>
          <span className="ml-3 text-sm text-slate-400">To {senderEmail}, its subject starting with “[Test]”.</span>
        </WorkspaceForm>
      ) : null}
    </Panel>
  )
}
