import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leadConsents, leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import { withdrawMarketingConsent, suppressEmail } from '~/models/consent-withdrawal.server'
import { recipientSummary, type Audience } from '~/models/follow-up-audience.server'
import { listLeadPeople } from '~/models/lead-list.server'
import { eraseCaptures } from '~/models/lead-events.server'
import { createSegment } from '~/models/segments.server'
import { EMPTY_LEAD_FILTERS } from '~/lib/lead-filters'
import type { Scope } from '~/lib/permissions'
import { claimSpeaker } from './event-fixtures'
import { eventSignUp, liveEvent } from './event-recipients-utils'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'

// Issue 32 Deliver 2 on a real database: the recipients rule's facts computed in SQL for a session,
// a talk, an event and a segment, and the one rule (app/lib/follow-up-recipients.ts) deciding them.

const owner = (id: string): Scope => ({ ownerId: id, userId: id, runnerId: null })
const yes = { marketing: 'yes' }

async function contactOf(ownerId: string, email: string) {
  const [c] = await getDb()
    .select()
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  return c!
}

describe('recipientSummary', () => {
  it('counts who receives and who is left out, by reason, from the ledger and the suppression list', async () => {
    const speaker = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(speaker.id)
    const [keen, silent, bounced, complained, unsubscribed, erased] = Array.from({ length: 6 }, attendeeEmail)
    for (const email of [keen, bounced, complained, unsubscribed, erased]) await signUp(session, { email: email!, ...yes })
    await signUp(session, { email: silent! })
    const db = getDb()
    await suppressEmail(db, { workspaceId: speaker.id, email: bounced!.toUpperCase(), reason: 'bounced' })
    await suppressEmail(db, { workspaceId: speaker.id, email: complained!, reason: 'complained' })
    const gone = await contactOf(speaker.id, unsubscribed!)
    await db.transaction((tx) =>
      withdrawMarketingConsent(tx, {
        workspaceId: speaker.id,
        contactId: gone.id,
        source: { via: 'unsubscribe', followUpId: null },
      }),
    )
    const [erasedLead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.email, erased!))
    await db.transaction((tx) => eraseCaptures(tx, { ownerId: speaker.id, leadIds: [erasedLead!.id] }, 'attendee'))

    const audience: Audience = { scope: owner(speaker.id), source: 'session', sourceId: session.id }
    expect(await recipientSummary(audience)).toEqual({
      receiving: 1,
      leftOut: { no_consent: 1, bounced: 1, complained: 1, unsubscribed: 1, erased: 1 },
    })
    // Another workspace's view of the same session finds nobody.
    const other = await createOwner(undefined, { plan: 'pro' })
    expect(await recipientSummary({ ...audience, scope: owner(other.id) })).toEqual({ receiving: 0, leftOut: {} })
  })

  it('counts one person of three sessions of a talk once', async () => {
    const speaker = await createOwner(undefined, { plan: 'pro' })
    const { talk, session: first } = await createLiveSession(speaker.id)
    const second = (await createLiveSession(speaker.id, { talkId: talk.id })).session
    const third = (await createLiveSession(speaker.id, { talkId: talk.id })).session
    const email = attendeeEmail()
    await signUp(first, { email, ...yes })
    await signUp(second, { email })
    await signUp(third, { email, ...yes })
    await signUp(third, { email: attendeeEmail() })
    expect(await recipientSummary({ scope: owner(speaker.id), source: 'talk', sourceId: talk.id })).toEqual({
      receiving: 1,
      leftOut: { no_consent: 1 },
    })
    // Consent given at one talk stands at another where the box was left unticked.
    expect(await recipientSummary({ scope: owner(speaker.id), source: 'session', sourceId: second.id })).toEqual({
      receiving: 1,
      leftOut: {},
    })
  })

  it('leaves out the leads the free plan locks, and reaches them once the session is unlocked', async () => {
    const speaker = await createOwner()
    const { session } = await createLiveSession(speaker.id)
    for (let i = 0; i < 5; i++) await signUp(session, { email: attendeeEmail(), ...yes })
    const audience: Audience = { scope: owner(speaker.id), source: 'session', sourceId: session.id }
    expect(await recipientSummary(audience)).toEqual({ receiving: 3, leftOut: { locked: 2 } })
    await getDb().update(talkSessions).set({ unlocked: true }).where(eq(talkSessions.id, session.id))
    expect(await recipientSummary(audience)).toEqual({ receiving: 5, leftOut: {} })
  })

  it('on an organiser event reaches only the captures given to the sender', async () => {
    const fx = await liveEvent('speaker')
    await eventSignUp(fx.speakers.ada, { marketing: 'yes' })
    const organiser = { scope: owner(fx.workspaceId), source: 'event', sourceId: fx.event.id } as const
    // Sent by the organiser: the details went to the speaker only.
    expect(await recipientSummary({ ...organiser, scope: { ...organiser.scope, userId: fx.owner.id } })).toEqual({
      receiving: 0,
      leftOut: { not_given: 1 },
    })
    // Sent by the speaker who received them.
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, fx.speakers.ada.email)
    const speakerScope: Scope = { ownerId: fx.workspaceId, userId: ada.id, runnerId: ada.id }
    expect(await recipientSummary({ scope: speakerScope, source: 'session', sourceId: fx.speakers.ada.sessionId })).toEqual({
      receiving: 1,
      leftOut: {},
    })
    // Grace's session is not Ada's: its people are not given to her.
    await eventSignUp(fx.speakers.grace, { marketing: 'yes' })
    expect(await recipientSummary({ scope: speakerScope, source: 'session', sourceId: fx.speakers.grace.sessionId })).toEqual({
      receiving: 0,
      leftOut: { not_given: 1 },
    })
  })

  it('takes a segment’s people as the leads list selects them', async () => {
    const speaker = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(speaker.id)
    const other = (await createLiveSession(speaker.id)).session
    await signUp(session, { email: attendeeEmail(), ...yes })
    await signUp(session, { email: attendeeEmail() })
    await signUp(other, { email: attendeeEmail(), ...yes })
    const segment = await createSegment(speaker.id, 'First session', `session=${session.id}`)
    if (segment === 'taken') throw new Error('taken')
    expect(await recipientSummary({ scope: owner(speaker.id), source: 'segment', sourceId: segment.id })).toEqual({
      receiving: 1,
      leftOut: { no_consent: 1 },
    })
    expect(await recipientSummary({ scope: owner(speaker.id), source: 'segment', sourceId: session.id })).toBeNull()
  })
})

