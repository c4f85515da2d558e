import { getFormProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, ErrorList, SelectField } from '~/components/forms'
import { useServerForm } from '~/components/use-server-form'
import { OwnerLeaveNote } from '~/components/workspace/owner-leave-note'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import { WorkspaceForm } from '~/components/workspace/workspace-form'
import { SEAT_MESSAGES } from '~/lib/billing'
import { ownerLeave } from '~/lib/owner-leave'
import { canManageMember, grantableRoles, ROLE_LABELS } from '~/lib/permissions'
import { formatUsLongDate, isUuid } from '~/lib/text'
import { changeMemberRole, getMember, listMembers, removeMember } from '~/models/memberships.server'
import { lowerSeatsAfterLeaving } from '~/services/billing-seats.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// One member of the workspace (issue 21 Deliver 2 and 6): who they are and, for the owner and
// admins, their role and removal. Someone who is not in this workspace answers 404, whoever asks.

const RoleSchema = z.object({ role: z.enum(['admin', 'member'], { error: 'Choose a role' }) })
const RemoveSchema = z.object({ reassignTo: z.uuid({ error: 'Choose who gets their talks and sessions' }) })

const notFound = () => new Response('This person is not a member of this workspace.', { status: 404 })

const ROLE_REFUSED: Record<'forbidden' | 'self', string> = {
  forbidden: 'You can’t give this role, or change this person’s role.',
  self: 'You can’t change your own role: ask the owner or another admin.',
}
const REMOVE_REFUSED: Record<'forbidden' | 'self' | 'bad-reassignee', string> = {
  forbidden: 'You can’t remove this person. The owner can only leave after handing over the workspace.',
  self: 'To leave the workspace, use Leave on the workspace page.',
  'bad-reassignee': 'Choose someone who stays in the workspace',
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'team.view')
  const member = isUuid(params.userId) ? await getMember(scope.ownerId, params.userId) : null
  if (!member) throw notFound()
  const isSelf = member.userId === scope.userId
  // Forms only for what this person may do to this member (never to themselves, never the owner).
  const manageable = !isSelf && canManageMember(scope.role, member.role, null)
  const roles = manageable ? grantableRoles(scope.role) : []
  const ownersOwn = isSelf && member.role === 'owner'
  const everyone = manageable || ownersOwn ? await listMembers(scope.ownerId) : []
  const others = manageable ? everyone.filter((m) => m.userId !== member.userId) : []
  return {
    member: { ...member, roleLabel: ROLE_LABELS[member.role], joined: formatUsLongDate(member.joinedAt) },
    isSelf,
    roles: roles.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
    reassignees: others.map((m) => ({ value: m.userId, label: m.userId === scope.userId ? `${m.name} (you)` : m.name })),
    me: scope.userId,
    // On their own page the owner reads why they cannot leave, as on the workspace page.
    ownerLeave: ownersOwn ? ownerLeave(scope.workspace, everyone) : null,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const scope = await requireWorkspace(request, 'members.manage')
  if (!isUuid(params.userId)) throw notFound()
  const form = await readForm(request)
  const actor = { id: scope.userId, email: scope.user.email }
  const here = `/app/team/members/${params.userId}`
  if (form.get('intent') === 'remove') {
    const submission = parseWithZod(form, { schema: RemoveSchema })
    if (submission.status !== 'success') return data({ remove: submission.reply() }, { status: 400 })
    const outcome = await removeMember(scope.ownerId, actor, params.userId, submission.value.reassignTo)
    if (outcome === 'not-member') throw notFound()
    if (outcome !== 'removed') {
      const reply = submission.reply({ fieldErrors: { reassignTo: [REMOVE_REFUSED[outcome]] } })
      return data({ remove: reply }, { status: outcome === 'forbidden' ? 403 : 400 })
    }
    // The removal is committed; the paid seats follow it (issue 22), and a Stripe failure undoes nothing.
    const seats = await lowerSeatsAfterLeaving(scope.ownerId, actor, 'member.removed')
    const note =
      seats.outcome === 'lowered'
        ? ` ${SEAT_MESSAGES.lowered(seats.seats)}`
        : seats.outcome === 'failed'
          ? ` ${SEAT_MESSAGES.lowerFailed}`
          : ''
    return redirectWithToast('/app/team', {
      type: seats.outcome === 'failed' ? 'info' : 'success',
      description: `Removed from the workspace.${note}`,
    })
  }
  const submission = parseWithZod(form, { schema: RoleSchema })
  if (submission.status !== 'success') return data({ role: submission.reply() }, { status: 400 })
  const outcome = await changeMemberRole(scope.ownerId, actor, params.userId, submission.value.role)
  if (outcome === 'not-member') throw notFound()
  if (outcome === 'forbidden' || outcome === 'self') {
    const reply = submission.reply({ fieldErrors: { role: [ROLE_REFUSED[outcome]] } })
    return data({ role: reply }, { status: outcome === 'forbidden' ? 403 : 400 })
  }
  return redirectWithToast(here, { type: 'success', description: 'Role saved.' })
}

