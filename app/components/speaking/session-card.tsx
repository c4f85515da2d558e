import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Link, useNavigation } from '@remix-run/react'
import { buttonClass, Field, FormMessage } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { StatusBadge } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { QR_DOWNLOADS } from '~/lib/short-link'
import { LOCKED_TEXT, sessionPageSchema, type SessionPageText } from '~/lib/speaker-page'
import type { SessionStatus } from '~/lib/talk-session'

// One session of a claimed speaker (/app/speaking): when and where, its attendee page, QR codes and
// slide, its page (go live, close) and leads, and the attendee page's headline and offer unless the
// organiser locked them.

type Session = {
  id: string
  talkTitle: string
  eventName: string
  when: string
  durationMinutes: number | null
  room: string | null
  status: SessionStatus
  url: string
  page: SessionPageText
  locked: { headline: boolean; offer: boolean }
}

export function SessionCard({ session: s, lastResult }: { session: Session; lastResult?: SubmissionResult<string[]> | null }) {
  const base = `/app/sessions/${s.id}`
  const saving = useNavigation().state === 'submitting'
  const locks = [...(s.locked.headline ? ['headline'] : []), ...(s.locked.offer ? ['offer'] : [])]
  const schema = sessionPageSchema(locks, s.page)
  const [form, fields] = useServerForm({
    id: `session-page-${s.id}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: s.page,
  })
  const readOnly = (key: keyof SessionPageText, label: string) => (
    <Field
      label={label}
      hint={LOCKED_TEXT}
      inputProps={{ id: `${form.id}-${key}-locked`, type: 'text', value: s.page[key], readOnly: true }}
    />
  )
  return (
    <article
      aria-labelledby={`session-${s.id}`}
      className="mt-4 rounded-xl border border-white/10 bg-ink-900/60 p-6 text-slate-300"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`session-${s.id}`} className="text-lg font-semibold text-white">
          {s.talkTitle}
        </h3>
        <StatusBadge status={s.status} />
      </div>
      <p className="mt-1 text-sm">
        {s.eventName} · {s.when}
        {s.durationMinutes ? ` · ${s.durationMinutes} min` : ''}
        {s.room ? ` · ${s.room}` : ''}
      </p>
      <p className="mt-2 text-sm">
        Attendee page:{' '}
        <a href={s.url} className="break-all text-brand-300 underline">
          {s.url}
        </a>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={base} className={buttonClass.secondary} aria-label={`Open session: ${s.talkTitle}`}>
          Open session
        </Link>
        <Link to={`${base}/leads`} className={buttonClass.secondary} aria-label={`Leads of ${s.talkTitle}`}>
          Leads
        </Link>
        {QR_DOWNLOADS.map((d) => (
          <a key={d.format} href={`${base}/qr/${d.format}`} download className={buttonClass.secondary}>
            {d.label}
          </a>
        ))}
      </div>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
        <input type="hidden" name="intent" value="session" />
        <input type="hidden" name="sessionId" value={s.id} />
        {s.locked.headline ? (
          readOnly('headline', 'Headline')
        ) : (
          <Field
            label="Headline"
            hint="Shown at the top of the attendee page; empty shows the talk's title."
            inputProps={getInputProps(fields.headline, { type: 'text' })}
            errors={fields.headline.errors}
          />
        )}
        {s.locked.offer ? (
          <>
            {readOnly('offerTitle', 'Offer title')}
            {readOnly('offerPromise', 'One-line promise')}
          </>
        ) : (
          <>
            <Field
              label="Offer title"
              inputProps={getInputProps(fields.offerTitle, { type: 'text' })}
              errors={fields.offerTitle.errors}
            />
            <Field
              label="One-line promise"
              inputProps={getInputProps(fields.offerPromise, { type: 'text' })}
              errors={fields.offerPromise.errors}
            />
          </>
        )}
        {s.locked.headline && s.locked.offer ? null : (
          <div>
            <button type="submit" className={buttonClass.secondary} disabled={saving}>
              Save the attendee page
            </button>
          </div>
        )}
      </WorkspaceForm>
    </article>
  )
}
