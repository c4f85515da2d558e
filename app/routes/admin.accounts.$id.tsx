import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireAdmin, requireAdminAction } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { StatusBadge, workspaceMeta } from '~/components/workspace/workspace'
import { ROLE_LABELS } from '~/lib/permissions'
import { PLAN_LABELS, PLANS, planAllowances } from '~/lib/plans'
import { isUuid } from '~/lib/text'
import { getAccountForAdmin } from '~/models/accounts.server'
import { listSessionsForAdmin, setSessionUnlocked } from '~/models/talk-sessions.server'
import { listWorkspacesForAdmin, setWorkspacePlan } from '~/models/workspaces.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// One account's sessions, where an admin marks a session unlocked (every lead visible on any plan).

const UnlockSchema = z.object({ intent: z.enum(['unlock', 'lock']), sessionId: z.uuid() })
const WorkspacePlanSchema = z.object({ intent: z.literal('set-workspace-plan'), workspaceId: z.uuid(), plan: z.enum(PLANS) })
const notFound = () => new Response('Account not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const account = isUuid(params.id) ? await getAccountForAdmin(params.id) : null
  if (!account) throw notFound()
  return {
    account: { ...account, planLabel: PLAN_LABELS[account.plan], allows: planAllowances(account.plan) },
    sessions: await listSessionsForAdmin(account.id),
    workspaces: (await listWorkspacesForAdmin(account.id)).map((w) => ({ ...w, roleLabel: ROLE_LABELS[w.role] })),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const account = isUuid(params.id) ? await getAccountForAdmin(params.id) : null
  if (!account) throw notFound()
  const form = Object.fromEntries(await readForm(request))
  if (form.intent === 'set-workspace-plan') {
    // The plan of a workspace this account owns (team workspaces too; seats follow the plan).
    const plan = WorkspacePlanSchema.safeParse(form)
    if (!plan.success) return data({ error: 'Choose a plan for one of the workspaces.' }, { status: 400 })
    const owned = (await listWorkspacesForAdmin(account.id)).some((w) => w.id === plan.data.workspaceId && w.role === 'owner')
    if (!owned || !(await setWorkspacePlan(plan.data.workspaceId, plan.data.plan, admin))) {
      return data({ error: 'Workspace not found.' }, { status: 404 })
    }
    return redirectWithToast(`/admin/accounts/${account.id}`, {
      type: 'success',
      description: `Plan set to ${PLAN_LABELS[plan.data.plan]}.`,
    })
  }
  const parsed = UnlockSchema.safeParse(form)
  if (!parsed.success) return data({ error: 'Unknown action.' }, { status: 400 })
  const owned = (await listSessionsForAdmin(account.id)).some((s) => s.id === parsed.data.sessionId)
  if (!owned || !(await setSessionUnlocked(parsed.data.sessionId, parsed.data.intent === 'unlock'))) {
    return data({ error: 'Session not found.' }, { status: 404 })
  }
  return redirectWithToast(`/admin/accounts/${account.id}`, {
    type: 'success',
    description: parsed.data.intent === 'unlock' ? 'Session unlocked: all its leads are visible.' : 'Session locked again.',
  })
}

export default function AdminAccount() {
  const { account, sessions, workspaces } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <AdminNav />
      <div className="mx-auto w-full max-w-6xl px-4 py-10">
        <Link to="/admin/accounts" className="text-sm text-brand-300 underline">
          All accounts
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-white">{account.email}</h1>
        <p className="mt-2 text-slate-300">
          Plan: {account.planLabel} — {account.allows.join('; ')}.
        </p>
        {actionData?.error ? (
          <div className="mt-6">
            <FormMessage>{actionData.error}</FormMessage>
          </div>
        ) : null}
        <h2 className="mt-8 text-xl font-semibold text-white">Workspaces</h2>
        <ul className="mt-3 flex flex-col gap-3">
          {workspaces.map((w) => (
            <li
              key={w.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-ink-900/60 p-4"
            >
              <div>
                <p className="font-semibold text-white">{w.personal ? `${w.name} (personal)` : w.name}</p>
                <p className="text-sm text-slate-400">
                  {w.roleLabel} · {w.members === 1 ? '1 member' : `${w.members} members`} · {PLAN_LABELS[w.plan]}
                </p>
              </div>
              {w.role === 'owner' ? (
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="set-workspace-plan" />
                  <input type="hidden" name="workspaceId" value={w.id} />
                  <label className="flex flex-col gap-1 text-sm text-slate-300">
                    Plan of {w.name}
                    <select
                      name="plan"
                      defaultValue={w.plan}
                      className="rounded-md border border-white/20 bg-ink-950 px-2 py-1.5 text-white"
                    >
                      {PLANS.map((p) => (
                        <option key={p} value={p}>
                          {PLAN_LABELS[p]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className={buttonClass.secondary}>
                    Set plan
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        <h2 className="mt-8 text-xl font-semibold text-white">Sessions</h2>
        {sessions.length === 0 ? (
          <p className="mt-3 text-slate-300">No sessions yet.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3">
            {sessions.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-ink-900/60 p-4"
              >
                <div>
                  <p className="font-semibold text-white">
                    {s.eventName} <StatusBadge status={s.status} />
                  </p>
                  <p className="text-sm text-slate-400">
                    {s.talkTitle} · {s.leads === 1 ? '1 lead' : `${s.leads} leads`} · {s.unlocked ? 'Unlocked' : 'Not unlocked'}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={s.unlocked ? 'lock' : 'unlock'}
                    className={buttonClass.secondary}
                    aria-label={`${s.unlocked ? 'Lock' : 'Unlock'} ${s.eventName}`}
                  >
                    {s.unlocked ? 'Lock again' : 'Mark unlocked'}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Account')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
