import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { auditKindLabel, describeAuditData, parseAuditFilter, serializeAuditFilter } from '~/lib/audit'
import { csvStream, type CsvColumn } from '~/lib/csv'
import { auditEventBatches, recordAudit, type AuditRow } from '~/models/audit.server'

// GET /app/team/audit/export?{kind,person}: the audit log's rows of the page's filter as CSV, for
// the owner and admins. Streamed in keyset batches, newest first, with the leads export's rules
// (UTF-8 with a BOM, formula-like cells neutralised). The download is itself an export: recorded
// in the log when it ends, with the rows that went out.

type AuditCsvRow = {
  at: Date
  who: string
  what: string
  subject: string
  details: string
  kind: string
  data: Record<string, unknown>
}

export const AUDIT_CSV_COLUMNS: CsvColumn<AuditCsvRow>[] = [
  { key: 'at', label: 'When (UTC)' },
  { key: 'who', label: 'Who' },
  { key: 'what', label: 'What' },
  { key: 'subject', label: 'Subject' },
  { key: 'details', label: 'Details' },
  { key: 'kind', label: 'Kind' },
  { key: 'data', label: 'Data (JSON)' },
]

function toCsvRow(r: AuditRow): AuditCsvRow {
  return {
    at: r.createdAt,
    who: r.actorEmail || 'System',
    what: auditKindLabel(r.kind),
    subject: r.subject,
    details: describeAuditData(r.kind, r.data),
    kind: r.kind,
    data: r.data,
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'audit.view')
  const filter = parseAuditFilter(new URL(request.url).searchParams)
  const query = serializeAuditFilter(filter)
  const stream = csvStream(auditEventBatches(scope.ownerId, filter), AUDIT_CSV_COLUMNS, toCsvRow, {
    signal: request.signal,
    onEnd: ({ rows, complete }) =>
      recordAudit({
        workspaceId: scope.ownerId,
        actor: scope.user,
        kind: 'export.made',
        subject: 'Audit log CSV',
        data: { format: 'csv', rows, ...(query ? { filter: query } : {}), ...(complete ? {} : { complete }) },
      }),
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
