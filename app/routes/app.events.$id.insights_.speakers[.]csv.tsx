import type { LoaderFunctionArgs } from '@remix-run/node'
import { csvTable, SPEAKER_CSV_COLUMNS } from '~/lib/event-insights-columns'
import { requireEvent } from '~/services/event-scope.server'
import { eventInsights, insightsCsvResponse } from '~/services/event-insights.server'

// GET /app/events/{id}/insights/speakers.csv?speakerSort=…&speakerDir=…: the insights page's speakers
// table as CSV (each speaker over their sessions at this event), in the page's order (issue 23
// Deliver 7). For the owner and admins; another workspace's event is a 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const { speakers } = await eventInsights(scope.ownerId, event, new URL(request.url).searchParams)
  return insightsCsvResponse(scope, {
    subject: `Insights CSV: speakers of ${event.name}`,
    fileName: `${event.slug}-speakers.csv`,
    table: csvTable(speakers, SPEAKER_CSV_COLUMNS),
  })
}
