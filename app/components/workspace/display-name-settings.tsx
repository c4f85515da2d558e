import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { useServerForm } from '~/components/use-server-form'

import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { buttonClass, Field } from '~/components/forms'
import { DISPLAY_NAME_MAX } from '~/lib/speaker-name'

// Settings → Your name: the name attendees see (app/lib/speaker-name.ts). The same name the
// first-run step asks for; never the account email, which the notice gives only as the contact.

export function DisplayNameSettings({
  displayName,
  fallback,
  contact,
  lastResult,
}: {
  displayName: string | null
  /** What attendees see while the field is empty: the directory profile's name, or null (no name). */
  fallback: string | null
  /** The account email, which the consent notice gives as the contact. */
  contact: string
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useServerForm<{ displayName: string }>({
    id: 'display-name',
    lastResult,
    defaultValue: { displayName: displayName ?? '' },
  })
  return (
    <section aria-labelledby="display-name-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="display-name-title" className="text-lg font-semibold text-white">
        Your name
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        Attendees see it on your talk pages, your contact card, the emails they get and the consent notice, which names who
        receives their details. The notice gives your sign-in address, {contact}, as the contact for their questions, never as
        your name.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="display-name" />
        <Field
          className="max-w-md"
          label="Name attendees see"
          hint={
            fallback
              ? `Up to ${DISPLAY_NAME_MAX} characters. Leave empty to use your directory profile's name (${fallback}).`
              : `Up to ${DISPLAY_NAME_MAX} characters. Without one, your pages say "the speaker" and going live asks for it.`
          }
          errors={fields.displayName.errors}
          inputProps={{ ...getInputProps(fields.displayName, { type: 'text' }), autoComplete: 'name' }}
        />
        <div>
          <button type="submit" className={buttonClass.secondary}>
            Save name
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}
