import { buttonClass, ErrorList, FormMessage } from '~/components/forms'
import { WorkspaceForm } from '~/components/workspace/workspace-form'

// Pending invitations with their expiry (owner and admins): Resend makes a new link and voids the
// old one; Revoke withdraws it. Each button is its own form, so both work without JavaScript.

export type PendingRow = { id: string; email: string; roleLabel: string; inviterEmail: string; expires: string }

export function PendingInvitations({
  invitations,
  error,
}: {
  invitations: PendingRow[]
  error?: { invitationId: string; message: string }
}) {
  return (
    <section aria-labelledby="pending-title" className="mt-8 max-w-3xl">
      <h2 id="pending-title" className="text-xl font-semibold text-white">
        Pending invitations
      </h2>
      {error && !invitations.some((inv) => inv.id === error.invitationId) ? (
        <div className="mt-2">
          <FormMessage>{error.message}</FormMessage>
        </div>
      ) : null}
      {invitations.length === 0 ? (
        <p className="mt-2 text-slate-300">No pending invitations.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {invitations.map((inv) => (
            <li key={inv.id} aria-label={inv.email} className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="text-slate-300">
                  <p className="break-all font-medium text-white">{inv.email}</p>
                  <p className="text-sm">
                    {inv.roleLabel} · invited by {inv.inviterEmail} · expires {inv.expires}
                  </p>
                </div>
                <div className="flex gap-2">
                  <WorkspaceForm method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="invitationId" value={inv.id} />
                    <button type="submit" className={buttonClass.secondary} aria-label={`Resend the invitation to ${inv.email}`}>
                      Resend
                    </button>
                  </WorkspaceForm>
                  <WorkspaceForm method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="invitationId" value={inv.id} />
                    <button type="submit" className={buttonClass.danger} aria-label={`Revoke the invitation to ${inv.email}`}>
                      Revoke
                    </button>
                  </WorkspaceForm>
                </div>
              </div>
              {error?.invitationId === inv.id ? <ErrorList errors={[error.message]} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
