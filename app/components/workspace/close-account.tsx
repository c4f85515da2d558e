import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'

import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, Field } from '~/components/forms'

// Settings → Close your account (app/models/account-closure.server.ts).

export function CloseAccount({
  email,
  isAdmin,
  lastResult,
}: {
  email: string
  isAdmin: boolean
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useServerForm<{ confirmEmail: string }>({ id: 'close-account', lastResult })
  return (
    <section
      aria-labelledby="close-account-title"
      className="mt-8 max-w-2xl rounded-xl border border-red-400/40 bg-red-950/30 p-6"
    >
      <h2 id="close-account-title" className="text-lg font-semibold text-white">
        Close your account
      </h2>
      {isAdmin ? (
        <p className="mt-2 text-sm text-slate-200">
          An admin account cannot be closed here: the site needs its admins, and their posts keep them as author.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-200">
            This deletes your talks, sessions and QR codes (their attendee pages stop working at once), every lead and person with
            their notes and timeline, your webhooks and integrations, your directory profile and your settings. It cannot be
            undone.{' '}
            <a href="/app/leads/export" download className="text-brand-300 underline">
              Export your leads
            </a>{' '}
            first if you need them.
          </p>
          <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
            <input type="hidden" name="intent" value="close-account" />
            <Field
              className="max-w-md"
              label="Type your email address to confirm"
              hint={email}
              errors={fields.confirmEmail.errors}
              inputProps={{ ...getInputProps(fields.confirmEmail, { type: 'email' }), autoComplete: 'off' }}
            />
            <div>
              <button type="submit" className={buttonClass.danger}>
                Close my account
              </button>
            </div>
          </WorkspaceForm>
        </>
      )}
    </section>
  )
}
