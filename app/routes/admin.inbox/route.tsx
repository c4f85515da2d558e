import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { requireAdmin, requireAdminAction } from '~/auth/guards.server'
import { AdminNav } from '~/components/admin/admin-nav'
import { AdminTable } from '~/components/admin/admin-table'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { marketingMeta } from '~/components/marketing/meta'
import { getConfig } from '~/config.server'
import { INBOX_PAGE_SIZE, INBOX_TABS, parseInboxTab, type InboxTabId } from '~/lib/inbox-tabs'
import { parsePage } from '~/lib/page-param'
import { formatUsLongDate } from '~/lib/text'
import { approveStartupApplication } from '~/models/startup-applications.server'
import { billingConfigured } from '~/platform/stripe.server'
import { readForm } from '~/services/request-body.server'
import { redirectWithToast } from '~/services/toast.server'
import { loadInboxTab, type StartupRowAction } from './tabs.server'

// What visitors sent us, by tab. A startup application can be approved here (issue 22 Deliver 1):
// the applicant is emailed a single-use link to buy the startup plan (docs/billing.md).

const ApproveSchema = z.object({ intent: z.literal('approve-startup'), applicationId: z.uuid() })

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const tab = parseInboxTab(url.searchParams.get('tab'))
  const q = (url.searchParams.get('q') ?? '').slice(0, 200)
  const page = parsePage(url.searchParams.get('page'))
  const result = await loadInboxTab(tab, { q, limit: INBOX_PAGE_SIZE, offset: (page - 1) * INBOX_PAGE_SIZE })
  const pageCount = Math.max(1, Math.ceil(result.total / INBOX_PAGE_SIZE))
  return { tab, q, page, pageCount, ...result }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const parsed = ApproveSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return data({ error: 'Choose an application to approve.' }, { status: 400 })
  const config = getConfig()
  const payments = billingConfigured()
  const result = await approveStartupApplication(parsed.data.applicationId, admin, {
    brand: config.BRAND_NAME,
    appUrl: config.appUrl,
    teamEmail: config.teamEmail,
    paymentsConfigured: payments,
  })
  if (!result.ok) {
    return result.reason === 'used'
      ? data({ error: 'This offer has been used: the startup plan was bought with it.' }, { status: 409 })
      : data({ error: 'Application not found.' }, { status: 404 })
  }
  const manual = payments
    ? ''
    : ' Payments are not set up on this server: set the plan by hand on their account page once they sign up.'
  return redirectWithToast(`/admin/inbox${new URL(request.url).search}`, {
    type: 'success',
    description: `Approved: the offer went to ${result.email}; its link works until ${formatUsLongDate(result.expiresAt)}.${manual}`,
  })
}

function hrefFor(params: { tab: InboxTabId; q?: string; page?: number }) {
  const search = new URLSearchParams({ tab: params.tab })
  if (params.q) search.set('q', params.q)
  if (params.page && params.page > 1) search.set('page', String(params.page))
  return `?${search.toString()}`
}

export default function AdminInbox() {
  const { tab, q, page, pageCount, columns, rows, total, startup } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const current = INBOX_TABS.find((t) => t.id === tab)!
  const exportHref = `/admin/inbox/export?${new URLSearchParams({ tab, ...(q ? { q } : {}) }).toString()}`

  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold text-white">Inbox</h1>
        <nav aria-label="Inbox sections" className="mt-6">
          <ul className="flex flex-wrap gap-2 border-b border-white/10">
            {INBOX_TABS.map((t) => (
              <li key={t.id}>
                <Link
                  to={hrefFor({ tab: t.id })}
                  aria-current={t.id === tab ? 'page' : undefined}
                  className={`-mb-px inline-block border-b-2 px-4 py-2 text-sm font-semibold ${t.id === tab ? 'border-brand-400 text-white' : 'border-transparent text-slate-300 hover:text-white'}`}
                >
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
          <Form method="get" role="search" className="flex items-end gap-2">
            <input type="hidden" name="tab" value={tab} />
            <div>
              <label htmlFor="inbox-search" className="mb-1 block text-sm font-medium text-slate-200">
                Search {current.label.toLowerCase()}
              </label>
              <input
                id="inbox-search"
                type="search"
                name="q"
                defaultValue={q}
                key={`${tab}-${q}`}
                className="w-72 rounded-md border border-white/15 bg-ink-900 px-3 py-2 text-slate-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40"
              />
            </div>
            <button type="submit" className={buttonClass.secondary}>
              Search
            </button>
          </Form>
          <a href={exportHref} className={buttonClass.primary} download>
            Export CSV
          </a>
        </div>

        {actionData?.error ? (
          <div className="mt-6">
            <FormMessage>{actionData.error}</FormMessage>
          </div>
        ) : null}

        <h2 className="mt-8 text-xl font-semibold text-white">
          {current.label} <span className="text-base font-normal text-slate-300">({total})</span>
        </h2>

        {rows.length === 0 ? (
          <p className="mt-6 rounded-lg border border-white/10 bg-ink-900/60 p-6 text-slate-300">
            {q ? 'Nothing matches this search.' : 'Nothing here yet.'}
          </p>
        ) : (
          <AdminTable
            caption={`${current.label}, page ${page} of ${pageCount}`}
            columns={[...columns.map((c) => c.label), ...(startup ? ['Programme'] : [])].map((label) => ({
              label,
              className: 'whitespace-nowrap px-3 py-2',
            }))}
            className="mt-4"
            headClassName="bg-ink-900 text-slate-300"
          >
            {rows.map((row, i) => (
              <tr key={i} className="align-top">
                {columns.map((c) => (
                  <td key={c.key} className="max-w-md whitespace-pre-wrap break-words px-3 py-2 text-slate-200">
                    {String(row[c.key] ?? '')}
                  </td>
                ))}
                {startup?.[i] ? (
                  <StartupCell action={startup[i]} formAction={hrefFor({ tab, q, page })} name={String(row.companyName)} />
                ) : null}
              </tr>
            ))}
          </AdminTable>
        )}

        {pageCount > 1 ? (
          <nav aria-label="Pagination" className="mt-6 flex items-center justify-between text-sm text-slate-300">
            {page > 1 ? (
              <Link to={hrefFor({ tab, q, page: page - 1 })} className={buttonClass.secondary}>
                Previous
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {page} of {pageCount}
            </span>
            {page < pageCount ? (
              <Link to={hrefFor({ tab, q, page: page + 1 })} className={buttonClass.secondary}>
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  )
}

/** The programme's state, and Approve (or a new offer when the link expired or was lost). */
function StartupCell({ action, formAction, name }: { action: StartupRowAction; formAction: string; name: string }) {
  return (
    <td className="min-w-48 px-3 py-2 text-slate-200">
      <p>{action.status}</p>
      {action.approve ? (
        <Form method="post" action={formAction} className="mt-2">
          <input type="hidden" name="applicationId" value={action.id} />
          <button
            type="submit"
            name="intent"
            value="approve-startup"
            className={buttonClass.secondary}
            aria-label={`${action.approve}: ${name}`}
          >
            {action.approve}
          </button>
        </Form>
      ) : null}
    </td>
  )
}

export const meta: MetaFunction = ({ matches }) => [
  ...marketingMeta(
    matches,
    'Inbox',
    'Startup applications, contact messages, contact-speaker messages and newsletter subscribers.',
  ),
  { name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
