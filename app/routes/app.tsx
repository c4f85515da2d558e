import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PastDueBanner } from '~/components/billing/past-due-banner'
import { SendingPausedBanner } from '~/components/follow-ups/sending-paused-banner'
import { OwnershipOfferNotice, WorkspaceNav } from '~/components/workspace/workspace'
import { WorkspaceNotices } from '~/components/workspace/workspace-notices'
import { can, ROLE_LABELS, workspaceLabel } from '~/lib/permissions'
import type { WorkspaceFrame } from '~/lib/workspace-frame'
import { workspaceNavLinks } from '~/lib/workspace-nav'
import { workspaceNoticeText } from '~/lib/workspace-notices'
import { hasPastDueSubscription } from '~/models/billing.server'
import { getSendingPause } from '~/models/sending-pauses.server'
import { listNotices } from '~/models/workspace-notices.server'
import { listMemberships } from '~/models/workspaces.server'

// The speaker workspace (ARCHITECTURE decision 13). Every child loader and action guards itself
// too: loaders run in parallel, so this one alone would not protect them. This one gives the nav
// the workspace the page shows and the others the person can switch to.

export async function loader({ request }: LoaderFunctionArgs): Promise<WorkspaceFrame> {
  const scope = await requireWorkspace(request)
  // One indexed read of our own table (never Stripe), and only for those the banner is for.
  const [memberships, pastDue, notices, pause] = await Promise.all([
    listMemberships(scope.userId),
    can(scope.role, 'billing.view') ? hasPastDueSubscription(scope.ownerId) : false,
    listNotices(scope.ownerId, scope.userId),
    getSendingPause(scope.ownerId),
  ])
  const labelled = memberships.map((m) => ({
    ...m,
    label: workspaceLabel({ name: m.workspace.name, yours: m.role === 'owner', ownerName: m.ownerName }),
  }))
  return {
    current: {
      id: scope.ownerId,
      name: scope.workspace.name,
      // The current workspace is one of the person's memberships (the guard read it just now).
      label:
        labelled.find((m) => m.workspace.id === scope.ownerId)?.label ??
        workspaceLabel({ name: scope.workspace.name, yours: scope.role === 'owner', ownerName: null }),
      personal: scope.workspace.personal,
      role: scope.role,
      roleLabel: ROLE_LABELS[scope.role],
      canManageTeam: can(scope.role, 'members.manage'),
    },
    links: workspaceNavLinks(scope.role, scope.workspace.plan),
    workspaces: labelled.map((m) => ({
      id: m.workspace.id,
      name: m.workspace.name,
      label: m.label,
      personal: m.workspace.personal,
      roleLabel: ROLE_LABELS[m.role],
    })),
    offers: memberships
      .filter((m) => m.workspace.transferToUserId === scope.userId)
      .map((m) => ({ id: m.workspace.id, name: m.workspace.name })),
    notices: notices.map((n) => ({
      id: n.id,
      text: workspaceNoticeText(n.kind, n.actorName, scope.workspace.name),
      // A declined offer leaves the owner the step of offering it to someone else.
      link:
        n.kind === 'ownership.declined' && can(scope.role, 'ownership.transfer')
          ? { to: '/app/team/workspace#ownership', label: 'Transfer ownership' }
          : null,
    })),
    pastDue,
    sendingPaused: pause?.reason ?? null,
  }
}

export default function Workspace() {
  return (
    <>
      <WorkspaceNav />
      <OwnershipOfferNotice />
      <WorkspaceNotices />
      <PastDueBanner />
      <SendingPausedBanner />
      <div className="mx-auto w-full max-w-6xl px-4 py-10">
        <Outlet />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
