import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { requireWorkspace } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Field, SelectField } from '~/components/forms'
import { CollapsingTable, UtcMinute, type CollapsingColumn } from '~/components/leads/collapsing-table'
import { Pagination } from '~/components/pagination'
import { PageHeader, workspaceMeta } from '~/components/workspace/workspace'
import {
  AUDIT_PERSON_MAX,
  auditKindLabel,
  describeAuditData,
  hasAuditFilter,
  parseAuditFilter,
  serializeAuditFilter,
} from '~/lib/audit'
import { parsePage } from '~/lib/page-param'
import { AUDIT_KINDS, AUDIT_RETENTION_DAYS, WORKSPACE_PARAM } from '~/lib/permissions'
import { listAuditEvents } from '~/models/audit.server'

// /app/team/audit: the workspace's audit log for its owner and admins (issue 21 Deliver 7). Kind,
// person and page live in the query string (a GET form), so a view can be bookmarked and exported
// as it is, and it works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'audit.view')
  const url = new URL(request.url)
  const filter = parseAuditFilter(url.searchParams)
  const page = parsePage(url.searchParams.get('page'))
  // The GET form sends empty fields too: answer with the short address a bookmark keeps.
  const canonical = new URLSearchParams(serializeAuditFilter(filter, { page }))
  const workspace = url.searchParams.get(WORKSPACE_PARAM)
  if (workspace) canonical.set(WORKSPACE_PARAM, workspace)
  if (canonical.toString() !== url.searchParams.toString())
    throw redirect(canonical.toString() ? `${url.pathname}?${canonical}` : url.pathname)
  const list = await listAuditEvents(scope.ownerId, filter, page)
  return {
    filter,
    query: serializeAuditFilter(filter),
    page,
    total: list.total,
    totalPages: list.totalPages,
    rows: list.rows.map((r) => ({
      id: String(r.id),
      at: r.createdAt.toISOString(),
      who: r.actorEmail || 'System',
      what: auditKindLabel(r.kind),
      subject: r.subject,
      // A person exported is named by id (an erasure leaves no copy in the log): link to them.
      personId: typeof r.data.contactId === 'string' ? r.data.contactId : null,
      details: describeAuditData(r.kind, r.data),
    })),
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

const COLUMNS: CollapsingColumn<Row>[] = [
  { id: 'who', label: 'Who', from: '@xl', cell: (r) => r.who, breakAnywhere: true },
  { id: 'what', label: 'What', from: 'always', cell: (r) => r.what },
  {
    id: 'subject',
    label: 'Subject',
    from: '@2xl',
    breakAnywhere: true,
    hasValue: (r) => r.subject !== '',
    cell: (r) =>
      r.personId ? (
        <Link to={`/app/leads/${r.personId}`} className="text-brand-300 underline">
          {r.subject}
        </Link>
      ) : (
        r.subject
      ),
  },
  { id: 'details', label: 'Details', from: '@4xl', hasValue: (r) => r.details !== '', cell: (r) => r.details },
]

export default function AuditLog() {
  const { filter, query, page, total, totalPages, rows } = useLoaderData<typeof loader>()
  const filtered = hasAuditFilter(filter)
  const hrefFor = (p: number) => {
    const q = serializeAuditFilter(filter, { page: p })
    return q ? `/app/team/audit?${q}` : '/app/team/audit'
  }
  return (
    <>
      <PageHeader
        title="Audit log"
        intro={`Who did what in this workspace, newest first: invitations, members and roles, the plan, exports, integrations, webhooks and retention. Entries are kept for ${AUDIT_RETENTION_DAYS} days.`}
      >
        <Link to="/app/team" className={buttonClass.secondary}>
          Back to team
        </Link>
        {total > 0 ? (
          <a href={`/app/team/audit/export${query ? `?${query}` : ''}`} className={buttonClass.secondary} download>
            Download CSV{filtered ? ' (this filter)' : ''}
          </a>
        ) : null}
      </PageHeader>

      {/* Two filters fit above the table, which keeps the page's whole width for its columns. */}
      <div className="mt-8 flex flex-col gap-6">
        <AuditFilterForm filter={filter} filtered={filtered} />
        <div className="min-w-0">
          <p className="text-slate-200" role="status">
            {total === 1 ? '1 entry' : `${total.toLocaleString('en-US')} entries`}
            {filtered ? (total === 1 ? ' matches these filters' : ' match these filters') : ''}
          </p>
          {rows.length === 0 ? (
            <Empty filtered={filtered} />
          ) : (
            <div className="mt-4">
              <CollapsingTable
                label="Audit log"
                caption={`Audit log, page ${page} of ${totalPages}`}
                rows={rows}
                rowKey={(r) => r.id}
                rowName={(r) => `${r.what}, ${r.at.slice(0, 16).replace('T', ' ')} UTC`}
                primary={{ label: 'When', cell: (r) => <UtcMinute iso={r.at} />, className: 'w-32' }}
                columns={COLUMNS}
              />
            </div>
          )}
          <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} label="Audit log pages" />
        </div>
      </div>
    </>
  )
}

function AuditFilterForm({ filter, filtered }: { filter: ReturnType<typeof parseAuditFilter>; filtered: boolean }) {
  return (
    <section aria-labelledby="audit-filters" className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <h2 id="audit-filters" className="text-lg font-semibold text-white">
        Filters
      </h2>
      {/* Remounted per query, so its controls show the URL's values after a client-side navigation. */}
      <Form
        method="get"
        action="/app/team/audit"
        key={serializeAuditFilter(filter)}
        className="mt-4 grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,22rem)_auto] md:items-start"
      >
        <SelectField
          label="What"
          selectProps={{ name: 'kind', defaultValue: filter.kind ?? '' }}
          options={[
            { value: '', label: 'Everything' },
            ...Object.entries(AUDIT_KINDS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <Field
          label="Person"
          hint="Who did it, or whom it concerned (part of an email is enough)"
          inputProps={{
            name: 'person',
            type: 'search',
            defaultValue: filter.person,
            maxLength: AUDIT_PERSON_MAX,
            autoComplete: 'off',
          }}
        />
        {/* Level with the fields' boxes, below their labels. */}
        <div className="flex flex-wrap gap-2 md:pt-6">
          <button type="submit" className={buttonClass.primary}>
            Apply filters
          </button>
          {filtered ? (
            <Link to="/app/team/audit" className={buttonClass.secondary}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  )
}

function Empty({ filtered }: { filtered: boolean }) {
  return (
    <div className="mt-4 rounded-xl border border-white/10 bg-ink-900/60 p-8">
      {filtered ? (
        <>
          <h2 className="text-xl font-semibold text-white">Nothing matches these filters</h2>
          <p className="mt-2 text-slate-300">Try another kind, or part of the email address.</p>
          <Link to="/app/team/audit" className={`${buttonClass.secondary} mt-6`}>
            Clear filters
          </Link>
        </>
      ) : (
        <>
          <h2 className="text-xl font-semibold text-white">Nothing recorded yet</h2>
          <p className="mt-2 text-slate-300">
            Invitations, changes to members and roles, exports, integrations, webhooks, retention and plan changes appear here as
            they happen.
          </p>
        </>
      )}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, 'Audit log')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