describe('withdrawMarketingConsent', () => {
  it('appends the withdrawal to the ledger and makes the person’s consent no everywhere, once', async () => {
    const speaker = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(speaker.id)
    const second = (await createLiveSession(speaker.id)).session
    const email = attendeeEmail()
    await signUp(session, { email, ...yes })
    await signUp(second, { email, ...yes })
    const person = await contactOf(speaker.id, email)
    const db = getDb()
    const source = { via: 'unsubscribe' as const, followUpId: null }
    expect(
      await db.transaction((tx) => withdrawMarketingConsent(tx, { workspaceId: speaker.id, contactId: person.id, source })),
    ).toBe(2)

    const ledger = await db.select().from(leadConsents).where(eq(leadConsents.ownerId, speaker.id)).orderBy(leadConsents.id)
    expect(ledger.map((r) => [r.marketingConsent, r.withdrawnVia])).toEqual([
      [true, null],
      [true, null],
      [false, 'unsubscribe'],
      [false, 'unsubscribe'],
    ])
    // The wordings withdrawn from are the ones the person agreed to.
    expect(ledger[2]!.noticeHash).toBe(ledger[0]!.noticeHash)
    expect(ledger[2]!.marketingHash).toBe(ledger[0]!.marketingHash)
    expect((await contactOf(speaker.id, email)).marketingConsent).toBe(false)
    const captures = await db.select({ c: leads.marketingConsent }).from(leads).where(eq(leads.contactId, person.id))
    expect(captures.map((c) => c.c)).toEqual([false, false])
    const list = await listLeadPeople({
      scope: owner(speaker.id),
      plan: 'pro',
      filters: { ...EMPTY_LEAD_FILTERS, consent: 'yes' },
      page: 1,
    })
    expect(list.total).toBe(0)
    const timeline = await db.select().from(leadEvents).where(eq(leadEvents.contactId, person.id))
    expect(timeline.filter((e) => e.type === 'consent_withdrawn')).toHaveLength(1)

    // A second unsubscribe changes nothing.
    expect(await withdrawMarketingConsent(db, { workspaceId: speaker.id, contactId: person.id, source })).toBe(0)
    expect(await db.select().from(leadConsents).where(eq(leadConsents.ownerId, speaker.id))).toHaveLength(4)
    // Another workspace cannot withdraw this person's consent.
    const other = await createOwner()
    expect(await withdrawMarketingConsent(db, { workspaceId: other.id, contactId: person.id, source })).toBe(0)

    const audience: Audience = { scope: owner(speaker.id), source: 'session', sourceId: session.id }
    expect((await contactOf(speaker.id, email)).marketingConsent).toBe(false)
    expect(await recipientSummary(audience)).toEqual({ receiving: 0, leftOut: { unsubscribed: 1 } })
    // A later sign-up that ticks the box again is a new yes: the latest consent decides.
    await signUp(second, { email, ...yes })
    expect(await recipientSummary(audience)).toEqual({ receiving: 1, leftOut: {} })
  })
})
