import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { buttonClass, Field } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { FIRST_RUN_PATH, type FirstRunNeeds } from '~/lib/first-run'
import { DISPLAY_NAME_MAX } from '~/lib/speaker-name'
import { WORKSPACE_NAME_MAX } from '~/lib/workspace-name'

// The first-run step (app/services/first-run.server.ts): the name attendees will see and, while an
// address names the person's own workspace, a name for it. Posts to /app/name from any page that
// shows it, which returns to that page; without JavaScript it is a plain form.

export type FirstRunNameProps = {
  step: { needs: FirstRunNeeds; workspaceName: string; name: string | null; contact: string }
  /** Where saving returns to (the page showing the step). */
  returnTo: string
  lastResult?: SubmissionResult<string[]>
  /** The step's own page has the page's h1 above it. */
  headingLevel?: 2 | 3
}

export function FirstRunName({ step, returnTo, lastResult, headingLevel = 2 }: FirstRunNameProps) {
  const [form, fields] = useServerForm<{ displayName: string; workspaceName: string }>({
    id: 'first-run-name',
    lastResult,
    defaultValue: { displayName: '', workspaceName: step.needs.name ? '' : (step.name ?? '') },
  })
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby="first-run-title" className="mt-8 max-w-2xl rounded-xl border border-brand-400/40 bg-ink-900/60 p-6">
      <Heading id="first-run-title" className="text-lg font-semibold text-white">
        {step.needs.name ? 'First, the name attendees will see' : 'Name your workspace'}
      </Heading>
      {step.needs.name ? (
        <p className="mt-2 text-sm text-slate-300">
          Your session page, the emails attendees get and the consent notice name who receives their details. Give your name
          before your first session goes live: your sign-in address, {step.contact}, is shown only as the contact for their
          questions, never as your name.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-300">
          Your workspace is still called by your sign-in address, {step.workspaceName}. Teammates and invitations see its name,
          and so do the attendees of an event you organise.
        </p>
      )}
      <WorkspaceForm method="post" action={FIRST_RUN_PATH} {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="returnTo" value={returnTo} />
        {step.needs.name ? (
          <Field
            className="max-w-md"
            label="Your name"
            hint={`As attendees should read it, up to ${DISPLAY_NAME_MAX} characters. You can change it in Settings.`}
            errors={fields.displayName.errors}
            inputProps={{
              ...getInputProps(fields.displayName, { type: 'text' }),
              autoComplete: 'name',
              maxLength: DISPLAY_NAME_MAX,
            }}
          />
        ) : null}
        {step.needs.workspace ? (
          <Field
            className="max-w-md"
            label={step.needs.name ? 'Workspace name (optional)' : 'Workspace name'}
            hint={step.needs.name ? 'Leave it empty to call the workspace by your name.' : undefined}
            errors={fields.workspaceName.errors}
            inputProps={{
              ...getInputProps(fields.workspaceName, { type: 'text' }),
              autoComplete: 'organization',
              maxLength: WORKSPACE_NAME_MAX,
            }}
          />
        ) : null}
        <div>
          <button type="submit" className={buttonClass.primary}>
            {step.needs.name ? 'Save my name' : 'Save the name'}
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}
