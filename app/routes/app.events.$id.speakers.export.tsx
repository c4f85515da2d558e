import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireEvent } from '~/services/event-scope.server'
import { UTF8_BOM } from '~/lib/csv'
import { DEFAULT_SESSION_MINUTES } from '~/lib/events'
import { formatStartTime } from '~/lib/speaker-import'
import { speakersCsv, speakersCsvResponse } from '~/lib/speaker-import-csv'
import { recordAudit } from '~/models/audit.server'
import { listProgrammeRows } from '~/models/event-speakers.server'

// GET /app/events/{id}/speakers/export: the event's programme as the speakers CSV (the template's
// columns, times in the event's zone), so it can be edited in a spreadsheet and imported back —
// which updates the same speakers and sessions. Recorded in the audit log with its row count.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { scope, event } = await requireEvent(request, params.id)
  const rows = await listProgrammeRows(scope.ownerId, event.id)
  const csv = speakersCsv(
    rows.map((r) => ({
      name: r.name,
      email: r.email,
      jobTitle: r.jobTitle,
      company: r.company,
      bio: r.bio,
      talkTitle: r.talkTitle,
      talkDescription: r.talkDescription,
      startTime: formatStartTime(r.startsAt, event.timeZone),
      duration: r.durationMinutes ?? DEFAULT_SESSION_MINUTES,
      room: r.room ?? '',
    })),
  )
  await recordAudit({
    workspaceId: scope.ownerId,
    actor: scope.user,
    kind: 'export.made',
    subject: `Speakers of ${event.name} CSV`,
    data: { format: 'csv', rows: rows.length },
  })
  return speakersCsvResponse(UTF8_BOM + csv, `${event.slug}-speakers.csv`)
}
