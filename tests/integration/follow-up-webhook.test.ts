import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { emailSuppressions, followUpRecipients } from '~/db/schema/follow-ups'
import { resendWebhookEvents, sendingPauses } from '~/db/schema/mail-provider'
import { auditEvents } from '~/db/schema/workspaces'
import { getSendingPause, liftSendingPause } from '~/models/sending-pauses.server'
import { action, loader } from '~/routes/webhooks.resend'
import { resendEvent, sentFollowUp, signedDelivery, WEBHOOK_SECRET, type SentRecipient } from './follow-up-fixtures'
import { createUser } from './utils'

// POST /webhooks/resend (issue 32 Deliver 5) against a real database, with deliveries signed by
// `standardwebhooks` as svix signs them: a good signature records delivered / bounced / complained on
// the recipient by the message id; a bad, stale or missing one is 400 with nothing written; a
// replayed svix-id does nothing; an unset secret is 404. Hard bounces and complaints suppress the
// address for the workspace; more than 0.3% complaints over the last 1,000 sends pauses it.

let ownerId: string
let before: ReturnType<typeof getConfig>

beforeAll(() => {
  before = getConfig()
  resetConfig(
    parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: before.dataDir,
      SESSION_SECRET: 'test-session-secret',
      ADMIN_EMAILS: 'admin@example.com',
      SEED_DEMO: 'false',
      RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET,
    }),
  )
})
afterAll(() => resetConfig(before))

beforeEach(async () => {
  ownerId = (await createUser(`owner-${randomBytes(4).toString('hex')}@example.com`)).id
})

function post(delivery: { body: string; headers: Record<string, string> }) {
  return action({
    request: new Request('http://localhost:3000/webhooks/resend', {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    }),
    params: {},
    context: { cspNonce: '' },
  } as never) as Promise<Response>
}

async function recipient(r: SentRecipient) {
  const [row] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.id, r.id))
  return row!
}
const suppressed = (email: string) =>
  getDb()
    .select({ reason: emailSuppressions.reason })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.ownerId, ownerId), eq(emailSuppressions.email, email)))

describe('POST /webhooks/resend: signatures', () => {
  it('a good signature records delivered on the recipient; the same svix-id again does nothing', async () => {
    const { recipients } = await sentFollowUp(ownerId, [{ email: 'grace@example.com' }])
    const r = recipients[0]!
    const delivery = signedDelivery(resendEvent('email.delivered', r.messageId))
    const res = await post(delivery)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: true, outcome: 'recorded' })
    const row = await recipient(r)
    expect(row.status).toBe('delivered')
    expect(row.deliveredAt).toBeInstanceOf(Date)

    // Replayed (svix retries, or an attacker resends a captured delivery): acknowledged, nothing changes.
    const replay = await post(delivery)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' })
    expect((await recipient(r)).deliveredAt).toEqual(row.deliveredAt)
  })

  it('refuses a bad, stale, future or missing signature with 400 and writes nothing', async () => {
    const { recipients } = await sentFollowUp(ownerId, [{ email: 'grace@example.com' }])
    const event = resendEvent('email.bounced', recipients[0]!.messageId, {
      bounce: { type: 'Permanent', subType: 'General', message: 'x' },
    })
    const otherSecret = `whsec_${Buffer.from('another secret entirely, 32 byte').toString('base64')}`
    const wrongKey = signedDelivery(event, { secret: otherSecret })
    const stale = signedDelivery(event, { at: new Date(Date.now() - 6 * 60_000) })
    const future = signedDelivery(event, { at: new Date(Date.now() + 6 * 60_000) })
    const good = signedDelivery(event)
    const tampered = { ...good, body: good.body.replace('Permanent', 'Transient') }
    const unsigned = {
      body: good.body,
      headers: { 'Content-Type': 'application/json', 'svix-id': 'msg_1', 'svix-timestamp': '1' },
    }
    for (const delivery of [wrongKey, stale, future, tampered, unsigned]) {
      const res = await post(delivery)
      expect(res.status).toBe(400)
    }
    expect((await recipient(recipients[0]!)).status).toBe('sent')
    expect(await suppressed('grace@example.com')).toEqual([])
    const ids = [wrongKey, stale, future, tampered].map((d) => d.headers['svix-id']!)
    for (const id of ids)
      expect(await getDb().select().from(resendWebhookEvents).where(eq(resendWebhookEvents.id, id))).toEqual([])
  })

  it('answers 404 while RESEND_WEBHOOK_SECRET is unset, to POST and GET', async () => {
    const current = getConfig()
    resetConfig(parseConfig({ NODE_ENV: 'test', DATA_DIR: current.dataDir, SESSION_SECRET: 'x', SEED_DEMO: 'false' }))
    try {
      const { recipients } = await sentFollowUp(ownerId, [{ email: 'grace@example.com' }])
      expect((await post(signedDelivery(resendEvent('email.delivered', recipients[0]!.messageId)))).status).toBe(404)
      expect(((await loader()) as Response).status).toBe(404)
      expect((await recipient(recipients[0]!)).status).toBe('sent')
    } finally {
      resetConfig(current)
    }
  })

  it('acknowledges events it does not record, and messages that are not follow-ups', async () => {
    const { recipients } = await sentFollowUp(ownerId, [{ email: 'grace@example.com' }])
    const opened = await post(signedDelivery(resendEvent('email.opened', recipients[0]!.messageId)))
    expect(await opened.json()).toEqual({ received: true, outcome: 'ignored' })
    const signIn = await post(signedDelivery(resendEvent('email.delivered', 'not-a-follow-up-message')))
    expect(await signIn.json()).toEqual({ received: true, outcome: 'unknown-message' })
    expect((await recipient(recipients[0]!)).status).toBe('sent')
  })
})

