import { z } from 'zod'
import { getConfig } from '~/config.server'
import { EVENT_RECIPIENTS, EVENT_STATUSES } from '~/lib/events'
import type { EventRecord } from '~/models/event-records.server'

// The event object of /api/v1 (issue 30): an organiser's event with its rooms and its numbers of
// sessions and speakers; its sessions are Session objects (GET /events/{id}/sessions). Built in one
// place, toApiEvent; the public page's address is made from APP_URL.

const iso = z.iso.datetime()

export const ApiEventSchema = z
  .object({
    id: z.guid(),
    name: z.string(),
    slug: z.string(),
    public_url: z
      .url()
      .nullable()
      .meta({ description: 'The event’s public page {APP_URL}/e/{slug}; null while the event is a draft (no page yet).' }),
    description: z.string(),
    starts_on: z.iso.date().meta({ description: 'The first day, in the event’s time zone (YYYY-MM-DD).' }),
    ends_on: z.iso.date(),
    time_zone: z.string(),
    venue: z.string().nullable(),
    city: z.string().nullable(),
    is_online: z.boolean(),
    status: z.enum(EVENT_STATUSES),
    recipients: z.enum(EVENT_RECIPIENTS).meta({
      description:
        'Who receives an attendee’s details: the organiser, the session’s speaker, or both (the speaker when the attendee ticks their box).',
    }),
    rooms: z.array(z.object({ id: z.guid(), name: z.string() })).meta({ description: 'In the organiser’s order.' }),
    sessions: z.number().int(),
    speakers: z.number().int(),
    created_at: iso,
    updated_at: iso,
  })
  .meta({
    id: 'Event',
    description: 'An organiser’s event (Event Organiser plan); events made stay readable after the plan ends.',
  })

export function toApiEvent(e: EventRecord, appUrl = getConfig().appUrl): z.input<typeof ApiEventSchema> {
  return {
    id: e.id,
    name: e.name,
    slug: e.slug,
    public_url: e.status === 'draft' ? null : `${appUrl}/e/${e.slug}`,
    description: e.description,
    starts_on: e.startsOn,
    ends_on: e.endsOn,
    time_zone: e.timeZone,
    venue: e.venue,
    city: e.city,
    is_online: e.isOnline,
    status: e.status,
    recipients: e.recipients,
    rooms: e.rooms,
    sessions: e.sessions,
    speakers: e.speakers,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  }
}
