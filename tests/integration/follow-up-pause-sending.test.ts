import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { sendingPauses } from '~/db/schema/mail-provider'
import { sendingPausedReason } from '~/lib/deliverability'
import { unsubscribeByToken } from '~/models/follow-up-links.server'
import { sendFollowUpNow } from '~/models/follow-up-sending.server'
import { followUpToken } from '~/platform/follow-up-tokens.server'
import { createBatchTransport, runFollowUpBatch, senderFrom } from '~/services/follow-up-send.server'
import { sendingFixture } from './follow-up-utils'

// Issue 32 Deliver 5 with the real sender: a workspace paused for complaints while a follow-up is
// sending sends no further batch (the follow-up ends partly sent with the pause's reason), and a new
// one does not start. And the token in a real message's unsubscribe link is the one /u/{token} finds.

const jobOf = async (followUpId: string, batch: number) => {
  const rows = await getDb().execute(
    `select id, attempts from jobs where kind = 'follow_up.batch' and dedupe_key = 'follow_up.batch:${followUpId}:${batch}'`,
  )
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: string; attempts: number }[]
  return list[0]!
}

describe('the complaint pause stops sending', () => {
  it('a batch after the pause sends nothing; the follow-up is partly sent with the reason; no new one starts', async () => {
    const fx = await sendingFixture(150)
    expect(await sendFollowUpNow(fx.scope, fx.followUp.id, fx.actor, (f) => senderFrom(f))).toBe('started')
    const transport = createBatchTransport()
    expect(
      await runFollowUpBatch({ followUpId: fx.followUp.id, batch: 0 }, await jobOf(fx.followUp.id, 0), transport),
    ).toMatchObject({
      sent: 100,
    })

    const reason = sendingPausedReason(4)
    await getDb().insert(sendingPauses).values({ workspaceId: fx.scope.ownerId, reason, complaints: 4, sends: 1000 })
    expect(await runFollowUpBatch({ followUpId: fx.followUp.id, batch: 1 }, await jobOf(fx.followUp.id, 1), transport)).toEqual({
      failed: 'paused',
    })
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, fx.followUp.id))
    expect(row).toMatchObject({ status: 'partly_sent', statusReason: reason, sentCount: 100 })
    const statuses = (
      await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.followUpId, fx.followUp.id))
    ).map((r) => r.status)
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(100)
    expect(statuses.filter((s) => s === 'failed')).toHaveLength(50)

    const next = await sendingFixture(3)
    await getDb().insert(sendingPauses).values({ workspaceId: next.scope.ownerId, reason, complaints: 4, sends: 1000 })
    expect(await sendFollowUpNow(next.scope, next.followUp.id, next.actor, (f) => senderFrom(f))).toBe('paused')
  })

  it('the unsubscribe link of a message the sender built finds its recipient', async () => {
    const fx = await sendingFixture(2)
    expect(await sendFollowUpNow(fx.scope, fx.followUp.id, fx.actor, (f) => senderFrom(f))).toBe('started')
    await runFollowUpBatch({ followUpId: fx.followUp.id, batch: 0 }, await jobOf(fx.followUp.id, 0), createBatchTransport())
    const [first] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.followUpId, fx.followUp.id))
    expect(await unsubscribeByToken(followUpToken(first!.id))).toMatchObject({ unsubscribed: true })
    const [after] = await getDb().select().from(followUpRecipients).where(eq(followUpRecipients.id, first!.id))
    expect(after!.unsubscribedAt).toBeInstanceOf(Date)
  })
})
