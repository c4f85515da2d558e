import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { events, eventSpeakers } from '~/db/schema/events'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { SPEAKING_PATH } from '~/lib/workspace-nav'
import { organiserDashboard } from '~/models/organiser-dashboard.server'
import { loader as homeLoader } from '~/routes/app._index'
import { claimSpeaker, makeEvent, organiserWithEvent } from './event-fixtures'
import { cookieFor } from './workspace-fixtures'
import { call, createUser, makeRequest } from './utils'

// The organiser's dashboard /app (issue 23 Deliver 9): events with their state, speakers still to
// claim, sessions live now, leads today (given to the organiser, since midnight in the event's zone).

type Home = Awaited<ReturnType<typeof homeLoader>>
const home = async (cookie: string) => (await call(homeLoader, makeRequest('/app', { cookie }))) as Home | Response

/** A capture at a session, made at `at`, given to the organiser or not. */
async function capture(workspaceId: string, sessionId: string, at: Date, toOrganiser = true) {
  const email = `attendee-${randomBytes(4).toString('hex')}@example.com`
  const [contact] = await getDb()
    .insert(contacts)
    .values({ ownerId: workspaceId, email, firstName: 'Attendee' })
    .returning({ id: contacts.id })
  await getDb()
    .insert(leads)
    .values({
      sessionId,
      ownerId: workspaceId,
      contactId: contact!.id,
      email,
      firstName: 'Attendee',
      eraseTokenHash: randomBytes(16).toString('hex'),
      toOrganiser,
      toSpeaker: !toOrganiser,
      createdAt: at,
    })
}

