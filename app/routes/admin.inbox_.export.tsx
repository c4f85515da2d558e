import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '~/auth/guards.server'
import { toCsv, UTF8_BOM } from '~/lib/csv'
import { INBOX_TABS, parseInboxTab } from '~/lib/inbox-tabs'
import { loadInboxTab } from './admin.inbox/tabs.server'

// GET /admin/inbox/export?tab=…&q=… — every matching row of one inbox tab as CSV (formula
// cells neutralised by toCsv; BOM so spreadsheets read UTF-8).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const tab = parseInboxTab(url.searchParams.get('tab'))
  const q = (url.searchParams.get('q') ?? '').slice(0, 200)
  const { columns, rows } = await loadInboxTab(tab, { q })
  const file = `${INBOX_TABS.find((t) => t.id === tab)!.file}-${new Date().toISOString().slice(0, 10)}.csv`
  return new Response(UTF8_BOM + toCsv(rows, columns), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'no-store',
    },
  })
}
