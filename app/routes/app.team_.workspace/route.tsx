import type { SubmissionResult } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { OwnerLeaveNote } from '~/components/workspace/owner-leave-note'
import { ownerLeave } from '~/lib/owner-leave'
import { can, workspaceLabel } from '~/lib/permissions'
import { PLAN_LABELS } from '~/lib/plans'
import { listMembers } from '~/models/memberships.server'
import { workspaceAction } from './actions.server'
import { DeleteSection, LanguageSection, LeaveModal, NameSection, OfferBanner, OwnershipSection, SeeAllSection } from './sections'

// The workspace itself (issue 21 Deliver 6): its name, "Members see every lead", the language of
// attendee pages (issue 31), the ownership
// transfer (offer, cancel, accept, decline), leaving and deleting. Members see what applies to them.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'team.view')
  const members = await listMembers(scope.ownerId)
  const { workspace } = scope
  const offeredTo = members.find((m) => m.userId === workspace.transferToUserId) ?? null
  const owner = members.find((m) => m.role === 'owner')
  return {
    workspace: {
      name: workspace.name,
      label: workspaceLabel({ name: workspace.name, yours: scope.role === 'owner', ownerName: owner?.name ?? null }),
      personal: workspace.personal,
      plan: PLAN_LABELS[workspace.plan],
    },
    isFree: workspace.plan === 'free',
    seeAll: workspace.membersSeeAllLeads,
    language: workspace.language,
    canRename: can(scope.role, 'workspace.rename'),
    canSetLeads: can(scope.role, 'members.manage'),
    isOwner: scope.role === 'owner',
    canLeave: can(scope.role, 'workspace.leave'),
    // The owner has no Leave button: they read why, and how to hand the workspace on.
    ownerLeave: scope.role === 'owner' ? ownerLeave(workspace, members) : null,
    canDelete: can(scope.role, 'workspace.delete') && !workspace.personal,
    admins:
      scope.role === 'owner' ? members.filter((m) => m.role === 'admin').map((m) => ({ value: m.userId, label: m.name })) : [],
    offeredTo: offeredTo && scope.role === 'owner' ? offeredTo.name : null,
    offerFrom: offeredTo?.userId === scope.userId ? (owner?.name ?? 'The owner') : null,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  return workspaceAction(request)
}

type Results = Partial<
  Record<'rename' | 'seeAll' | 'language' | 'offer' | 'answer' | 'leave' | 'delete', SubmissionResult<string[]>>
>

export default function WorkspacePage() {
  const data = useLoaderData<typeof loader>()
  const results = (useActionData<typeof action>() ?? {}) as Results
  const [params] = useSearchParams()
  const { workspace } = data
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/app/team" className="text-brand-300 underline">
          Back to the team
        </Link>
      </p>
      <PageHeader title="Workspace" intro={`${workspace.label} · Plan: ${workspace.plan}`} />
      {data.offerFrom ? <OfferBanner from={data.offerFrom} name={workspace.name} lastResult={results.answer} /> : null}
      {data.isFree && !workspace.personal ? (
        <p className="mt-6 max-w-2xl rounded-md border border-amber-400/40 bg-amber-950/40 px-4 py-3 text-sm text-amber-100">
          This workspace is on the Free plan, which holds one person. Teammates can join once a site admin has set its plan to
          Professional / Teams or Event Organiser.
        </p>
      ) : null}
      {data.canRename ? <NameSection name={workspace.name} lastResult={results.rename} /> : null}
      {data.canSetLeads ? <SeeAllSection on={data.seeAll} lastResult={results.seeAll} /> : null}
      {data.canSetLeads ? <LanguageSection language={data.language} lastResult={results.language} /> : null}
      {data.isOwner ? <OwnershipSection admins={data.admins} offeredTo={data.offeredTo} lastResult={results.offer} /> : null}
      {data.canLeave ? (
        <section aria-labelledby="leave-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
          <h2 id="leave-title" className="text-lg font-semibold text-white">
            Leave the workspace
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            You lose access to its talks, sessions and leads. What you created stays, handed to the owner.
          </p>
          <Link to="?modal=leave" preventScrollReset className={`${buttonClass.danger} mt-4`}>
            Leave {workspace.name}
          </Link>
        </section>
      ) : data.ownerLeave ? (
        <OwnerLeaveNote said={data.ownerLeave} onWorkspacePage />
      ) : null}
      {data.canDelete ? <DeleteSection name={workspace.name} lastResult={results.delete} /> : null}
      {data.canLeave && (params.get('modal') === 'leave' || results.leave) ? (
        <LeaveModal name={workspace.name} lastResult={results.leave} />
      ) : null}
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Workspace')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
