import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { jobs } from '~/db/schema/jobs'
import { sendingPauses } from '~/db/schema/mail-provider'
import { contacts } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import { auditEvents } from '~/db/schema/workspaces'
import type { Scope } from '~/lib/permissions'
import { suppressEmail, withdrawMarketingConsent } from '~/models/consent-withdrawal.server'
import { getAutomaticFollowUp, setAutomaticDelay, setAutomaticPaused, turnOnAutomatic } from '~/models/follow-up-automatic.server'
import { sendFollowUpNow } from '~/models/follow-up-sending.server'
import { cancelFollowUp } from '~/models/follow-ups.server'
import { runAutomaticSweep } from '~/services/follow-up-automatic.server'
import { saveNewFollowUp } from '~/services/follow-up-drafts.server'
import { createBatchTransport } from '~/services/follow-up-send.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { seedPeople } from './follow-up-utils'
import { createLiveSession, createOwner } from './lead-capture-utils'

// Issue 32 Deliver 7 on a real database: a session's automatic follow-up — the first send when the
// session's end + delay comes (through the queue, with the clock moved), a later sign-up once, the
// delay after signing up, paused sends nothing and resuming sends what is due, unsubscribed people
// left out, the session's end moving the first send, and another workspace finding nothing.

const HOUR = 60 * 60 * 1000
let worker: JobWorker | undefined

afterEach(async () => {
  await worker?.stop()
  worker = undefined
  vi.useRealTimers()
})

function startWorker() {
  // The dev mailbox: no provider, each message a finished email job.
  worker = new JobWorker({
    registry: createJobRegistry({ batchTransport: createBatchTransport({ ...process.env, RESEND_API_KEY: '' } as never) }),
    pollMs: 50,
    baseDelayMs: 20,
    maxDelayMs: 200,
  })
  return worker
}

/** A pro workspace, a session starting `startsIn` from now (60 minutes long), `n` people who agreed, and its automatic draft. */
async function automaticFixture(options: { n?: number; delayHours?: number; startsIn?: number } = {}) {
  const owner = await createOwner(undefined, { plan: 'pro' })
  const startsAt = new Date(Math.floor((Date.now() + (options.startsIn ?? 2 * HOUR)) / 1000) * 1000)
  const { session } = await createLiveSession(owner.id, { startsAt, durationMinutes: 60 })
  await seedPeople(owner.id, session.id, options.n ?? 4)
  const scope: Scope = { ownerId: owner.id, userId: owner.id, runnerId: null }
  const followUp = (await saveNewFollowUp(scope, {
    subject: 'Thanks for coming to {{talk_title}}',
    bodyHtml: '<p>Hi {{first_name|there}}, <a href="https://ada.example/slides.pdf">the slides</a>.</p>',
    fromName: 'Ada Lovelace',
    replyTo: 'ada@speakers.example',
    source: 'session',
    sourceId: session.id,
    automatic: { delayHours: options.delayHours ?? 2 },
  }))!
  const due = new Date(startsAt.getTime() + HOUR + (options.delayHours ?? 2) * HOUR)
  return { owner, session, scope, followUp, due }
}

/** A person who signs up (and agrees) at `at`, written straight to the database with that time. */
async function signUpAt(ownerId: string, sessionId: string, at: Date) {
  const email = `late-${randomBytes(4).toString('hex')}@example.com`
  await getDb().execute(sql`
    with person as (
      insert into contacts (owner_id, email, first_name, marketing_consent)
      values (${ownerId}::uuid, ${email}, 'Late', true) returning id
    )
    insert into leads (session_id, owner_id, contact_id, email, first_name, marketing_consent, erase_token_hash, created_at)
    select ${sessionId}::uuid, ${ownerId}::uuid, id, ${email}, 'Late', true, md5(random()::text), ${at.toISOString()}::timestamptz
    from person`)
  return email
}

async function recipients(followUpId: string) {
  return getDb().select().from(followUpRecipients).where(eq(followUpRecipients.followUpId, followUpId))
}

async function row(id: string) {
  const [r] = await getDb().select().from(followUps).where(eq(followUps.id, id))
  return r!
}

/** Dev-mailbox copies of this follow-up, per address. */
async function mailbox(followUpId: string) {
  const rows = await getDb()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'email'), sql`${jobs.result}->>'followUpId' = ${followUpId}`))
  const counts = new Map<string, number>()
  for (const r of rows) {
    const to = (r.payload as { to: string }).to
    counts.set(to, (counts.get(to) ?? 0) + 1)
  }
  return counts
}