describe('the organiser dashboard (/app)', () => {
  it("shows the owner and admins the events, the speakers to claim, what is live and today's leads", async () => {
    const fx = await organiserWithEvent({ status: 'draft' })
    const other = await organiserWithEvent()
    const { ada, grace } = fx.speakers
    await getDb()
      .update(eventSpeakers)
      .set({ invitedAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(eventSpeakers.id, ada.speakerId))
    await getDb().update(talkSessions).set({ status: 'live' }).where(eq(talkSessions.id, ada.sessionId))
    const now = new Date()
    await capture(fx.workspaceId, ada.sessionId, new Date(now.getTime() - 60_000))
    // Given to the speaker alone: not the organiser's lead.
    await capture(fx.workspaceId, ada.sessionId, new Date(now.getTime() - 60_000), false)
    // Two days ago: not today in any zone.
    await capture(fx.workspaceId, grace.sessionId, new Date(now.getTime() - 48 * 3600_000))

    for (const person of [fx.owner, fx.admin]) {
      const data = (await home(await cookieFor(person.id, fx.workspaceId))) as Extract<Home, { kind: 'organiser' }>
      expect(data.kind).toBe('organiser')
      const view = data.dashboard
      expect(view.events).toEqual([
        {
          id: fx.event.id,
          name: fx.event.name,
          status: 'draft',
          dates: '10–11 March 2027',
          current: true,
          sessions: 2,
          speakers: 2,
          unclaimed: 2,
          leadsToday: 1,
        },
      ])
      expect(view.leadsToday).toBe(1)
      expect(view.toClaim).toEqual([
        {
          eventId: fx.event.id,
          eventName: fx.event.name,
          total: 2,
          notInvited: 1,
          // The one never invited first: the next thing to do.
          listed: [
            { id: grace.speakerId, name: 'Grace Hopper', email: grace.email, invited: null },
            { id: ada.speakerId, name: 'Ada Lovelace', email: ada.email, invited: '20 Nov 2026' },
          ],
        },
      ])
      expect(view.liveTotal).toBe(1)
      expect(view.live).toEqual([
        {
          id: ada.sessionId,
          talkTitle: `Notes on the engine ${fx.suffix}`,
          eventName: fx.event.name,
          speakerName: 'Ada Lovelace',
          roomName: 'Main Hall',
          when: '10 Mar 2027, 09:00 (Europe/London)',
          leadsToday: 1,
        },
      ])
      // Nothing of another organiser's workspace.
      expect(JSON.stringify(view)).not.toContain(other.event.name)
    }

    // Once Grace claims her page she is no longer to claim.
    await claimSpeaker(fx.workspaceId, grace.speakerId, grace.email)
    const after = (await organiserDashboard(fx.workspaceId)).toClaim
    expect(after.map((e) => e.listed.map((s) => s.name))).toEqual([['Ada Lovelace']])
  })

  it("counts today's leads from midnight in the event's time zone", async () => {
    const fx = await organiserWithEvent()
    await getDb().update(events).set({ timeZone: 'Pacific/Auckland' }).where(eq(events.id, fx.event.id))
    // 12:00 UTC on 28 November is 01:00 on the 29th in Auckland (UTC+13): its day began at 11:00 UTC.
    const now = new Date('2026-11-28T12:00:00Z')
    await capture(fx.workspaceId, fx.speakers.ada.sessionId, new Date('2026-11-28T10:30:00Z'))
    await capture(fx.workspaceId, fx.speakers.ada.sessionId, new Date('2026-11-28T11:30:00Z'))
    expect((await organiserDashboard(fx.workspaceId, now)).leadsToday).toBe(1)
    // In London the same two captures are both of the 28th.
    await getDb().update(events).set({ timeZone: 'Europe/London' }).where(eq(events.id, fx.event.id))
    expect((await organiserDashboard(fx.workspaceId, now)).leadsToday).toBe(2)
  })

  it('has nothing to list for a new organiser, and an event without speakers shows none to claim', async () => {
    const owner = await createUser(`new-organiser-${randomBytes(3).toString('hex')}@example.com`)
    await getDb().update(workspaces).set({ plan: 'organiser' }).where(eq(workspaces.id, owner.id))
    const empty = (await home(await cookieFor(owner.id, owner.id))) as Extract<Home, { kind: 'organiser' }>
    expect(empty.kind).toBe('organiser')
    expect(empty.dashboard).toEqual({ events: [], toClaim: [], live: [], liveTotal: 0, leadsToday: 0 })

    const event = await makeEvent(owner.id)
    const one = await organiserDashboard(owner.id)
    expect(one.events.map((e) => [e.id, e.sessions, e.speakers])).toEqual([[event.id, 0, 0]])
    expect(one.toClaim).toEqual([])
  })

  it('leaves past and archived events out of the speakers to claim, and lists current events first', async () => {
    const fx = await organiserWithEvent()
    const now = new Date('2027-03-12T12:00:00Z') // the event (10–11 March 2027) has ended
    const past = await organiserDashboard(fx.workspaceId, now)
    expect(past.toClaim).toEqual([])
    expect(past.events[0]!.current).toBe(false)
    await getDb().update(events).set({ status: 'archived' }).where(eq(events.id, fx.event.id))
    expect((await organiserDashboard(fx.workspaceId)).toClaim).toEqual([])
    const next = await makeEvent(fx.workspaceId)
    expect((await organiserDashboard(fx.workspaceId)).events.map((e) => e.id)).toEqual([next.id, fx.event.id])
  })
})

describe('/app for everyone else', () => {
  it("sends an event's speaker to their own talks", async () => {
    const fx = await organiserWithEvent()
    const speaker = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const res = (await home(await cookieFor(speaker.id, fx.workspaceId))) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(SPEAKING_PATH)
  })

  it('keeps the sessions list for a team workspace, and for a member of an organiser workspace', async () => {
    const fx = await organiserWithEvent()
    const member = await createUser(`organiser-member-${fx.suffix}@example.com`)
    await getDb().insert(workspaceMembers).values({ workspaceId: fx.workspaceId, userId: member.id, role: 'member' })
    const asMember = (await home(await cookieFor(member.id, fx.workspaceId))) as Extract<Home, { kind: 'sessions' }>
    expect(asMember.kind).toBe('sessions')
    expect(asMember.plan).toBe('Event Organiser')

    await getDb().update(workspaces).set({ plan: 'teams' }).where(eq(workspaces.id, fx.workspaceId))
    const team = (await home(await cookieFor(fx.owner.id, fx.workspaceId))) as Extract<Home, { kind: 'sessions' }>
    expect(team.kind).toBe('sessions')
    expect(team.plan).toBe('Teams')
    expect(team.sessions.map((s) => s.id).sort()).toEqual([fx.speakers.ada.sessionId, fx.speakers.grace.sessionId].sort())
  })
})
