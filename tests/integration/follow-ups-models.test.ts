import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { workspaceMembers } from '~/db/schema/workspaces'
import type { Scope } from '~/lib/permissions'
import {
  cancelFollowUp,
  followUpRecipientSummary,
  followUpStats,
  getFollowUp,
  listFollowUps,
  scheduleFollowUp,
  setFollowUpPaused,
  sourceRecipientSummary,
  unscheduleFollowUp,
} from '~/models/follow-ups.server'
import { saveFollowUpDraft, saveNewFollowUp } from '~/services/follow-up-drafts.server'
import { attendeeEmail, createLiveSession, createOwner, signUp } from './lead-capture-utils'
import { createUser } from './utils'

// Issue 32: follow-up drafts, scheduling in a zone, cancelling before sending, the role rules of the
// leads pages, and the numbers per follow-up.

const ownerScope = (id: string): Scope => ({ ownerId: id, userId: id, runnerId: null })
const draft = {
  subject: 'The slides',
  bodyHtml: '<p>Hi {{first_name}}</p>',
  fromName: 'Ada Lovelace',
  replyTo: 'Ada@Example.com',
}

async function teamWithMember() {
  const owner = await createOwner(undefined, { plan: 'teams' })
  const member = await createUser(`member-${randomBytes(4).toString('hex')}@example.com`)
  await getDb().insert(workspaceMembers).values({ workspaceId: owner.id, userId: member.id, role: 'member' })
  const { session } = await createLiveSession(owner.id)
  const { session: membersSession, talk: membersTalk } = await createLiveSession(owner.id, { userId: member.id })
  return {
    owner,
    member,
    session,
    membersSession,
    membersTalk,
    ownerScope: ownerScope(owner.id),
    // "Members see every lead" off: the member sees the sessions they run.
    memberScope: { ownerId: owner.id, userId: member.id, runnerId: member.id } satisfies Scope,
  }
}

