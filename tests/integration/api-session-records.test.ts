import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { talkSessions } from '~/db/schema/talks'
import { getEventRecord, listEventRecords } from '~/models/event-records.server'
import {
  getSessionRecord,
  listSessionRecords,
  NO_SESSION_RECORD_FILTERS,
  type SessionRecordFilters,
} from '~/models/session-records.server'
import { getTalkRecord, listTalkRecords } from '~/models/talks.server'
import { seedTalkAndSession, seedViewsAndLeads } from './app-utils'
import { makeEvent, organiserWithEvent } from './event-fixtures'
import { addMember } from './event-recipients-utils'
import { createOwner } from './lead-capture-utils'

// The API's talks, sessions and events (issue 30) at the model: keyset pages newest first, the
// filters, the sessions a scope opens (a member runs their own), and another workspace's ids.

const own = (ownerId: string) => ({ ownerId, userId: ownerId, runnerId: null })

async function sessionsPage(
  scope: { ownerId: string; userId: string; runnerId: string | null },
  filters: Partial<SessionRecordFilters> = {},
  limit = 50,
  startingAfter?: string,
) {
  const result = await listSessionRecords({ scope, filters: { ...NO_SESSION_RECORD_FILTERS, ...filters }, limit, startingAfter })
  if (!result.ok) throw new Error('cursor refused')
  return result
}

describe('the API’s sessions', () => {
  it('pages the sessions newest first, with their talk and counts, and filters them', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const first = await seedTalkAndSession(owner.id, { eventName: 'One' })
    const second = await seedTalkAndSession(owner.id, { eventName: 'Two' })
    const third = await seedTalkAndSession(owner.id, { eventName: 'Three' })
    await getDb().update(talkSessions).set({ status: 'live' }).where(eq(talkSessions.id, second.sessionId))
    await seedViewsAndLeads(second.sessionId, owner.id, { scans: 2, visits: 1, leadCount: 3 })
    const all = await sessionsPage(own(owner.id))
    expect(all.rows.map((s) => s.eventName)).toEqual(['Three', 'Two', 'One'])
    expect(all.rows[1]).toMatchObject({
      status: 'live',
      talkId: second.talkId,
      talkTitle: 'Nanoseconds',
      scans: 2,
      visits: 1,
      leads: 3,
    })
    expect(all.rows[1]).toMatchObject({ code: second.code, roomName: null, speakerId: null, eventId: null })

    const pageOne = await sessionsPage(own(owner.id), {}, 2)
    expect(pageOne.hasMore).toBe(true)
    const pageTwo = await sessionsPage(own(owner.id), {}, 2, pageOne.rows.at(-1)!.id)
    expect([...pageOne.rows, ...pageTwo.rows].map((s) => s.id)).toEqual([third.sessionId, second.sessionId, first.sessionId])
    expect(pageTwo.hasMore).toBe(false)

    expect((await sessionsPage(own(owner.id), { status: 'live' })).rows.map((s) => s.id)).toEqual([second.sessionId])
    expect((await sessionsPage(own(owner.id), { talk: first.talkId })).rows.map((s) => s.id)).toEqual([first.sessionId])
  })

  it('opens only the sessions of the scope: a member’s own, never another workspace’s', async () => {
    const owner = await createOwner(undefined, { plan: 'teams' })
    const other = await createOwner(undefined, { plan: 'pro' })
    const member = await addMember(owner.id, 'member')
    const mine = await seedTalkAndSession(owner.id, { eventName: 'Owner’s' })
    const theirs = await seedTalkAndSession(owner.id, { eventName: 'Member’s' }, member.id)
    const elsewhere = await seedTalkAndSession(other.id)
    const memberScope = { ownerId: owner.id, userId: member.id, runnerId: member.id }
    expect((await sessionsPage(memberScope)).rows.map((s) => s.id)).toEqual([theirs.sessionId])
    expect(await getSessionRecord(memberScope, mine.sessionId)).toBeNull()
    expect(await getSessionRecord(own(owner.id), elsewhere.sessionId)).toBeNull()
    expect((await getSessionRecord(own(owner.id), mine.sessionId))!.eventName).toBe('Owner’s')
    for (const cursor of [elsewhere.sessionId, 'nope']) {
      const refused = await listSessionRecords({
        scope: own(owner.id),
        filters: NO_SESSION_RECORD_FILTERS,
        limit: 5,
        startingAfter: cursor,
      })
      expect(refused).toEqual({ ok: false, reason: 'cursor' })
    }
  })

  it('names an event session’s room and roster speaker, and filters by event', async () => {
    const fx = await organiserWithEvent()
    const scope = { ownerId: fx.workspaceId, userId: fx.owner.id, runnerId: null }
    const inEvent = await sessionsPage(scope, { event: fx.event.id })
    expect(inEvent.rows.map((s) => s.speakerName).sort()).toEqual(['Ada Lovelace', 'Grace Hopper'])
    const ada = await getSessionRecord(scope, fx.speakers.ada.sessionId)
    expect(ada).toMatchObject({
      eventId: fx.event.id,
      roomName: 'Main Hall',
      speakerId: fx.speakers.ada.speakerId,
      durationMinutes: 30,
    })
  })
})

describe('the API’s talks and events', () => {
  it('pages the talks newest first with their number of sessions; another workspace’s talk is none', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const other = await createOwner(undefined, { plan: 'pro' })
    const a = await seedTalkAndSession(owner.id)
    const b = await seedTalkAndSession(owner.id)
    const elsewhere = await seedTalkAndSession(other.id)
    const page = await listTalkRecords(owner.id, { limit: 1 })
    expect(page).toMatchObject({ ok: true, hasMore: true, rows: [{ id: b.talkId, sessions: 1, title: 'Nanoseconds' }] })
    const next = await listTalkRecords(owner.id, { limit: 1, startingAfter: b.talkId })
    expect(next).toMatchObject({ ok: true, hasMore: false, rows: [{ id: a.talkId }] })
    expect(await listTalkRecords(owner.id, { limit: 1, startingAfter: elsewhere.talkId })).toEqual({
      ok: false,
      reason: 'cursor',
    })
    expect(await getTalkRecord(owner.id, elsewhere.talkId)).toBeNull()
    expect(await getTalkRecord(owner.id, a.talkId)).toMatchObject({ id: a.talkId, sessions: 1 })
  })

  it('pages the events newest first with their rooms and counts; another workspace’s event is none', async () => {
    const fx = await organiserWithEvent()
    const second = await makeEvent(fx.workspaceId)
    const other = await organiserWithEvent()
    const page = await listEventRecords(fx.workspaceId, { limit: 10 })
    expect(page).toMatchObject({ ok: true, hasMore: false })
    if (!page.ok) return
    expect(page.rows.map((e) => e.id)).toEqual([second.id, fx.event.id])
    expect(page.rows[1]).toMatchObject({
      sessions: 2,
      speakers: 2,
      rooms: [{ name: 'Main Hall' }, { name: 'Room B' }],
      startsOn: '2027-03-10',
    })
    expect(page.rows[0]).toMatchObject({ sessions: 0, speakers: 0, rooms: [] })
    expect(await getEventRecord(fx.workspaceId, other.event.id)).toBeNull()
    expect(await listEventRecords(fx.workspaceId, { limit: 1, startingAfter: other.event.id })).toEqual({
      ok: false,
      reason: 'cursor',
    })
    const one = await listEventRecords(fx.workspaceId, { limit: 1 })
    expect(one).toMatchObject({ ok: true, hasMore: true, rows: [{ id: second.id }] })
  })
})
