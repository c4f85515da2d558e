import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { INVITATION_VALID_TEXT } from '~/lib/invitations'
import { createInvitation, resendInvitation, revokeInvitation } from '~/models/invitations.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { InvitationIdSchema, InviteSchema, TEAM_PATH } from './schema'

// The team page's actions: invite, resend and revoke. Each needs `invitations.manage` (a member
// gets 403 from the guard); the model re-checks the role given, the seats and the hourly limit.

export async function teamAction(request: Request) {
  const scope = await requireWorkspace(request, 'invitations.manage')
  const form = await readForm(request)
  const intent = form.get('intent')
  if (intent === 'resend' || intent === 'revoke') {
    const parsed = InvitationIdSchema.safeParse({ invitationId: form.get('invitationId') })
    if (!parsed.success) return new Response('Not Found', { status: 404 })
    const { invitationId } = parsed.data
    const done = intent === 'resend' ? await resendInvitation(scope, invitationId) : await revokeInvitation(scope, invitationId)
    if (!done.ok) return data({ intent, invitationId, error: done.message }, { status: done.status })
    return redirectWithToast(TEAM_PATH, {
      type: 'success',
      description:
        intent === 'resend'
          ? `A new invitation is on its way to ${done.email}; the earlier link no longer works.`
          : `The invitation to ${done.email} is revoked.`,
    })
  }
  const submission = parseWithZod(form, { schema: InviteSchema })
  if (submission.status !== 'success') return data({ intent: 'invite' as const, result: submission.reply() }, { status: 400 })
  const done = await createInvitation(scope, submission.value)
  if (!done.ok) {
    const result = done.field
      ? submission.reply({ fieldErrors: { [done.field]: [done.message] } })
      : submission.reply({ formErrors: [done.message] })
    return data({ intent: 'invite' as const, result }, { status: done.status })
  }
  return redirectWithToast(TEAM_PATH, {
    type: 'success',
    description: `Invitation sent to ${done.email}. ${INVITATION_VALID_TEXT}`,
  })
}
