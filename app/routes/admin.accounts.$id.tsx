import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireAdmin, requireAdminAction } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { StatusBadge, workspaceMeta } from '~/components/workspace/workspace'
import { PLAN_LABELS, planAllowances } from '~/lib/plans'
import { isUuid } from '~/lib/text'
import { getAccountForAdmin } from '~/models/accounts.server'
import { listSessionsForAdmin, setSessionUnlocked } from '~/models/talk-sessions.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'

// One account's sessions, where an admin marks a session unlocked (every lead visible on any plan).

const UnlockSchema = z.object({ intent: z.enum(['unlock', 'lock']), sessionId: z.uuid() })
const notFound = () => new Response('Account not found', { status: 404 })

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const account = isUuid(params.id) ? await getAccountForAdmin(params.id) : null
  if (!account) throw notFound()
  return {
    account: { ...account, planLabel: PLAN_LABELS[account.plan], allows: planAllowances(account.plan) },
    sessions: await listSessionsForAdmin(account.id),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminAction(request)
  const account = isUuid(params.id) ? await getAccountForAdmin(params.id) : null
  if (!account) throw notFound()
  const parsed = UnlockSchema.safeParse(Object.fromEntries(await readForm(request)))
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
  const { account, sessions } = useLoaderData<typeof loader>()
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