describe('POST /webhooks/resend: what is recorded', () => {
  it('a hard bounce suppresses the address for the workspace; a transient one is recorded, not suppressed', async () => {
    const { recipients } = await sentFollowUp(ownerId, [{ email: 'hard@example.com' }, { email: 'soft@example.com' }])
    const [hard, soft] = recipients as [SentRecipient, SentRecipient]
    await post(
      signedDelivery(
        resendEvent('email.bounced', hard.messageId, {
          bounce: { type: 'Permanent', subType: 'General', message: 'No such user' },
        }),
      ),
    )
    await post(
      signedDelivery(
        resendEvent('email.bounced', soft.messageId, { bounce: { type: 'Transient', subType: 'MailboxFull', message: 'Full' } }),
      ),
    )
    expect(await recipient(hard)).toMatchObject({ status: 'bounced' })
    expect((await recipient(hard)).bouncedAt).toBeInstanceOf(Date)
    expect(await recipient(soft)).toMatchObject({ status: 'bounced' })
    expect(await suppressed('hard@example.com')).toEqual([{ reason: 'bounced' }])
    expect(await suppressed('soft@example.com')).toEqual([])
    // A delivered that arrives after the bounce does not overwrite it.
    await post(signedDelivery(resendEvent('email.delivered', hard.messageId)))
    expect((await recipient(hard)).status).toBe('bounced')
  })

  it('a complaint suppresses the address for the workspace only', async () => {
    const other = (await createUser(`other-${randomBytes(4).toString('hex')}@example.com`)).id
    const mine = await sentFollowUp(ownerId, [{ email: 'spam@example.com' }])
    await sentFollowUp(other, [{ email: 'spam@example.com' }])
    const res = await post(signedDelivery(resendEvent('email.complained', mine.recipients[0]!.messageId)))
    expect(await res.json()).toEqual({ received: true, outcome: 'recorded' })
    expect(await recipient(mine.recipients[0]!)).toMatchObject({ status: 'complained' })
    expect(await suppressed('spam@example.com')).toEqual([{ reason: 'complained' }])
    const theirs = await getDb().select().from(emailSuppressions).where(eq(emailSuppressions.ownerId, other))
    expect(theirs).toEqual([])
    expect(await getSendingPause(ownerId)).toBeNull()
  })
})

describe('the complaint pause: more than 0.3% of the last 1,000 sends', () => {
  it('3 complaints in 1,000 do not pause; the 4th does, with the reason; a site admin lifts it (audited)', async () => {
    // 1,100 sends: the first 100 (oldest) fall outside the window.
    const { recipients } = await sentFollowUp(
      ownerId,
      Array.from({ length: 1_100 }, (_, i) => ({ email: `p${i}@example.com` })),
      { sentAt: (i) => new Date(Date.UTC(2026, 10, 1) + i * 1000) },
    )
    // A complaint on the oldest message counts for nothing: it is not among the last 1,000 sends.
    await post(signedDelivery(resendEvent('email.complained', recipients[0]!.messageId)))
    for (const r of recipients.slice(1_000, 1_003)) await post(signedDelivery(resendEvent('email.complained', r.messageId)))
    expect(await getSendingPause(ownerId)).toBeNull()

    await post(signedDelivery(resendEvent('email.complained', recipients[1_050]!.messageId)))
    const pause = await getSendingPause(ownerId)
    expect(pause).toMatchObject({ complaints: 4, sends: 1_000 })
    expect(pause!.reason).toBe(
      'Follow-ups are paused: 4 of the last 1,000 messages this workspace sent were reported as spam (0.4%; mailbox providers require less than 0.3%). Nothing more is sent until a site administrator lifts the pause.',
    )
    // Another complaint keeps the one pause.
    await post(signedDelivery(resendEvent('email.complained', recipients[1_060]!.messageId)))
    expect(await getDb().select().from(sendingPauses).where(eq(sendingPauses.workspaceId, ownerId))).toHaveLength(1)

    const admin = await createUser(`admin-${randomBytes(4).toString('hex')}@example.com`, 'admin')
    expect(await liftSendingPause(ownerId, admin)).toBe(true)
    expect(await getSendingPause(ownerId)).toBeNull()
    expect(await liftSendingPause(ownerId, admin)).toBe(false)
    const audit = await getDb().select({ kind: auditEvents.kind }).from(auditEvents).where(eq(auditEvents.workspaceId, ownerId))
    expect(audit.map((a) => a.kind)).toEqual(expect.arrayContaining(['sending.paused', 'sending.resumed']))
  })
})