async function drainUntilSent(w: JobWorker, id: string) {
  for (let i = 0; i < 200; i++) {
    await w.drain()
    const r = await row(id)
    if (r.status === 'sent' || r.status === 'partly_sent') return r
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return expect.fail(`follow-up ${id} still ${(await row(id)).status}`)
}

describe('a session’s automatic follow-up', () => {
  it('sends at the session’s end + delay through the queue, to everyone who agreed by then', async () => {
    const fx = await automaticFixture({ n: 4 })
    // Written but not turned on: nothing is due, whatever the time.
    expect((await runAutomaticSweep(new Date(fx.due.getTime() + 10 * HOUR))).started).toBe(0)
    expect(await turnOnAutomatic(fx.scope, fx.followUp.id)).toBe('ok')
    expect(await row(fx.followUp.id)).toMatchObject({ status: 'scheduled', scheduledAt: fx.due, paused: false })
    // The sweep is woken at that moment.
    const [wake] = await getDb()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `follow_up.automatic:at:${fx.due.getTime()}`))
    expect(wake).toMatchObject({ kind: 'follow_up.automatic', runAt: fx.due, status: 'pending' })

    vi.useFakeTimers({ toFake: ['Date'] })
    const w = startWorker()
    vi.setSystemTime(new Date(fx.due.getTime() - 1000))
    await w.drain()
    expect((await row(fx.followUp.id)).status).toBe('scheduled')
    expect(await recipients(fx.followUp.id)).toHaveLength(0)

    vi.setSystemTime(fx.due)
    const sent = await drainUntilSent(w, fx.followUp.id)
    expect(sent).toMatchObject({ status: 'sent', recipientCount: 4, sentCount: 4 })
    expect(sent.subject).toBe('Thanks for coming to Engines of Tomorrow')
    const box = await mailbox(fx.followUp.id)
    expect([...box.values()]).toEqual([1, 1, 1, 1])
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, fx.owner.id), eq(auditEvents.kind, 'follow_up.sent')))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.data).toMatchObject({ recipients: 4, scheduled: true })
  })

  it('sends a later sign-up the delay after they signed up, once, however often the sweep runs', async () => {
    const fx = await automaticFixture({ n: 2, delayHours: 3, startsIn: -10 * HOUR })
    expect(await turnOnAutomatic(fx.scope, fx.followUp.id)).toBe('ok')
    const now = new Date()
    expect((await runAutomaticSweep(now)).started).toBe(1)
    const w = startWorker()
    await drainUntilSent(w, fx.followUp.id)

    const signedUp = new Date(now.getTime() - 2 * HOUR)
    const late = await signUpAt(fx.owner.id, fx.session.id, signedUp)
    // Due 3 hours after signing up: not yet; the sweep says when.
    const early = await runAutomaticSweep(now)
    expect(early.frozen).toBe(0)
    expect(early.nextAt).toBe(new Date(signedUp.getTime() + 3 * HOUR).toISOString())
    expect((await recipients(fx.followUp.id)).map((r) => r.email)).not.toContain(late)

    const at = new Date(signedUp.getTime() + 3 * HOUR)
    // Two sweeps at once (two instances) and one after: one row, one message.
    const both = await Promise.all([runAutomaticSweep(at), runAutomaticSweep(at)])
    expect(both.map((b) => b.frozen).sort()).toEqual([0, 1])
    expect(await row(fx.followUp.id)).toMatchObject({ status: 'sending', recipientCount: 3, batchCount: 2 })
    const done = await drainUntilSent(w, fx.followUp.id)
    expect(done).toMatchObject({ status: 'sent', recipientCount: 3, sentCount: 3 })
    expect((await runAutomaticSweep(new Date(at.getTime() + 5 * HOUR))).frozen).toBe(0)
    await w.drain()
    expect((await mailbox(fx.followUp.id)).get(late)).toBe(1)
    const mine = (await recipients(fx.followUp.id)).filter((r) => r.email === late)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ batch: 1, status: 'sent' })
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, fx.owner.id), eq(auditEvents.kind, 'follow_up.sent')))
    expect(audit.map((a) => (a.data as { recipients: number }).recipients).sort()).toEqual([1, 2])
  })

  it('paused sends nothing; resuming sends what is due', async () => {
    const fx = await automaticFixture({ n: 3, startsIn: -10 * HOUR })
    // Pausing needs it turned on.
    expect(await setAutomaticPaused(fx.scope, fx.followUp.id, true)).toBe('not-allowed')
    expect(await turnOnAutomatic(fx.scope, fx.followUp.id)).toBe('ok')
    expect(await setAutomaticPaused(fx.scope, fx.followUp.id, true)).toBe('ok')
    const now = new Date()
    expect(await runAutomaticSweep(now)).toMatchObject({ started: 0, frozen: 0 })
    expect(await recipients(fx.followUp.id)).toHaveLength(0)
    // "Send now" and the manual schedule's paths do not apply to it either.
    expect(await sendFollowUpNow(fx.scope, fx.followUp.id, { id: fx.owner.id, email: fx.owner.email }, async () => 'x')).toBe(
      'not-editable',
    )
    expect(await cancelFollowUp(fx.scope, fx.followUp.id)).toBe('not-editable')

    expect(await setAutomaticPaused(fx.scope, fx.followUp.id, false)).toBe('ok')
    expect((await runAutomaticSweep(now)).started).toBe(1)
    const w = startWorker()
    expect(await drainUntilSent(w, fx.followUp.id)).toMatchObject({ recipientCount: 3, sentCount: 3 })

    // Paused after the first send: a later sign-up who is due waits until it is resumed.
    const late = await signUpAt(fx.owner.id, fx.session.id, new Date(now.getTime() - 5 * HOUR))
    expect(await setAutomaticPaused(fx.scope, fx.followUp.id, true)).toBe('ok')
    expect((await runAutomaticSweep(now)).frozen).toBe(0)
    // A workspace paused for complaints stops it as well.
    expect(await setAutomaticPaused(fx.scope, fx.followUp.id, false)).toBe('ok')
    await getDb()
      .insert(sendingPauses)
      .values({ workspaceId: fx.owner.id, reason: 'Too many complaints', complaints: 4, sends: 1000 })
    expect((await runAutomaticSweep(now)).frozen).toBe(0)
    await getDb().delete(sendingPauses).where(eq(sendingPauses.workspaceId, fx.owner.id))
    expect((await runAutomaticSweep(now)).frozen).toBe(1)
    await drainUntilSent(w, fx.followUp.id)
    expect((await mailbox(fx.followUp.id)).get(late)).toBe(1)
  })

  it('leaves out people who unsubscribed, at the first send and later', async () => {
    const fx = await automaticFixture({ n: 3, startsIn: -10 * HOUR })
    const db = getDb()
    const people = await db.select().from(contacts).where(eq(contacts.ownerId, fx.owner.id))
    const gone = people[0]!
    await db.transaction((tx) =>
      withdrawMarketingConsent(tx, {
        workspaceId: fx.owner.id,
        contactId: gone.id,
        source: { via: 'unsubscribe', followUpId: null },
      }),
    )
    expect(await turnOnAutomatic(fx.scope, fx.followUp.id)).toBe('ok')
    const now = new Date()
    await runAutomaticSweep(now)
    const w = startWorker()
    await drainUntilSent(w, fx.followUp.id)
    expect((await recipients(fx.followUp.id)).map((r) => r.contactId).sort()).toEqual(
      people
        .slice(1)
        .map((p) => p.id)
        .sort(),
    )
    // A later sign-up who unsubscribed before their time (as /u/{token} does: suppressed, consent withdrawn) is not sent it.
    const late = await signUpAt(fx.owner.id, fx.session.id, new Date(now.getTime() - 5 * HOUR))
    const [lateContact] = await db.select().from(contacts).where(eq(contacts.email, late))
    await db.transaction(async (tx) => {
      await suppressEmail(tx, { workspaceId: fx.owner.id, email: late, reason: 'unsubscribed' })
      await withdrawMarketingConsent(tx, {
        workspaceId: fx.owner.id,
        contactId: lateContact!.id,
        source: { via: 'unsubscribe', followUpId: null },
      })
    })
    expect((await runAutomaticSweep(now)).frozen).toBe(0)
    expect((await mailbox(fx.followUp.id)).has(late)).toBe(false)
    expect((await mailbox(fx.followUp.id)).has(gone.email)).toBe(false)
  })

  it('moves its first send with the session’s end and with its delay', async () => {
    const fx = await automaticFixture({ n: 1 })
    expect(await turnOnAutomatic(fx.scope, fx.followUp.id)).toBe('ok')
    // The session moved an hour earlier (written directly, then the edit's hook; the sweep reads the session anyway).
    const earlier = new Date(fx.session.startsAt.getTime() - HOUR)
    await getDb().transaction(async (tx) => {
      await tx.update(talkSessions).set({ startsAt: earlier }).where(eq(talkSessions.id, fx.session.id))
      const { sessionTimingChanged } = await import('~/models/follow-up-automatic.server')
      await sessionTimingChanged(tx, fx.owner.id, fx.session.id)
    })
    const moved = new Date(fx.due.getTime() - HOUR)
    expect((await row(fx.followUp.id)).scheduledAt).toEqual(moved)
    expect((await runAutomaticSweep(new Date(moved.getTime() - 1000))).started).toBe(0)
    expect(await setAutomaticDelay(fx.scope, fx.followUp.id, 5)).toBe('ok')
    expect((await row(fx.followUp.id)).scheduledAt).toEqual(new Date(moved.getTime() + 3 * HOUR))
    expect((await runAutomaticSweep(moved)).started).toBe(0)
    expect((await runAutomaticSweep(new Date(moved.getTime() + 3 * HOUR))).started).toBe(1)
  })

  it('is not found from another workspace', async () => {
    const fx = await automaticFixture({ n: 1 })
    const other = await createOwner(undefined, { plan: 'pro' })
    const scope: Scope = { ownerId: other.id, userId: other.id, runnerId: null }
    expect(await getAutomaticFollowUp(scope, fx.session.id)).toBeNull()
    expect(await turnOnAutomatic(scope, fx.followUp.id)).toBe('not-found')
    expect(await setAutomaticPaused(scope, fx.followUp.id, true)).toBe('not-found')
    expect(await setAutomaticDelay(scope, fx.followUp.id, 5)).toBe('not-found')
    expect((await row(fx.followUp.id)).status).toBe('draft')
  })
})
