import { BILLING_MESSAGES } from '~/lib/billing'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import { LANGUAGES } from '~/lib/i18n/languages'
import { ownerLeave } from '~/lib/owner-leave'
import { DELETE_CONFIRM, WorkspaceNameSchema } from '~/lib/workspace-name'
import { leaveWorkspace, listMembers } from '~/models/memberships.server'
import { answerOwnershipOffer, cancelOwnershipOffer, offerOwnership } from '~/models/ownership.server'
import {
  deleteWorkspace,
  renameWorkspace,
  setMembersSeeAllLeads,
  setWorkspaceLanguage,
} from '~/models/workspace-lifecycle.server'
import { lowerSeatsAfterLeaving } from '~/services/billing-seats.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// The actions of /app/team/workspace, told apart by `intent`. Each asks the guard for its own
// permission (403 for a role that may not), and the model decides again under the workspace's lock.

export const WORKSPACE_PAGE = '/app/team/workspace'

const SeeAllSchema = z.object({ membersSeeAllLeads: z.boolean().optional() })
const LanguageSchema = z.object({ language: z.enum(LANGUAGES, { error: 'Choose a language' }) })
const OfferSchema = z.object({ toUserId: z.uuid({ error: 'Choose an admin' }) })
const DeleteSchema = z.object({ confirmName: z.string({ error: DELETE_CONFIRM }) })
const AnswerSchema = z.object({ answer: z.enum(['accept', 'decline']) })
const LeaveSchema = z.object({})

const saved = (description: string, to = WORKSPACE_PAGE) => redirectWithToast(to, { type: 'success', description })

export async function workspaceAction(request: Request) {
  const scope = await requireWorkspace(request, 'team.view')
  const form = await readForm(request)
  const actor = { id: scope.userId, email: scope.user.email }
  const id = scope.ownerId
  switch (form.get('intent')) {
    case 'rename': {
      await requireWorkspace(request, 'workspace.rename')
      const submission = parseWithZod(form, { schema: WorkspaceNameSchema })
      if (submission.status !== 'success') return data({ rename: submission.reply() }, { status: 400 })
      if ((await renameWorkspace(id, actor, submission.value.name)) === 'forbidden') throw refused()
      return saved('Workspace renamed.')
    }
    case 'see-all-leads': {
      await requireWorkspace(request, 'members.manage')
      const submission = parseWithZod(form, { schema: SeeAllSchema })
      if (submission.status !== 'success') return data({ seeAll: submission.reply() }, { status: 400 })
      if ((await setMembersSeeAllLeads(id, actor, submission.value.membersSeeAllLeads ?? false)) === 'forbidden') throw refused()
      return saved('Lead visibility saved.')
    }
    case 'language': {
      await requireWorkspace(request, 'members.manage')
      const submission = parseWithZod(form, { schema: LanguageSchema })
      if (submission.status !== 'success') return data({ language: submission.reply() }, { status: 400 })
      if ((await setWorkspaceLanguage(id, actor, submission.value.language)) === 'forbidden') throw refused()
      return saved('Language of attendee pages saved.')
    }
    case 'offer': {
      await requireWorkspace(request, 'ownership.transfer')
      const submission = parseWithZod(form, { schema: OfferSchema })
      if (submission.status !== 'success') return data({ offer: submission.reply() }, { status: 400 })
      const outcome = await offerOwnership(id, actor, submission.value.toUserId)
      if (outcome === 'forbidden') throw refused()
      if (outcome === 'not-admin')
        return data(
          { offer: submission.reply({ fieldErrors: { toUserId: ['Ownership can only go to an admin of this workspace'] } }) },
          { status: 400 },
        )
      return saved('Ownership offered. It moves once they accept.')
    }
    case 'cancel-offer': {
      await requireWorkspace(request, 'ownership.transfer')
      if ((await cancelOwnershipOffer(id, actor)) === 'forbidden') throw refused()
      return saved('Offer withdrawn.')
    }
    case 'answer-offer':
      return answer(scope, form)
    case 'leave': {
      const outcome = await leaveWorkspace(id, actor)
      if (outcome === 'owner') {
        // The page shows the owner no Leave button but this same sentence (app/lib/owner-leave.ts).
        const { text } = ownerLeave(scope.workspace, await listMembers(id))
        const reply = parseWithZod(form, { schema: LeaveSchema }).reply({ formErrors: [text] })
        return data({ leave: reply }, { status: 403 })
      }
      // The paid seats follow (issue 22); a failure leaves the owner the offer in Settings → Billing.
      if (outcome === 'left') await lowerSeatsAfterLeaving(id, actor, 'member.left')
      // Not a member any more: back to the workspace the guard falls back to (their own).
      return saved(`You left ${scope.workspace.name}.`, '/app')
    }
    case 'delete': {
      await requireWorkspace(request, 'workspace.delete')
      const submission = parseWithZod(form, { schema: DeleteSchema })
      const outcome =
        submission.status === 'success' ? await deleteWorkspace(id, actor, submission.value.confirmName) : 'name-mismatch'
      if (outcome === 'forbidden') throw refused()
      if (outcome === 'personal')
        return data(
          { delete: submission.reply({ formErrors: ['Your own workspace goes only when you close your account (Settings).'] }) },
          { status: 400 },
        )
      if (outcome === 'name-mismatch')
        return data({ delete: submission.reply({ fieldErrors: { confirmName: [DELETE_CONFIRM] } }) }, { status: 400 })
      if (outcome === 'subscribed')
        return data({ delete: submission.reply({ formErrors: [BILLING_MESSAGES.cancelFirst] }) }, { status: 409 })
      return saved(`${scope.workspace.name} is deleted, with everything in it.`, '/app')
    }
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

async function answer(scope: WorkspaceScope, form: FormData) {
  const submission = parseWithZod(form, { schema: AnswerSchema })
  if (submission.status !== 'success') return data({ answer: submission.reply() }, { status: 400 })
  const outcome = await answerOwnershipOffer(
    scope.ownerId,
    { id: scope.userId, email: scope.user.email },
    submission.value.answer === 'accept',
  )
  if (outcome === 'not-offered')
    return data({ answer: submission.reply({ formErrors: ['This offer is no longer open.'] }) }, { status: 409 })
  return saved(outcome === 'accepted' ? `You are now the owner of ${scope.workspace.name}.` : 'Offer declined.')
}

function refused() {
  return new Response("Your role in this workspace doesn't allow this.", { status: 403 })
}
