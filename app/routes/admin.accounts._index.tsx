import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireAdmin, requireAdminAction } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { AdminTable, type AdminColumn } from '~/components/admin/admin-table'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { Pagination } from '~/components/pagination'
import { workspaceMeta } from '~/components/workspace/workspace'
import { PLAN_LABELS, PLANS } from '~/lib/plans'
import { listAccountsForAdmin } from '~/models/accounts.server'
import { complaintFigures, listSendingPauses } from '~/models/sending-pauses.server'
import { setWorkspacePlan } from '~/models/workspaces.server'
import { COMPLAINT_RATE_LIMIT } from '~/lib/deliverability'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { parsePage } from '~/lib/page-param'

// Accounts and their plans (issue 9 §8, issue 22 Deliver 8): a plan an admin sets here is a manual
// plan (Event Organiser, comps) that overrides billing until removed on the account's page.

const NUMBER = 'px-4 py-3 text-right'
const COLUMNS: AdminColumn[] = [
  'Email',
  'Role',
  { label: 'Sessions', className: NUMBER },
  { label: 'Leads', className: NUMBER },
  'Plan',
]

const PlanSchema = z.object({ intent: z.literal('set-plan'), userId: z.uuid(), plan: z.enum(PLANS) })

function pageOf(request: Request) {
  // The list pages' one rule (1…100,000; anything odd → 1): a huge page must not reach Postgres as an offset.
  return parsePage(new URL(request.url).searchParams.get('page'))
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const page = pageOf(request)
  const [result, pauses, server] = await Promise.all([
    listAccountsForAdmin({ page }),
    listSendingPauses(),
    complaintFigures(null),
  ])
  return {
    // Follow-ups (issue 32 Deliver 5): workspaces paused for complaints, and the server's own rate.
    pauses: pauses.map((p) => ({ ...p, pausedAt: p.pausedAt.toISOString() })),
    server,
    page,
    total: result.total,
    pageCount: Math.max(1, Math.ceil(result.total / result.pageSize)),
    accounts: result.items.map(({ createdAt: _created, ...a }) => a),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const parsed = PlanSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'Choose a plan for an existing account.' }, { status: 400 })
  if (!(await setWorkspacePlan(parsed.data.userId, parsed.data.plan, admin)))
    return data({ error: 'Account not found.' }, { status: 404 })
  const page = pageOf(request)
  return redirectWithToast(`/admin/accounts${page > 1 ? `?page=${page}` : ''}`, {
    type: 'success',
    description: `Plan set to ${PLAN_LABELS[parsed.data.plan]}.`,
  })
}

export default function AdminAccounts() {
  const { accounts, page, pageCount, total, pauses, server } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <AdminNav />
      <div className="mx-auto w-full max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold text-white">Accounts</h1>
        <p className="mt-2 text-slate-300">
          A plan set here is a manual plan: it overrides billing until it is removed on the account&apos;s page. Plans marked
          (manual) were set by an admin. The startup programme gives Teams.
        </p>
        {actionData?.error ? (
          <div className="mt-6">
            <FormMessage>{actionData.error}</FormMessage>
          </div>
        ) : null}
        <FollowUpComplaints pauses={pauses} server={server} />
        <AdminTable
          caption={`Accounts, ${total} in all`}
          columns={COLUMNS}
          className="mt-6"
          headClassName="bg-white/5 text-slate-200"
          region={{ 'aria-label': 'Accounts' }}
        >
          {accounts.map((a) => (
            <tr key={a.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/accounts/${a.id}`} className="text-white underline-offset-2 hover:underline">
                  {a.email}
                </Link>
              </td>
              <td className="px-4 py-3 capitalize">{a.role}</td>
              <td className="px-4 py-3 text-right tabular-nums">{a.sessions}</td>
              <td className="px-4 py-3 text-right tabular-nums">{a.leads}</td>
              <td className="px-4 py-3">
                <Form
                  method="post"
                  action={`/admin/accounts${page > 1 ? `?page=${page}` : ''}`}
                  className="flex items-center gap-2"
                >
                  <input type="hidden" name="intent" value="set-plan" />
                  <input type="hidden" name="userId" value={a.id} />
                  <label htmlFor={`plan-${a.id}`} className="sr-only">
                    Plan of {a.email}
                  </label>
                  <select
                    id={`plan-${a.id}`}
                    name="plan"
                    defaultValue={a.plan}
                    className="rounded-md border border-white/15 bg-ink-900 px-2 py-1 text-slate-100"
                  >
                    {PLANS.map((p) => (
                      <option key={p} value={p}>
                        {PLAN_LABELS[p]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="submit"
                    className={`${buttonClass.secondary} px-3 py-1 text-sm`}
                    aria-label={`Set plan of ${a.email}`}
                  >
                    Set
                  </button>
                  {a.manualPlan ? <span className="text-sm text-slate-400">(manual)</span> : null}
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
        <Pagination
          page={page}
          totalPages={pageCount}
          hrefFor={(n) => (n > 1 ? `/admin/accounts?page=${n}` : '/admin/accounts')}
        />
      </div>
    </>
  )
}

function FollowUpComplaints({
  pauses,
  server,
}: {
  pauses: Array<{ workspaceId: string; workspaceName: string; ownerId: string; reason: string }>
  server: { sends: number; complaints: number }
}) {
  const rate = server.sends ? server.complaints / server.sends : 0
  return (
    <section aria-labelledby="complaints-title" className="mt-6 rounded-xl border border-white/10 bg-ink-900/60 p-4">
      <h2 id="complaints-title" className="font-semibold text-white">
        Follow-up complaints
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        This server: {server.complaints} of its last {server.sends.toLocaleString('en-US')} follow-up messages reported as spam
        {server.sends ? ` (${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%)` : ''}; mailbox providers
        require less than {COMPLAINT_RATE_LIMIT * 100}%.
      </p>
      {pauses.length ? (
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {pauses.map((p) => (
            <li key={p.workspaceId} className="text-amber-100">
              <Link to={`/admin/accounts/${p.ownerId}`} className="font-semibold text-white underline">
                {p.workspaceName}
              </Link>
              : {p.reason}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-300">No workspace is paused.</p>
      )}
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Accounts')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
