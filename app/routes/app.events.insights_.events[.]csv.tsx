import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { csvTable, EVENT_CSV_COLUMNS } from '~/lib/event-insights-columns'
import { insightsCsvResponse, workspaceInsights } from '~/services/event-insights.server'

// GET /app/events/insights/events.csv?sort=…&dir=…: every event with its totals as CSV, in the
// page's order (issue 23 Deliver 7). Owner and admins.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'events.manage')
  const { events } = await workspaceInsights(scope.ownerId, new URL(request.url).searchParams)
  return insightsCsvResponse(scope, {
    subject: 'Insights CSV: events',
    fileName: 'events.csv',
    table: csvTable(events, EVENT_CSV_COLUMNS),
  })
}
