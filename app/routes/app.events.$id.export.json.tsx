import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventExportResponse } from '~/services/event-export.server'
import { requireEvent } from '~/services/event-scope.server'

// GET /app/events/{id}/export/json: the organiser's lawful export of the event's leads as JSON
// (app/services/event-export.server.ts): only captures given to the organiser, with their consent
// wordings, versions and recipients; written to the audit log with its row count.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  return eventExportResponse(request, scope, event, 'json')
}
