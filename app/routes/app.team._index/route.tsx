import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { SEAT_MESSAGES, seatPriceText, seatsAfterAdding } from '~/lib/billing'
import { seatRefusal } from '~/lib/invitations'
import { can, grantableRoles, hasFreeSeat, ROLE_LABELS } from '~/lib/permissions'
import { formatUsLongDate } from '~/lib/text'
import { listPendingInvitations, seatUsage } from '~/models/invitations.server'
import { listMembers } from '~/models/memberships.server'
import { billingConfigured } from '~/platform/stripe.server'
import { seatSubscription } from '~/services/billing-seats.server'
import { teamAction } from './actions.server'
import { InviteForm } from './invite-form'
import { MembersList } from './members-list'
import { PendingInvitations } from './pending-invitations'

// /app/team (issue 21): who is in the workspace, for everyone in it; for the owner and admins also
// the invite form, the pending invitations and the seats. Members' own pages and the workspace's
// settings are /app/team/members/{id} and /app/team/workspace.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'team.view')
  const everyone = await listMembers(scope.ownerId)
  // An event's speakers (issue 23) are not the team: listed apart, invited and removed from their event's
  // Invitations page or their member page, never offered as a role here (grantableRoles).
  const toRow = (m: (typeof everyone)[number]) => ({
    userId: m.userId,
    // Shown above the address when the member set a name of their own.
    name: m.name !== m.email ? m.name : null,
    email: m.email,
    roleLabel: ROLE_LABELS[m.role],
    joined: formatUsLongDate(m.joinedAt),
    isYou: m.userId === scope.userId,
  })
  const view = {
    workspaceName: scope.workspace.name,
    members: everyone.filter((m) => m.role !== 'speaker').map(toRow),
    speakers: everyone.filter((m) => m.role === 'speaker').map(toRow),
    canRename: can(scope.role, 'workspace.rename'),
    canViewAudit: can(scope.role, 'audit.view'),
  }
  if (!can(scope.role, 'invitations.manage')) return { ...view, manage: null }
  const [pending, seats] = await Promise.all([listPendingInvitations(scope.ownerId), seatUsage(scope.workspace)])
  const full = !hasFreeSeat(scope.workspace.plan, scope.workspace.seats, seats.members + seats.pending)
  return {
    ...view,
    manage: {
      roles: grantableRoles(scope.role).map((r) => ({ value: r, label: ROLE_LABELS[r] })),
      seats: {
        ...seats,
        refusal: seatRefusal(scope.workspace.plan, scope.workspace.seats, seats.members, seats.pending),
        offer: full ? await seatOffer(scope) : null,
      },
      pending: pending.map((p) => ({
        id: p.id,
        email: p.email,
        roleLabel: ROLE_LABELS[p.role],
        inviterEmail: p.inviterEmail,
        expires: `${formatUsLongDate(p.expiresAt)} (UTC)`,
      })),
    },
  }
}

/**
 * Every paid seat taken on a seat subscription below the Teams limit: the owner may add one (issue
 * 22 Deliver 1), anyone else asks them. Null otherwise (no payments, a manual plan, at 5 seats).
 */
async function seatOffer(scope: WorkspaceScope) {
  if (!billingConfigured()) return null
  const sub = await seatSubscription(scope.ownerId)
  if (!sub || seatsAfterAdding(sub.seats) === null) return null
  if (!can(scope.role, 'billing.manage')) return { canAdd: false, text: SEAT_MESSAGES.askOwner }
  return { canAdd: true, text: SEAT_MESSAGES.addSeat(seatPriceText(sub.unitAmount, sub.currency, sub.interval)) }
}

export async function action({ request }: ActionFunctionArgs) {
  return teamAction(request)
}

export default function Team() {
  const { workspaceName, members, speakers, manage, canRename, canViewAudit } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const inviteResult = actionData && 'result' in actionData ? actionData.result : undefined
  const rowError =
    actionData && 'error' in actionData ? { invitationId: actionData.invitationId, message: actionData.error } : undefined
  return (
    <>
      <PageHeader
        title="Team"
        intro={`Who works in ${workspaceName}: its talks, sessions and leads are shared by everyone here.`}
      >
        {canRename ? (
          <Link to="/app/team/workspace" className={buttonClass.secondary}>
            Workspace settings
          </Link>
        ) : null}
        {canViewAudit ? (
          <Link to="/app/team/audit" className={buttonClass.secondary}>
            Audit log
          </Link>
        ) : null}
      </PageHeader>
      <MembersList members={members} />
      {speakers.length > 0 ? <MembersList members={speakers} title="Event speakers" /> : null}
      {manage ? (
        <>
          <InviteForm roles={manage.roles} seats={manage.seats} lastResult={inviteResult} />
          <PendingInvitations invitations={manage.pending} error={rowError} />
        </>
      ) : null}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Team')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
