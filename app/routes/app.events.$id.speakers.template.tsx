import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireEvent } from '~/services/event-scope.server'
import { UTF8_BOM } from '~/lib/csv'
import { speakersCsv, speakersCsvResponse } from '~/lib/speaker-import-csv'
import { listRooms } from '~/models/events.server'

// GET /app/events/{id}/speakers/template: the speakers CSV's columns with one example row (the
// event's first day at 09:00, its first room), to fill in a spreadsheet and upload. The export
// writes the same columns, so an exported programme imports back.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event } = await requireEvent(request, params.id)
  const [room] = await listRooms(event.id)
  const csv = speakersCsv([
    {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      jobTitle: 'Engineer',
      company: 'Analytical Engines',
      bio: 'Writes the first programs. Replace this row with your speakers.',
      talkTitle: 'Notes on the engine',
      talkDescription: 'How it computes, and what it could compute next.',
      startTime: `${event.startsOn} 09:00`,
      duration: 30,
      room: room?.name ?? '',
    },
  ])
  return speakersCsvResponse(UTF8_BOM + csv, `${event.slug}-speakers-template.csv`)
}
