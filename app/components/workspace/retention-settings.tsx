import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'

import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, Field } from '~/components/forms'
import { RETENTION_MAX_MONTHS, RETENTION_MIN_MONTHS } from '~/lib/retention'

// Settings → Lead retention (issue 10 Deliver 9): delete captures older than N months, daily.

export function RetentionSettings({ months, lastResult }: { months: number | null; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useServerForm<{ retentionMonths: string }>({
    id: 'retention',
    lastResult,
    defaultValue: { retentionMonths: months === null ? '' : String(months) },
  })
  return (
    <section aria-labelledby="retention-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="retention-title" className="text-lg font-semibold text-white">
        Lead retention
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        {months === null
          ? 'Leads are kept until you or the attendee delete them.'
          : `Leads captured more than ${months === 1 ? '1 month' : `${months} months`} ago are deleted once a day, with their notes and timeline. The consent records stay.`}
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="retention" />
        <Field
          className="max-w-xs"
          label="Delete leads older than (months)"
          hint={`From ${RETENTION_MIN_MONTHS} to ${RETENTION_MAX_MONTHS}. Leave empty to keep leads.`}
          errors={fields.retentionMonths.errors}
          inputProps={{ ...getInputProps(fields.retentionMonths, { type: 'text' }), inputMode: 'numeric', autoComplete: 'off' }}
        />
        <div>
          <button type="submit" className={buttonClass.secondary}>
            Save retention
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}
