import type { APIRequestContext } from '@playwright/test'
import { appUrl, uniqueEmail } from './utils'

// An organiser's published event (Europe/London, 10–11 March 2027, rooms Main Hall and Room B)
// whose programme has speakers with names in four scripts, for the event pages in the visitor's
// language (issue 31 Deliver 1 and 5). Answers the event's slug.

export const NAMES = ['Zoë Müller', 'Łukasz Wróbel', '李雷', 'محمد علي'] as const

export async function multilingualEvent(request: APIRequestContext) {
  const made = await request.post(`${appUrl()}/__e2e/organiser-event`, {
    data: { email: uniqueEmail('lang-organiser'), speakers: false },
  })
  if (!made.ok()) throw new Error(`organiser-event: ${made.status()}`)
  const { eventId, slug } = (await made.json()) as { eventId: string; slug: string }
  const rows = NAMES.map((name, i) => ({
    email: uniqueEmail(`lang-speaker-${i}`),
    name,
    bio: i === 0 ? 'Builds compilers.' : '',
    talkTitle: `Talk ${i + 1}`,
    startsAt: `2027-03-10T${String(9 + i).padStart(2, '0')}:00:00Z`,
    durationMinutes: 30,
    room: 'Main Hall',
  }))
  const seeded = await request.post(`${appUrl()}/__e2e/event-programme`, { data: { eventId, rows } })
  if (!seeded.ok()) throw new Error(`event-programme: ${seeded.status()}`)
  return slug
}
