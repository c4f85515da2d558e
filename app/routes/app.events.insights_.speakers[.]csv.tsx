import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace } from '~/auth/workspace.server'
import { csvTable, SPEAKER_CSV_COLUMNS } from '~/lib/event-insights-columns'
import { insightsCsvResponse, workspaceInsights } from '~/services/event-insights.server'

// GET /app/events/insights/speakers.csv?speakerSort=…&speakerDir=…: every roster speaker across all
// their sessions and events as CSV, in the page's order (issue 23 Deliver 7). Owner and admins.

export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request, 'events.manage')
  const { speakers } = await workspaceInsights(scope.ownerId, new URL(request.url).searchParams)
  return insightsCsvResponse(scope, {
    subject: 'Insights CSV: speakers across all events',
    fileName: 'speakers-across-events.csv',
    table: csvTable(speakers, SPEAKER_CSV_COLUMNS),
  })
}
