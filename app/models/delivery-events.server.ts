import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { followUpRecipients } from '~/db/schema/follow-ups'
import { resendWebhookEvents } from '~/db/schema/mail-provider'
import type { RecordedEvent } from '~/lib/deliverability'
import { suppressEmail } from './consent-withdrawal.server'
import { pauseIfComplaintRatePassed } from './sending-pauses.server'

// What Resend's webhook says happened to a follow-up's message (issue 32 Deliver 5; docs/follow-up.md
// "What the numbers mean"), recorded on its recipient row by the provider's message id. The delivery
// id (svix-id) is stored in the same transaction: a replayed delivery does nothing, and one that fails
// leaves nothing behind, so svix's retry records it.

export type DeliveryEvent = {
  /** svix-id: the same for every redelivery of one message. */
  deliveryId: string
  type: string
  /** The follow-up message's id at Resend (data.email_id); null for events without one. */
  providerMessageId: string | null
  at: Date
  /** For email.bounced: a permanent bounce, whose address is suppressed. */
  hardBounce: boolean
}

export type DeliveryOutcome = 'duplicate' | 'recorded' | 'ignored' | 'unknown-message'

export async function recordDeliveryEvent(event: DeliveryEvent & { recorded: RecordedEvent | null }): Promise<DeliveryOutcome> {
  return getDb().transaction(async (tx) => {
    const fresh = await tx
      .insert(resendWebhookEvents)
      .values({ id: event.deliveryId, type: event.type, claimedAt: new Date(), processedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: resendWebhookEvents.id })
    if (!fresh.length) return 'duplicate'
    if (!event.recorded || !event.providerMessageId) return 'ignored'
    const [recipient] = await tx
      .select({
        id: followUpRecipients.id,
        ownerId: followUpRecipients.ownerId,
        followUpId: followUpRecipients.followUpId,
        email: followUpRecipients.email,
      })
      .from(followUpRecipients)
      .where(eq(followUpRecipients.providerMessageId, event.providerMessageId))
      .limit(1)
    // Not a follow-up (a sign-in link, a notification) or a recipient of a deleted workspace.
    if (!recipient) return 'unknown-message'
    const mine = eq(followUpRecipients.id, recipient.id)
    const now = new Date()
    if (event.recorded === 'email.delivered') {
      // Delivered never overwrites a bounce or a complaint that arrived first.
      await tx
        .update(followUpRecipients)
        .set({
          deliveredAt: sql`coalesce(${followUpRecipients.deliveredAt}, ${event.at.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(mine)
      await tx
        .update(followUpRecipients)
        .set({ status: 'delivered' })
        .where(and(mine, inArray(followUpRecipients.status, ['queued', 'sent'])))
    } else if (event.recorded === 'email.bounced') {
      await tx
        .update(followUpRecipients)
        .set({
          bouncedAt: sql`coalesce(${followUpRecipients.bouncedAt}, ${event.at.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(mine)
      await tx
        .update(followUpRecipients)
        .set({ status: 'bounced' })
        .where(and(mine, inArray(followUpRecipients.status, ['queued', 'sent', 'delivered'])))
      if (event.hardBounce && recipient.email) {
        await suppressEmail(tx, {
          workspaceId: recipient.ownerId,
          email: recipient.email,
          reason: 'bounced',
          followUpId: recipient.followUpId,
        })
      }
    } else {
      await tx
        .update(followUpRecipients)
        .set({
          complainedAt: sql`coalesce(${followUpRecipients.complainedAt}, ${event.at.toISOString()}::timestamptz)`,
          status: 'complained',
          updatedAt: now,
        })
        .where(mine)
      if (recipient.email) {
        await suppressEmail(tx, {
          workspaceId: recipient.ownerId,
          email: recipient.email,
          reason: 'complained',
          followUpId: recipient.followUpId,
        })
      }
      await pauseIfComplaintRatePassed(tx, recipient.ownerId)
    }
    return 'recorded'
  })
}
