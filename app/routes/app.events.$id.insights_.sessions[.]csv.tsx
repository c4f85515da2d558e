import type { LoaderFunctionArgs } from '@remix-run/node'
import { csvTable, eventClock, SESSION_CSV_COLUMNS } from '~/lib/event-insights-columns'
import { requireEvent } from '~/services/event-scope.server'
import { eventInsights, insightsCsvResponse } from '~/services/event-insights.server'

// GET /app/events/{id}/insights/sessions.csv?sort=…&dir=…: the insights page's sessions table as CSV,
// in the order the page showed (issue 23 Deliver 7); times in the event's zone, money one column per
// currency. For the owner and admins; another workspace's event is a 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const { sessions } = await eventInsights(scope.ownerId, event, new URL(request.url).searchParams)
  return insightsCsvResponse(scope, {
    subject: `Insights CSV: sessions of ${event.name}`,
    fileName: `${event.slug}-sessions.csv`,
    table: csvTable(sessions, SESSION_CSV_COLUMNS, { time: eventClock(event.timeZone) }),
  })
}
