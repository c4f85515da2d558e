import { Form } from '@remix-run/react'
import { AdminTable } from '~/components/admin/admin-table'
import { buttonClass } from '~/components/forms'
import { PLAN_LABELS, PLANS, type Plan } from '~/lib/plans'

// One workspace's billing on the site admin's account page (issue 22 Deliver 8): where the plan comes
// from, the Stripe customer, subscriptions and paid unlocks, and the admin's three actions — a manual
// plan, removing it, and "Sync from Stripe". Every action is a plain POST form (works without JS).

export type WorkspaceBilling = {
  plan: Plan
  manualPlan: Plan | null
  source: string
  customer: { id: string; currency: string | null; dashboardUrl: string } | null
  subscriptions: Array<{ id: string; plan: string; seats: number; status: string; amount: string; period: string }>
  unlocks: Array<{
    id: string
    sessionId: string
    session: string
    status: string
    statusLabel: string
    amount: string
    paidAt: string | null
    receiptUrl: string | null
  }>
  syncUnavailable: string | null
}

export function WorkspaceBillingPanel({
  workspace,
  billing,
}: {
  workspace: { id: string; name: string }
  billing: WorkspaceBilling
}) {
  return (
    <div className="mt-4 flex flex-col gap-4 border-t border-white/10 pt-4 text-sm text-slate-300">
      <p className="font-medium text-white">{billing.source}</p>
      <p>
        Stripe customer:{' '}
        {billing.customer ? (
          <>
            <a href={billing.customer.dashboardUrl} className="text-brand-300 underline" target="_blank" rel="noreferrer">
              {billing.customer.id}
            </a>
            {billing.customer.currency ? ` (pays in ${billing.customer.currency})` : ''}
          </>
        ) : (
          'none'
        )}
      </p>
      {billing.subscriptions.length ? (
        <AdminTable caption={`Subscriptions of ${workspace.name}`} columns={['Subscription', 'Plan', 'Seats', 'Price', 'State']}>
          {billing.subscriptions.map((s) => (
            <tr key={s.id}>
              <td className="px-4 py-2 font-mono text-xs">{s.id}</td>
              <td className="px-4 py-2">{s.plan}</td>
              <td className="px-4 py-2 tabular-nums">{s.seats}</td>
              <td className="px-4 py-2">{s.amount}</td>
              <td className="px-4 py-2">{s.period}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      {billing.unlocks.length ? (
        <AdminTable
          caption={`Paid unlocks of ${workspace.name}`}
          columns={['Unlocked session', 'Status', 'Amount', 'Paid', 'Receipt']}
        >
          {billing.unlocks.map((u) => (
            <tr key={u.id}>
              <td className="px-4 py-2">{u.session}</td>
              <td className="px-4 py-2">{u.statusLabel}</td>
              <td className="px-4 py-2">{u.amount}</td>
              <td className="px-4 py-2">{u.paidAt ?? '—'}</td>
              <td className="px-4 py-2">
                {u.receiptUrl ? (
                  <a href={u.receiptUrl} className="text-brand-300 underline" target="_blank" rel="noreferrer">
                    Receipt
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="set-workspace-plan" />
          <input type="hidden" name="workspaceId" value={workspace.id} />
          <label className="flex flex-col gap-1 text-sm text-slate-300">
            Manual plan of {workspace.name}
            <select
              name="plan"
              defaultValue={billing.manualPlan ?? billing.plan}
              className="rounded-md border border-white/20 bg-ink-950 px-2 py-1.5 text-white"
            >
              {PLANS.map((p) => (
                <option key={p} value={p}>
                  {PLAN_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary} aria-label={`Set manual plan of ${workspace.name}`}>
            Set manual plan
          </button>
        </Form>
        {billing.manualPlan ? (
          <Form method="post">
            <input type="hidden" name="workspaceId" value={workspace.id} />
            <button
              type="submit"
              name="intent"
              value="remove-manual-plan"
              className={buttonClass.secondary}
              aria-label={`Remove manual plan of ${workspace.name}`}
            >
              Remove manual plan
            </button>
          </Form>
        ) : null}
        {billing.syncUnavailable ? null : (
          <Form method="post">
            <input type="hidden" name="workspaceId" value={workspace.id} />
            <button
              type="submit"
              name="intent"
              value="sync"
              className={buttonClass.secondary}
              aria-label={`Sync from Stripe: ${workspace.name}`}
            >
              Sync from Stripe
            </button>
          </Form>
        )}
      </div>
      {billing.syncUnavailable ? <p>{billing.syncUnavailable}</p> : null}
    </div>
  )
}