export default function TeamMember() {
  const { member, isSelf, roles, reassignees, me, ownerLeave: ownerStays } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/app/team" className="text-brand-300 underline">
          Back to the team
        </Link>
      </p>
      <PageHeader title={member.name} intro={isSelf ? 'This is you.' : undefined} />
      <dl className="mt-6 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-white/10 bg-ink-900/60 p-6 text-slate-200">
        <dt className="text-slate-400">Email</dt>
        <dd>{member.email}</dd>
        <dt className="text-slate-400">Role</dt>
        <dd>{member.roleLabel}</dd>
        <dt className="text-slate-400">Joined</dt>
        <dd>{member.joined}</dd>
        <dt className="text-slate-400">Sessions they run</dt>
        <dd>{member.sessions}</dd>
      </dl>
      {ownerStays ? <OwnerLeaveNote said={ownerStays} onWorkspacePage={false} /> : null}
      {isSelf ? (
        <p className="mt-6 text-sm">
          {/* Leaving and the workspace's own settings live on one page, open to every member. */}
          <Link
            to={member.role === 'owner' ? '/app/team/workspace' : '/app/team/workspace?modal=leave'}
            className="text-brand-300 underline"
          >
            {member.role === 'owner' ? 'Workspace settings' : 'Leave this workspace'}
          </Link>
        </p>
      ) : null}
      {roles.length > 0 ? (
        <RoleForm
          role={member.role}
          roles={roles}
          lastResult={actionData && 'role' in actionData ? actionData.role : undefined}
        />
      ) : null}
      {reassignees.length > 0 ? (
        <RemoveForm
          name={member.name}
          sessions={member.sessions}
          reassignees={reassignees}
          me={me}
          lastResult={actionData && 'remove' in actionData ? actionData.remove : undefined}
        />
      ) : null}
    </>
  )
}

type Option = { value: string; label: string }

function RoleForm({ role, roles, lastResult }: { role: string; roles: Option[]; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useServerForm<{ role: string }>({ id: 'member-role', lastResult, defaultValue: { role } })
  return (
    <section aria-labelledby="role-title" className="mt-8 max-w-2xl rounded-xl border border-white/10 bg-ink-900/60 p-6">
      <h2 id="role-title" className="text-lg font-semibold text-white">
        Role
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        Admins manage members, invitations, integrations, webhooks and retention, and see every lead. Members work the leads of
        the sessions they run.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="role" />
        <SelectField
          className="min-w-48"
          label="Role"
          errors={fields.role.errors}
          selectProps={getSelectProps(fields.role)}
          options={roles}
        />
        <button type="submit" className={buttonClass.secondary}>
          Save role
        </button>
      </WorkspaceForm>
    </section>
  )
}

function RemoveForm({
  name,
  sessions,
  reassignees,
  me,
  lastResult,
}: {
  name: string
  sessions: number
  reassignees: Option[]
  me: string
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useServerForm<{ reassignTo: string }>({
    id: 'member-remove',
    lastResult,
    defaultValue: { reassignTo: me },
  })
  return (
    <section aria-labelledby="remove-title" className="mt-8 max-w-2xl rounded-xl border border-red-400/40 bg-red-950/30 p-6">
      <h2 id="remove-title" className="text-lg font-semibold text-white">
        Remove from the workspace
      </h2>
      <p className="mt-2 text-sm text-slate-200">
        {name} loses access at once, on every device. Their talks and sessions stay in the workspace
        {sessions > 0 ? ` (${sessions === 1 ? '1 session' : `${sessions} sessions`})` : ''}: the attendee pages and QR codes keep
        working, run by the person you choose.
      </p>
      <WorkspaceForm method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="remove" />
        <SelectField
          className="min-w-64"
          label="Who gets their talks and sessions"
          errors={fields.reassignTo.errors}
          selectProps={getSelectProps(fields.reassignTo)}
          options={reassignees}
        />
        <button type="submit" className={buttonClass.danger}>
          Remove {name}
        </button>
      </WorkspaceForm>
      <ErrorList id={form.errorId} errors={form.errors} />
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => workspaceMeta(matches, data?.member.name ?? 'Member')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
