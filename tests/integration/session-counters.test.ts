import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { sessionCounts, sessionLeadQuarters, sessionViews, sessionVisitors } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import { FREE_PLAN_VISIBLE_LEADS } from '~/lib/constants'
import { readInsightSessions } from '~/models/event-insights.server'
import { eraseCaptures } from '~/models/lead-events.server'
import { recordSessionView } from '~/models/lead-capture.server'
import { deleteSession } from '~/models/talk-sessions.server'
import { eventSignUp, liveEvent } from './event-recipients-utils'

// Each session's figures are kept by the database with every view and capture (drizzle/0038:
// session_counts, session_visitors, session_lead_quarters), whatever writes them. After each step
// the kept figures must equal what counting the stored views and captures gives.

type Counts = { scans: number; visits: number; visitors: number; leads: number; hotLeads: number }

/** What counting every stored view and capture of the session gives. */
async function counted(sessionId: string): Promise<{ counts: Counts; quarters: Array<[number, number]> }> {
  const db = getDb()
  const [views] = await db
    .select({
      scans: sql<number>`(count(*) filter (where ${sessionViews.kind} = 'scan'))::int`,
      visits: sql<number>`(count(*) filter (where ${sessionViews.kind} = 'visit'))::int`,
      visitors: sql<number>`count(distinct ${sessionViews.visitor})::int`,
    })
    .from(sessionViews)
    .where(eq(sessionViews.sessionId, sessionId))
  const quarter = sql<number>`floor(extract(epoch from ${leads.createdAt}) / 900)::int`
  const quarters = await db
    .select({ quarter, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(eq(leads.sessionId, sessionId))
    .groupBy(quarter)
    .orderBy(quarter)
  const leadsCount = quarters.reduce((sum, q) => sum + Number(q.n), 0)
  const [hot] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(and(eq(leads.sessionId, sessionId), eq(leads.toOrganiser, true), eq(contacts.scoreBand, 'hot')))
  return {
    counts: {
      scans: Number(views!.scans),
      visits: Number(views!.visits),
      visitors: Number(views!.visitors),
      leads: leadsCount,
      hotLeads: Number(hot!.n),
    },
    quarters: quarters.map((q) => [Number(q.quarter), Number(q.n)]),
  }
}

/** What the database keeps for the session. */
async function kept(sessionId: string) {
  const db = getDb()
  const [row] = await db.select().from(sessionCounts).where(eq(sessionCounts.sessionId, sessionId))
  const quarters = await db
    .select()
    .from(sessionLeadQuarters)
    .where(and(eq(sessionLeadQuarters.sessionId, sessionId), sql`${sessionLeadQuarters.leads} > 0`))
    .orderBy(sessionLeadQuarters.quarter)
  return {
    counts: row
      ? { scans: row.scans, visits: row.visits, visitors: row.visitors, leads: row.leads, hotLeads: row.hotLeads }
      : { scans: 0, visits: 0, visitors: 0, leads: 0, hotLeads: 0 },
    quarters: quarters.map((q) => [q.quarter, q.leads] as [number, number]),
  }
}

async function expectKept(sessionId: string, expected: Counts) {
  const truth = await counted(sessionId)
  expect(truth.counts).toEqual(expected)
  expect(await kept(sessionId)).toEqual(truth)
}

async function insertLead(like: typeof leads.$inferSelect, email: string, at: string) {
  const { sessionId, ownerId, contactId } = like
  const [row] = await getDb()
    .insert(leads)
    .values({
      sessionId,
      ownerId,
      contactId,
      email,
      firstName: 'X',
      eraseTokenHash: randomBytes(16).toString('hex'),
      createdAt: new Date(at),
    })
    .returning()
  return row!
}

describe('session figures kept by the database', () => {
  it('count views, distinct visitors and captures through the real attendee page, a resubmission, erasure and moves', async () => {
    const fx = await liveEvent('organiser')
    const ada = fx.speakers.ada
    const grace = fx.speakers.grace
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 0, hotLeads: 0 })

    // Scans and visits; a visitor seen twice is one visitor.
    await recordSessionView(ada.sessionId, 'scan', 'v1')
    await recordSessionView(ada.sessionId, 'scan', 'v2')
    await recordSessionView(ada.sessionId, 'visit', 'v1')
    await recordSessionView(grace.sessionId, 'visit', 'v1')
    await expectKept(ada.sessionId, { scans: 2, visits: 1, visitors: 2, leads: 0, hotLeads: 0 })
    await expectKept(grace.sessionId, { scans: 0, visits: 1, visitors: 1, leads: 0, hotLeads: 0 })

    // Sign-ups through the attendee page (the statement with its upsert); the same attendee again
    // updates their capture and counts once.
    const first = await eventSignUp(ada)
    await eventSignUp(ada, { email: first.email, company: 'Analytical Engines' })
    const second = await eventSignUp(ada)
    await expectKept(ada.sessionId, { scans: 2, visits: 1, visitors: 2, leads: 2, hotLeads: 0 })

    // Captures in two 15-minute buckets, one moved to the other session, one to another time.
    const early = await insertLead(first.lead, 'early@x.example', '2027-03-10T09:01:00Z')
    const late = await insertLead(first.lead, 'late@x.example', '2027-03-10T09:20:00Z')
    await getDb().update(leads).set({ sessionId: grace.sessionId }).where(eq(leads.id, late.id))
    await getDb()
      .update(leads)
      .set({ createdAt: new Date('2027-03-10T10:50:00Z') })
      .where(eq(leads.id, early.id))
    // An update that moves nothing leaves the figures alone.
    await getDb().update(leads).set({ firstName: 'Y', sessionId: ada.sessionId }).where(eq(leads.id, early.id))
    await expectKept(ada.sessionId, { scans: 2, visits: 1, visitors: 2, leads: 3, hotLeads: 0 })
    await expectKept(grace.sessionId, { scans: 0, visits: 1, visitors: 1, leads: 1, hotLeads: 0 })

    // Erasure (the attendee's request, retention, the speaker) takes the capture out of the count.
    await getDb().transaction((tx) =>
      eraseCaptures(tx, { ownerId: fx.workspaceId, leadIds: [first.lead.id, second.lead.id] }, 'speaker', fx.owner.id),
    )
    await expectKept(ada.sessionId, { scans: 2, visits: 1, visitors: 2, leads: 1, hotLeads: 0 })

    // Views deleted in one statement: a visitor whose every view is gone no longer counts, once.
    await getDb()
      .delete(sessionViews)
      .where(and(eq(sessionViews.sessionId, ada.sessionId), eq(sessionViews.visitor, 'v1')))
    await expectKept(ada.sessionId, { scans: 1, visits: 0, visitors: 1, leads: 1, hotLeads: 0 })
  })

  it('go with their session', async () => {
    const fx = await liveEvent('organiser')
    const ada = fx.speakers.ada
    for (let i = 0; i < 5; i++) await recordSessionView(ada.sessionId, 'scan', `s${i}`)
    await eventSignUp(ada)
    await expectKept(ada.sessionId, { scans: 5, visits: 0, visitors: 5, leads: 1, hotLeads: 0 })
    expect(await deleteSession({ ownerId: fx.workspaceId, userId: fx.owner.id, runnerId: null }, ada.sessionId)).toBe(true)
    const left = await getDb()
      .select()
      .from(sessionCounts)
      .where(inArray(sessionCounts.sessionId, [ada.sessionId]))
    expect(left).toEqual([])
    const quarters = await getDb().select().from(sessionLeadQuarters).where(eq(sessionLeadQuarters.sessionId, ada.sessionId))
    expect(quarters).toEqual([])
  })

  it('are backfilled by the migration from what was stored before it', async () => {
    const fx = await liveEvent('organiser')
    const { ada, grace } = fx.speakers
    for (const v of ['a', 'b', 'a']) await recordSessionView(ada.sessionId, 'scan', v)
    await recordSessionView(grace.sessionId, 'visit', 'c')
    await eventSignUp(ada)
    await eventSignUp(grace)
    const before = [await kept(ada.sessionId), await kept(grace.sessionId)]
    // As on a database migrated before the counters existed: nothing kept; then the migration's
    // backfill statements, as written in it.
    const db = getDb()
    await db.delete(sessionCounts)
    await db.delete(sessionVisitors)
    await db.delete(sessionLeadQuarters)
    const migration = readFileSync('drizzle/0038_session-counters-kept.sql', 'utf8')
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => s.startsWith('INSERT INTO session_'))
    expect(backfill).toHaveLength(3)
    for (const statement of backfill) await db.execute(sql.raw(statement))
    expect([await kept(ada.sessionId), await kept(grace.sessionId)]).toEqual(before)
    expect(before[0]!.counts).toEqual({ scans: 3, visits: 0, visitors: 2, leads: 1, hotLeads: 0 })
    // The visitors kept after the backfill go on counting once each.
    await recordSessionView(ada.sessionId, 'visit', 'b')
    await expectKept(ada.sessionId, { scans: 3, visits: 1, visitors: 2, leads: 1, hotLeads: 0 })
  })

  it('follow hot people: their band changing, captures given or not to the organiser, a person deleted', async () => {
    const fx = await liveEvent('both')
    const { ada, grace } = fx.speakers
    const db = getDb()
    const band = (contactId: string, scoreBand: 'hot' | 'warm') =>
      db.update(contacts).set({ scoreBand }).where(eq(contacts.id, contactId))
    // Given to both (box ticked) and to the organiser only; then the same person at Grace's talk.
    const kim = await eventSignUp(ada, { share_speaker: 'yes' })
    const lee = await eventSignUp(ada)
    await eventSignUp(grace, { email: kim.email })
    await band(kim.lead.contactId, 'hot')
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 2, hotLeads: 1 })
    await expectKept(grace.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 1, hotLeads: 1 })
    await band(lee.lead.contactId, 'hot')
    // A capture no longer given to the organiser leaves the hot leads, and comes back.
    await db.update(leads).set({ toOrganiser: false }).where(eq(leads.id, lee.lead.id))
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 2, hotLeads: 1 })
    await db.update(leads).set({ toOrganiser: true }).where(eq(leads.id, lee.lead.id))
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 2, hotLeads: 2 })
    // Cooling down, a second update that changes nothing, and heating up again.
    await band(kim.lead.contactId, 'warm')
    await band(kim.lead.contactId, 'warm')
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 2, hotLeads: 1 })
    await expectKept(grace.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 1, hotLeads: 0 })
    await band(kim.lead.contactId, 'hot')
    // A new capture of a hot person counts at once.
    await insertLead(kim.lead, 'kim-again@x.example', '2027-03-10T11:00:00Z')
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 3, hotLeads: 3 })
    // A hot person deleted with their captures (the cascade), and an erased capture of another.
    await db.delete(contacts).where(eq(contacts.id, kim.lead.contactId))
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 1, hotLeads: 1 })
    await expectKept(grace.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 0, hotLeads: 0 })
    await db.transaction((tx) => eraseCaptures(tx, { ownerId: fx.workspaceId, leadIds: [lee.lead.id] }, 'speaker', fx.owner.id))
    await expectKept(ada.sessionId, { scans: 0, visits: 0, visitors: 0, leads: 0, hotLeads: 0 })
  })

  it('on the Free plan, insights count only the hot leads the plan shows', async () => {
    const fx = await liveEvent('organiser')
    const { ada } = fx.speakers
    const first = await eventSignUp(ada)
    await getDb().update(contacts).set({ scoreBand: 'hot' }).where(eq(contacts.id, first.lead.contactId))
    for (let i = 0; i < FREE_PLAN_VISIBLE_LEADS + 2; i++) {
      await insertLead(first.lead, `more${i}@x.example`, `2027-03-10T09:0${i}:00Z`)
    }
    const hotAt = async () =>
      (await readInsightSessions(fx.workspaceId, { eventId: fx.event.id })).sessions.find((s) => s.id === ada.sessionId)!.hotLeads
    expect(await hotAt()).toBe(FREE_PLAN_VISIBLE_LEADS + 3)
    await getDb().update(workspaces).set({ plan: 'free' }).where(eq(workspaces.id, fx.workspaceId))
    expect(await hotAt()).toBe(FREE_PLAN_VISIBLE_LEADS)
  })
})
