import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { ROLE_LABELS } from '~/lib/permissions'
import { formatUsLongDate } from '~/lib/text'
import { listMembers, removeMember } from '~/models/memberships.server'
import {
  claimantOf,
  countSpeakersToInvite,
  inviteEventSpeakers,
  inviteSpeaker,
  listSpeakerClaims,
  type SpeakerClaim,
} from '~/models/speaker-invitations.server'
import { requireEvent } from '~/services/event-scope.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// /app/events/{id}/invitations (issue 23 Deliver 4): each speaker of the event with their claim
// state, one invitation at a time or every speaker still to invite at once, a resend, and removing a
// speaker who claimed. The owner and admins only (requireEvent: 'events.manage'; a speaker gets 404,
// a member 403, another workspace's event 404).

const IntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite-all') }),
  z.object({ intent: z.enum(['invite', 'resend', 'remove']), speakerId: z.string().uuid() }),
])

const day = (date: Date) => `${formatUsLongDate(date)} (UTC)`

/** What the row says about the speaker's page, and which button it offers. */
function claimState(s: SpeakerClaim) {
  if (s.claimedAt) {
    const text = `Claimed by ${s.claimedBy ?? 'a former account'} on ${day(s.claimedAt)}`
    // Someone of the team who also speaks keeps their role: they are removed on the Team page, if at all.
    if (s.claimantRole && s.claimantRole !== 'speaker')
      return { text: `${text} (${ROLE_LABELS[s.claimantRole]} of this workspace)`, button: null }
    return { text, button: 'remove' as const }
  }
  if (s.pending)
    return {
      text: `Invited on ${day(s.invitedAt ?? new Date())} · the link expires on ${day(s.pending.expiresAt)}`,
      button: 'resend' as const,
    }
  if (s.invitedAt) return { text: `Invited on ${day(s.invitedAt)} · the link has expired`, button: 'resend' as const }
  return { text: 'Not invited', button: 'invite' as const }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const [speakers, toInvite] = await Promise.all([
    listSpeakerClaims(scope.ownerId, event.id),
    countSpeakersToInvite(scope.ownerId, event.id),
  ])
  return {
    toInvite,
    speakers: speakers.map((s) => ({ id: s.speakerId, name: s.name, email: s.email, ...claimState(s) })),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const parsed = IntentSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'Unknown action.' }, { status: 400 })
  const here = `/app/events/${event.id}/invitations`
  const inviter = { ownerId: scope.ownerId, role: scope.role, user: scope.user }
  const intent = parsed.data
  if (intent.intent === 'remove') {
    // The account that claimed the page leaves the workspace; its sessions go back to the owner.
    const claimant = await claimantOf(scope.ownerId, intent.speakerId)
    const members = await listMembers(scope.ownerId)
    const speaker = members.find((m) => m.userId === claimant && m.role === 'speaker')
    const owner = members.find((m) => m.role === 'owner')
    if (!speaker || !owner)
      return data(
        { error: 'Only a speaker who joined by their invitation is removed here; remove a team member on the Team page.' },
        { status: 404 },
      )
    const outcome = await removeMember(scope.ownerId, scope.user, speaker.userId, owner.userId)
    if (outcome !== 'removed') return data({ error: 'This speaker could not be removed.' }, { status: 409 })
    return redirectWithToast(here, {
      type: 'success',
      description: `${speaker.email} no longer has access. Their page is unclaimed and their sessions are back with ${owner.email}.`,
    })
  }
  const result =
    intent.intent === 'invite-all'
      ? await inviteEventSpeakers(inviter, event.id)
      : await inviteSpeaker(inviter, event.id, intent.speakerId, { resend: intent.intent === 'resend' })
  if (!result.ok) return data({ error: result.message }, { status: result.status })
  const description =
    result.sent === 0
      ? 'Nobody to invite: every speaker has claimed their page or was invited in the last 7 days.'
      : result.sent === 1
        ? 'Invitation sent. The link works once, for 7 days.'
        : `${result.sent} invitations sent. Each link works once, for 7 days.`
  return redirectWithToast(here, { type: 'success', description })
}

export default function EventInvitations() {
  const { speakers, toInvite } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      {/* The event's frame (app.events.$id.tsx) has the event's name as the page's heading. */}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold text-white">Speaker invitations</h2>
          <p className="mt-2 max-w-2xl text-slate-300">
            Each speaker claims their page by invitation: they edit it, download their QR code and slide, and see the leads given
            to them — nothing else of yours.
          </p>
        </div>
        {toInvite > 0 ? (
          <WorkspaceForm method="post">
            <input type="hidden" name="intent" value="invite-all" />
            <button type="submit" className={buttonClass.primary}>
              Send {toInvite} {toInvite === 1 ? 'invitation' : 'invitations'}
            </button>
          </WorkspaceForm>
        ) : null}
      </header>
      {actionData?.error ? (
        <div className="mt-6">
          <FormMessage>{actionData.error}</FormMessage>
        </div>
      ) : null}
      {toInvite === 0 && speakers.length > 0 ? (
        <p className="mt-6 text-slate-300">Every speaker has claimed their page or was invited in the last 7 days.</p>
      ) : null}
      {speakers.length === 0 ? (
        <p className="mt-8 text-slate-300">
          This event has no speakers yet. Add them one by one or import a CSV, then invite them here.
        </p>
      ) : (
        <ul className="mt-8 flex max-w-4xl flex-col gap-3" aria-label="Speakers">
          {speakers.map((s) => (
            <li key={s.id} aria-label={s.name} className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="text-slate-300">
                  <p className="font-medium text-white">{s.name}</p>
                  <p className="break-all text-sm">{s.email}</p>
                  <p className="text-sm">{s.text}</p>
                </div>
                {s.button ? (
                  <WorkspaceForm method="post">
                    <input type="hidden" name="intent" value={s.button} />
                    <input type="hidden" name="speakerId" value={s.id} />
                    {s.button === 'remove' ? (
                      <button type="submit" className={buttonClass.danger} aria-label={`Remove ${s.name} from the workspace`}>
                        Remove
                      </button>
                    ) : (
                      <button
                        type="submit"
                        className={buttonClass.secondary}
                        aria-label={`${s.button === 'invite' ? 'Invite' : 'Resend the invitation to'} ${s.name}`}
                      >
                        {s.button === 'invite' ? 'Invite' : 'Resend'}
                      </button>
                    )}
                  </WorkspaceForm>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Speaker invitations')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
