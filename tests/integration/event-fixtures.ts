import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { eventRooms, events } from '~/db/schema/events'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { EventRecipients } from '~/lib/events'
import { upsertProgrammeRow, type ProgrammeRow } from '~/models/event-programme.server'
import { claimRosterEntry } from '~/models/speaker-invitations.server'
import { createUser } from './utils'

// An organiser's workspace with one event (issue 23), shared by the organiser tests: an owner, an
// admin, two rooms and two speakers with a session each (made by the same autogeneration as the
// CSV import), and a second event of another organiser. Speakers are not members until they claim:
// `claimSpeaker` makes one a member with the role 'speaker' and hands them their sessions, as
// accepting the invitation does.

export type OrganiserFixture = Awaited<ReturnType<typeof organiserWithEvent>>

export async function organiserWithEvent(
  opts: { recipients?: EventRecipients; status?: 'draft' | 'published' | 'archived' } = {},
) {
  const suffix = randomBytes(3).toString('hex')
  const owner = await createUser(`organiser-${suffix}@example.com`)
  const admin = await createUser(`organiser-admin-${suffix}@example.com`)
  const db = getDb()
  const [ws] = await db
    .insert(workspaces)
    .values({ name: `DevConf ${suffix}`, plan: 'organiser' })
    .returning({ id: workspaces.id })
  const workspaceId = ws!.id
  await db.insert(workspaceMembers).values([
    { workspaceId, userId: owner.id, role: 'owner' },
    { workspaceId, userId: admin.id, role: 'admin' },
  ])
  const event = await makeEvent(workspaceId, { recipients: opts.recipients, status: opts.status, suffix })
  const [main, side] = await db
    .insert(eventRooms)
    .values([
      { eventId: event.id, name: 'Main Hall', nameKey: 'main hall', position: 0 },
      { eventId: event.id, name: 'Room B', nameKey: 'room b', position: 1 },
    ])
    .returning()
  const ada = await addProgramme(event, owner.id, {
    email: `ada-${suffix}@example.com`,
    name: 'Ada Lovelace',
    jobTitle: 'Engineer',
    company: 'Analytical Engines',
    bio: 'Writes the first programs.',
    talkTitle: `Notes on the engine ${suffix}`,
    talkDescription: 'How it computes.',
    startsAt: new Date('2027-03-10T09:00:00Z'),
    durationMinutes: 30,
    roomId: main!.id,
  })
  const grace = await addProgramme(event, owner.id, {
    email: `grace-${suffix}@example.com`,
    name: 'Grace Hopper',
    jobTitle: 'Rear Admiral',
    company: 'Navy',
    bio: 'Finds the bugs.',
    talkTitle: `Compilers for everyone ${suffix}`,
    talkDescription: 'Why we compile.',
    startsAt: new Date('2027-03-10T10:00:00Z'),
    durationMinutes: 45,
    roomId: side!.id,
  })
  return { suffix, workspaceId, owner, admin, event, rooms: { main: main!, side: side! }, speakers: { ada, grace } }
}

export async function makeEvent(
  workspaceId: string,
  opts: { recipients?: EventRecipients; status?: 'draft' | 'published' | 'archived'; suffix?: string } = {},
) {
  const suffix = opts.suffix ?? randomBytes(3).toString('hex')
  const [event] = await getDb()
    .insert(events)
    .values({
      workspaceId,
      slug: `devconf-${suffix}`,
      name: `DevConf ${suffix}`,
      startsOn: '2027-03-10',
      endsOn: '2027-03-11',
      timeZone: 'Europe/London',
      venue: 'ExCeL',
      city: 'London',
      status: opts.status ?? 'published',
      recipients: opts.recipients ?? 'organiser',
    })
    .returning()
  return event!
}

/** One programme row through the import's own autogeneration; answers the speaker, the session and its code. */
export async function addProgramme(event: typeof events.$inferSelect, actorId: string, row: ProgrammeRow) {
  const outcome = await getDb().transaction((tx) => upsertProgrammeRow(tx, event, actorId, row))
  const [session] = await getDb()
    .select({ code: talkSessions.code })
    .from(talkSessions)
    .where(eq(talkSessions.id, outcome.sessionId))
  return { speakerId: outcome.speakerId, sessionId: outcome.sessionId, code: session!.code, email: row.email, name: row.name }
}

/** Claims a roster speaker's page for a new account, as accepting their invitation does. */
export async function claimSpeaker(workspaceId: string, speakerId: string, email: string) {
  const user = await createUser(email)
  await getDb().transaction(async (tx) => {
    await tx.insert(workspaceMembers).values({ workspaceId, userId: user.id, role: 'speaker' })
    const outcome = await claimRosterEntry(tx, workspaceId, speakerId, user)
    if (outcome !== 'claimed') throw new Error(`claimSpeaker: ${outcome}`)
  })
  return user
}
