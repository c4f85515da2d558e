import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireAdmin, requireAdminAction } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { WorkspaceBillingPanel } from '~/components/admin/workspace-billing'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { StatusBadge, workspaceMeta } from '~/components/workspace/workspace'
import { unlockText } from '~/lib/billing-admin'
import { ROLE_LABELS } from '~/lib/permissions'
import { PLAN_LABELS, PLANS, planAllowances } from '~/lib/plans'
import { isUuid } from '~/lib/text'
import { getAccountForAdmin } from '~/models/accounts.server'
import { setManualPlan } from '~/models/billing.server'
import { getSendingPause, liftSendingPause } from '~/models/sending-pauses.server'
import { listSessionsForAdmin, setSessionUnlocked } from '~/models/talk-sessions.server'
import { listWorkspacesForAdmin, setWorkspacePlan } from '~/models/workspaces.server'
import { syncWorkspaceFromStripe, workspaceBillingView } from '~/services/admin-billing.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// One account: its workspaces with their billing (issue 22 Deliver 8: where the plan comes from, the
// Stripe customer, a manual plan and "Sync from Stripe"), and its sessions, where an admin marks a
// session unlocked (every lead visible on any plan) apart from the unlocks that were paid for.

const UnlockSchema = z.object({ intent: z.enum(['unlock', 'lock']), sessionId: z.uuid() })
const WorkspacePlanSchema = z.object({ intent: z.literal('set-workspace-plan'), workspaceId: z.uuid(), plan: z.enum(PLANS) })
const WorkspaceSchema = z.object({ intent: z.enum(['remove-manual-plan', 'sync', 'resume-sending']), workspaceId: z.uuid() })
const notFound = () => new Response('Account not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const account = isUuid(params.id) ? await getAccountForAdmin(params.id) : null
  if (!account) throw notFound()
  const workspaces = await Promise.all(
    (await listWorkspacesForAdmin(account.id)).map(async (w) => ({
      ...w,
      // "Personal" is the workspace that closes with its owner's account: said on its owner's page
      // only, so an account that handed its first workspace on no longer sees it called theirs.
      label: w.personal && w.role === 'owner' ? `${w.name} (personal)` : w.name,
      roleLabel: ROLE_LABELS[w.role],
      // Billing is the owner's business: shown (and changed) on the owner's account page.
      billing: w.role === 'owner' ? await workspaceBillingView(w.id) : null,
      // Follow-ups paused for spam complaints (issue 32 Deliver 5): the reason, and the way to lift it.
      sendingPaused: (await getSendingPause(w.id))?.reason ?? null,
    })),
  )
  const paid = new Set(
    workspaces.flatMap((w) => w.billing?.unlocks.filter((u) => u.status === 'paid').map((u) => u.sessionId) ?? []),
  )
  const sessions = (await listSessionsForAdmin(account.id)).map((s) => {
    const unlock = { ...s, paid: paid.has(s.id) }
    return { ...unlock, unlockText: unlockText(unlock) }
  })
  return {
    account: { ...account, planLabel: PLAN_LABELS[account.plan], allows: planAllowances(account.plan) },
    sessions,
    workspaces,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const account = isUuid(params.id) ? await getAccountForAdmin(params.id) : null
  if (!account) throw notFound()
  const form = Object.fromEntries(await readForm(request))
  const back = `/admin/accounts/${account.id}`
  // Workspace actions: only on a workspace this account owns (team workspaces too).
  const owns = async (workspaceId: string) =>
    (await listWorkspacesForAdmin(account.id)).some((w) => w.id === workspaceId && w.role === 'owner')
  if (form.intent === 'set-workspace-plan') {
    const plan = WorkspacePlanSchema.safeParse(form)
    if (!plan.success) return data({ error: 'Choose a plan for one of the workspaces.' }, { status: 400 })
    if (!(await owns(plan.data.workspaceId)) || !(await setWorkspacePlan(plan.data.workspaceId, plan.data.plan, admin))) {
      return data({ error: 'Workspace not found.' }, { status: 404 })
    }
    return redirectWithToast(back, {
      type: 'success',
      description: `Plan set to ${PLAN_LABELS[plan.data.plan]} (a manual plan: it overrides billing).`,
    })
  }
  if (form.intent === 'remove-manual-plan' || form.intent === 'sync' || form.intent === 'resume-sending') {
    const parsed = WorkspaceSchema.safeParse(form)
    if (!parsed.success) return data({ error: 'Choose one of the workspaces.' }, { status: 400 })
    const { workspaceId, intent } = parsed.data
    if (!(await owns(workspaceId))) return data({ error: 'Workspace not found.' }, { status: 404 })
    if (intent === 'resume-sending') {
      if (!(await liftSendingPause(workspaceId, admin)))
        return data({ error: 'This workspace’s follow-ups are not paused.' }, { status: 404 })
      return redirectWithToast(back, { type: 'success', description: 'Pause lifted: the workspace may send follow-ups again.' })
    }
    if (intent === 'sync') {
      const outcome = await syncWorkspaceFromStripe(workspaceId)
      if (!outcome.ok) return data({ error: outcome.message }, { status: outcome.status })
      return redirectWithToast(back, { type: 'success', description: outcome.message })
    }
    if (!(await setManualPlan(workspaceId, null, admin))) return data({ error: 'Workspace not found.' }, { status: 404 })
    const now = await workspaceBillingView(workspaceId)
    return redirectWithToast(back, {
      type: 'success',
      description: `Manual plan removed: billing decides the plan (now ${PLAN_LABELS[now?.plan ?? 'free']}).`,
    })
  }
  const parsed = UnlockSchema.safeParse(form)
  if (!parsed.success) return data({ error: 'Unknown action.' }, { status: 400 })
  const owned = (await listSessionsForAdmin(account.id)).some((s) => s.id === parsed.data.sessionId)
  if (!owned || !(await setSessionUnlocked(parsed.data.sessionId, parsed.data.intent === 'unlock'))) {
    return data({ error: 'Session not found.' }, { status: 404 })
  }
  return redirectWithToast(back, {
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
            <li key={w.id} className="rounded-xl border border-white/10 bg-ink-900/60 p-4">
              <h3 className="font-semibold text-white">{w.label}</h3>
              <p className="text-sm text-slate-400">
                {w.roleLabel} · {w.members === 1 ? '1 member' : `${w.members} members`} · {PLAN_LABELS[w.plan]}
              </p>
              {w.sendingPaused ? (
                <div className="mt-3 rounded-md border border-amber-400/60 bg-amber-950/60 p-3 text-sm text-amber-100">
                  <p role="status">{w.sendingPaused}</p>
                  {w.role === 'owner' ? (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="workspaceId" value={w.id} />
                      <button type="submit" name="intent" value="resume-sending" className={buttonClass.secondary}>
                        Lift the pause on {w.name}
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
              {w.billing ? <WorkspaceBillingPanel workspace={w} billing={w.billing} /> : null}
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
                    {s.talkTitle} · {s.leads === 1 ? '1 lead' : `${s.leads} leads`} · {s.unlockText}
                  </p>
                  {s.paid && s.adminUnlocked ? (
                    <p className="text-sm text-slate-400">Locking it again keeps it open: it was paid for.</p>
                  ) : null}
                </div>
                {/* The admin's own flag; a paid unlock stands whatever it says. */}
                <Form method="post">
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={s.adminUnlocked ? 'lock' : 'unlock'}
                    className={buttonClass.secondary}
                    aria-label={`${s.adminUnlocked ? 'Lock' : 'Unlock'} ${s.eventName}`}
                  >
                    {s.adminUnlocked ? 'Lock again' : 'Mark unlocked'}
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
