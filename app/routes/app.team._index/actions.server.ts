import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { SEAT_MESSAGES } from '~/lib/billing'
import { INVITATION_VALID_TEXT } from '~/lib/invitations'
import {
  createInvitation,
  invitationRefusalBeforeSeats,
  resendInvitation,
  revokeInvitation,
  type InvitationRefusal,
} from '~/models/invitations.server'
import { addSeat } from '~/services/billing-seats.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { InvitationIdSchema, InviteSchema, TEAM_PATH } from './schema'

// The team page's actions: invite, resend and revoke. Each needs `invitations.manage` (a member
// gets 403 from the guard); the model re-checks the role given, the seats and the hourly limit.
// With every paid seat taken, the owner's invitation adds a seat first (issue 22: 'add-seat').

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
  const refuse = (refusal: Pick<InvitationRefusal, 'field' | 'message'> & { status: number }) => {
    const result = refusal.field
      ? submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] } })
      : submission.reply({ formErrors: [refusal.message] })
    return data({ intent: 'invite' as const, result }, { status: refusal.status })
  }
  let added: number | null = null
  if (intent === 'add-seat') {
    // Only the owner pays; nothing is bought for an invitation that would be refused anyway.
    await requireWorkspace(request, 'billing.manage')
    const before = await invitationRefusalBeforeSeats(scope, submission.value)
    if (before) return refuse(before)
    const seat = await addSeat(scope.ownerId, { id: scope.userId, email: scope.user.email })
    if (!seat.ok) return refuse({ field: null, message: seat.message, status: seat.status })
    added = seat.added
  }
  const done = await createInvitation(scope, submission.value)
  if (!done.ok) return refuse(added ? { ...done, message: SEAT_MESSAGES.addedNotInvited(done.message) } : done)
  return redirectWithToast(TEAM_PATH, {
    type: 'success',
    description: `${added ? `${SEAT_MESSAGES.added(added)} ` : ''}Invitation sent to ${done.email}. ${INVITATION_VALID_TEXT}`,
  })
}
