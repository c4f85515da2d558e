import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { buttonClass, ErrorList } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { LEAD_NOTIFY_MODES, type LeadNotifyMode } from '~/lib/constants'
import { LEAD_NOTIFY_LABELS } from '~/lib/lead-notify'

// New-lead emails for this workspace (intent "lead-notify"): on Settings, and on a speaker's
// My talks (a speaker has no Settings in the organiser's workspace).

export function LeadNotifySettings({
  leadNotify,
  workspaceName,
  lastResult,
  submitLabel,
}: {
  leadNotify: LeadNotifyMode
  /** The workspace's name when the person is in several: each has its own setting. */
  workspaceName: string | null
  lastResult?: SubmissionResult<string[]>
  submitLabel: string
}) {
  const [form, fields] = useServerForm({ id: 'lead-notify', lastResult, defaultValue: { leadNotify } })
  return (
    <WorkspaceForm
      method="post"
      {...getFormProps(form)}
      className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6"
    >
      <input type="hidden" name="intent" value="lead-notify" />
      <fieldset
        aria-describedby={
          [workspaceName ? 'notify-scope' : '', fields.leadNotify.errors ? fields.leadNotify.errorId : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        <legend className="text-lg font-semibold text-white">
          {workspaceName ? 'New-lead emails in this workspace' : 'New-lead emails'}
        </legend>
        {workspaceName ? (
          <p id="notify-scope" className="mt-2 text-sm text-slate-400">
            For the leads you can see in {workspaceName}. Each workspace you are in has its own setting.
          </p>
        ) : null}
        <div className="mt-4 flex flex-col gap-3">
          {LEAD_NOTIFY_MODES.map((mode) => (
            <div key={mode} className="flex items-start gap-3 text-slate-200">
              <input
                id={`notify-${mode}`}
                aria-describedby={`notify-${mode}-hint`}
                type="radio"
                name={fields.leadNotify.name}
                value={mode}
                defaultChecked={(fields.leadNotify.initialValue ?? leadNotify) === mode}
                className="mt-1 accent-brand-500"
              />
              <div>
                <label htmlFor={`notify-${mode}`} className="block font-medium">
                  {LEAD_NOTIFY_LABELS[mode].label}
                </label>
                <span id={`notify-${mode}-hint`} className="block text-sm text-slate-400">
                  {LEAD_NOTIFY_LABELS[mode].hint}
                </span>
              </div>
            </div>
          ))}
        </div>
        <ErrorList id={fields.leadNotify.errorId} errors={fields.leadNotify.errors} />
      </fieldset>
      <button type="submit" className={`${buttonClass.primary} mt-6`}>
        {submitLabel}
      </button>
    </WorkspaceForm>
  )
}