describe('follow-up drafts', () => {
  it('saves a sanitised draft of a source the scope opens, and nothing for one it does not', async () => {
    const t = await teamWithMember()
    const made = await saveNewFollowUp(t.ownerScope, {
      ...draft,
      bodyHtml: '<p onclick="steal()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      source: 'session',
      sourceId: t.session.id,
    })
    expect(made).toMatchObject({ status: 'draft', source: 'session', sourceId: t.session.id, replyTo: 'ada@example.com' })
    expect(made!.bodyHtml).not.toMatch(/script|onclick|javascript/)
    expect(made!.bodyHtml).toContain('<p>Hi</p>')
    expect(made!.createdBy).toBe(t.owner.id)

    // The member runs only their own session: the owner's session, talk and another workspace's are not theirs.
    expect(await saveNewFollowUp(t.memberScope, { ...draft, source: 'session', sourceId: t.session.id })).toBeNull()
    expect(await saveNewFollowUp(t.memberScope, { ...draft, source: 'talk', sourceId: t.membersTalk.id })).not.toBeNull()
    const other = await createOwner(undefined, { plan: 'pro' })
    expect(await saveNewFollowUp(ownerScope(other.id), { ...draft, source: 'session', sourceId: t.session.id })).toBeNull()
    expect(await saveNewFollowUp(ownerScope(other.id), { ...draft, source: 'talk', sourceId: 'not-a-uuid' })).toBeNull()
    // An automatic follow-up belongs to a session.
    expect(
      await saveNewFollowUp(t.ownerScope, {
        ...draft,
        source: 'talk',
        sourceId: t.membersTalk.id,
        automatic: { delayHours: 24 },
      }),
    ).toBeNull()
    const auto = await saveNewFollowUp(t.ownerScope, {
      ...draft,
      source: 'session',
      sourceId: t.session.id,
      automatic: { delayHours: 24 },
    })
    expect(auto).toMatchObject({ automatic: true, autoSessionId: t.session.id, delayHours: 24, paused: false })
    expect(await setFollowUpPaused(t.ownerScope, auto!.id, true)).toBe('ok')
    expect((await getFollowUp(t.ownerScope, auto!.id))!.paused).toBe(true)
    expect(await setFollowUpPaused(t.ownerScope, made!.id, true)).toBe('not-found')
  })

  it('shows a member only the follow-ups they wrote, and the owner all of the workspace', async () => {
    const t = await teamWithMember()
    const mine = await saveNewFollowUp(t.ownerScope, { ...draft, source: 'session', sourceId: t.session.id })
    const theirs = await saveNewFollowUp(t.memberScope, { ...draft, source: 'session', sourceId: t.membersSession.id })
    expect((await listFollowUps(t.ownerScope)).map((f) => f.id).sort()).toEqual([mine!.id, theirs!.id].sort())
    expect((await listFollowUps(t.memberScope)).map((f) => f.id)).toEqual([theirs!.id])
    expect(await getFollowUp(t.memberScope, mine!.id)).toBeNull()
    expect(await saveFollowUpDraft(t.memberScope, mine!.id, draft)).toBe('not-found')
    expect(await listFollowUps(t.ownerScope, { source: { kind: 'session', id: t.membersSession.id } })).toHaveLength(1)
    const other = await createOwner(undefined, { plan: 'pro' })
    expect(await listFollowUps(ownerScope(other.id))).toEqual([])
    expect(await getFollowUp(ownerScope(other.id), mine!.id)).toBeNull()
    expect(await cancelFollowUp(ownerScope(other.id), mine!.id)).toBe('not-found')
    expect(await followUpStats(ownerScope(other.id), mine!.id)).toBeNull()
  })

  it('schedules for a time in a zone, stored as UTC; cancels only before sending', async () => {
    const t = await teamWithMember()
    const f = (await saveNewFollowUp(t.ownerScope, { ...draft, source: 'session', sourceId: t.session.id }))!
    const now = new Date('2030-01-01T00:00:00Z')
    expect(await scheduleFollowUp(t.ownerScope, f.id, { local: '2030-01-15T09:00', timeZone: 'Europe/Berlin' }, now)).toBe('ok')
    expect(await getFollowUp(t.ownerScope, f.id)).toMatchObject({
      status: 'scheduled',
      scheduledAt: new Date('2030-01-15T08:00:00Z'),
      timeZone: 'Europe/Berlin',
    })
    // Summer time in New York: UTC−4.
    expect(await scheduleFollowUp(t.ownerScope, f.id, { local: '2030-07-01T09:30', timeZone: 'America/New_York' }, now)).toBe(
      'ok',
    )
    expect((await getFollowUp(t.ownerScope, f.id))!.scheduledAt).toEqual(new Date('2030-07-01T13:30:00Z'))
    expect(await scheduleFollowUp(t.ownerScope, f.id, { local: '2029-12-31T23:00', timeZone: 'UTC' }, now)).toBe('past')
    expect(await scheduleFollowUp(t.ownerScope, f.id, { local: '2030-02-30T09:00', timeZone: 'UTC' }, now)).toBe('bad-time')
    expect(await scheduleFollowUp(t.ownerScope, f.id, { local: '2030-02-01T09:00', timeZone: 'Mars/Olympus' }, now)).toBe(
      'bad-time',
    )
    expect(await unscheduleFollowUp(t.ownerScope, f.id)).toBe('ok')
    expect(await getFollowUp(t.ownerScope, f.id)).toMatchObject({ status: 'draft', scheduledAt: null })

    expect(await cancelFollowUp(t.ownerScope, f.id)).toBe('ok')
    expect(await getFollowUp(t.ownerScope, f.id)).toMatchObject({ status: 'cancelled', statusReason: 'Cancelled before sending' })
    expect(await cancelFollowUp(t.ownerScope, f.id)).toBe('not-editable')
    expect(await saveFollowUpDraft(t.ownerScope, f.id, draft)).toBe('not-editable')
    expect(await scheduleFollowUp(t.ownerScope, f.id, { local: '2030-01-15T09:00', timeZone: 'UTC' }, now)).toBe('not-editable')

    // Once sending started, cancelling is refused: the message is on its way.
    const sending = (await saveNewFollowUp(t.ownerScope, { ...draft, source: 'session', sourceId: t.session.id }))!
    await getDb().update(followUps).set({ status: 'sending' }).where(eq(followUps.id, sending.id))
    expect(await cancelFollowUp(t.ownerScope, sending.id)).toBe('not-editable')
    expect((await getFollowUp(t.ownerScope, sending.id))!.status).toBe('sending')
  })

  it('summarises a follow-up’s recipients as its author sees them, and counts what happened per person', async () => {
    const t = await teamWithMember()
    await signUp(t.session, { email: attendeeEmail(), marketing: 'yes' })
    await signUp(t.session, { email: attendeeEmail() })
    await signUp(t.membersSession, { email: attendeeEmail(), marketing: 'yes' })
    expect(await sourceRecipientSummary(t.ownerScope, 'session', t.session.id)).toEqual({
      receiving: 1,
      leftOut: { no_consent: 1 },
    })
    expect(await sourceRecipientSummary(t.memberScope, 'session', t.session.id)).toBeNull()
    const f = (await saveNewFollowUp(t.memberScope, { ...draft, source: 'session', sourceId: t.membersSession.id }))!
    expect(await followUpRecipientSummary(t.memberScope, f.id)).toEqual({ receiving: 1, leftOut: {} })

    const at = new Date()
    const row = (n: number, extra: Partial<typeof followUpRecipients.$inferInsert> = {}) => ({
      followUpId: f.id,
      ownerId: t.owner.id,
      contactId: randomUUID(),
      email: `r${n}@example.com`,
      firstName: 'R',
      batch: 0,
      tokenHash: randomBytes(32).toString('hex'),
      ...extra,
    })
    await getDb()
      .insert(followUpRecipients)
      .values([
        row(1, { status: 'delivered', sentAt: at, deliveredAt: at, clickedAt: at }),
        row(2, { status: 'bounced', sentAt: at, bouncedAt: at }),
        row(3, { status: 'complained', sentAt: at, deliveredAt: at, complainedAt: at, unsubscribedAt: at }),
        row(4, { status: 'sent', sentAt: at }),
        row(5),
      ])
    expect(await followUpStats(t.memberScope, f.id)).toEqual({
      recipients: 5,
      sent: 4,
      delivered: 2,
      bounced: 1,
      complained: 1,
      unsubscribed: 1,
      clicked: 1,
    })
  })
})
