import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { buttonClass, Field, FormMessage, SelectField } from '~/components/forms'
import { INVITATION_VALID_TEXT } from '~/lib/invitations'
import { useServerForm } from '~/components/use-server-form'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { SEAT_MESSAGES } from '~/lib/billing'
import { InviteSchema } from './schema'

// Invite someone by email with a role (owner and admins). The roles offered are the ones the
// inviter may give; the server decides again.

export type SeatsView = {
  members: number
  pending: number
  limit: number
  refusal: string | null
  /** Every paid seat taken: the owner may add one (prorated) with this invitation; others ask the owner. */
  offer: { canAdd: boolean; text: string } | null
}

export function InviteForm({
  roles,
  seats,
  lastResult,
}: {
  roles: { value: string; label: string }[]
  seats: SeatsView
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useServerForm<{ email: string; role: string }>({
    id: 'invite',
    lastResult,
    constraint: getZodConstraint(InviteSchema),
    defaultValue: { role: 'member' },
    shouldValidate: 'onBlur',
  })
  const used = seats.members + seats.pending
  const addsSeat = seats.offer?.canAdd ?? false
  return (
    <section aria-labelledby="invite-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="invite-title" className="text-xl font-semibold text-white">
        Invite a teammate
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        Seats: {used} of {seats.limit} in use ({seats.members} {seats.members === 1 ? 'member' : 'members'}, {seats.pending}{' '}
        pending {seats.pending === 1 ? 'invitation' : 'invitations'}). {INVITATION_VALID_TEXT}
      </p>
      {seats.refusal ? <p className="mt-2 text-sm text-amber-200">{seats.refusal}</p> : null}
      {seats.offer ? <p className="mt-2 text-sm text-slate-100">{seats.offer.text}</p> : null}
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value={addsSeat ? 'add-seat' : 'invite'} />
        {form.errors?.length ? <FormMessage id={form.errorId}>{form.errors.join(' ')}</FormMessage> : null}
        <div className="flex flex-wrap items-start gap-4">
          <Field
            className="min-w-64 flex-1"
            label="Email address"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
          />
          <SelectField
            className="w-40"
            label="Role"
            errors={fields.role.errors}
            selectProps={getSelectProps(fields.role)}
            options={roles}
          />
        </div>
        <div>
          <button type="submit" className={buttonClass.primary}>
            {addsSeat ? SEAT_MESSAGES.addSeatButton : 'Send invitation'}
          </button>
        </div>
      </WorkspaceForm>
    </section>
  )
}
