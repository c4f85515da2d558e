import { randomBytes, randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { getDb } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { sha256Hex } from '~/platform/lead-tokens.server'

// Follow-ups as the sender leaves them once sent (issue 32): a follow-up row with its stored links and
// recipient rows with their provider message ids and per-recipient tokens, for the tests of what
// comes back (webhook, unsubscribe, clicks). The tokens are returned: only the messages carry them.

export const WEBHOOK_SECRET = `whsec_${Buffer.from('a test signing secret of 32 bytes').toString('base64')}`

export type SentRecipient = { id: string; contactId: string; email: string | null; token: string; messageId: string }

export async function sentFollowUp(
  ownerId: string,
  people: readonly { contactId?: string; email: string | null }[],
  options: { links?: string[]; fromName?: string; sentAt?: (i: number) => Date } = {},
) {
  const [followUp] = await getDb()
    .insert(followUps)
    .values({
      ownerId,
      source: 'session',
      sourceId: randomUUID(),
      subject: 'The slides, as promised',
      bodyHtml: '<p>Hello</p>',
      status: 'sent',
      fromName: options.fromName ?? 'Ada Lovelace via Lectern',
      links: options.links ?? ['https://ada.example/slides.pdf', 'https://ada.example/workshop'],
      recipientCount: people.length,
      sentCount: people.length,
    })
    .returning({ id: followUps.id })
  const recipients: SentRecipient[] = people.map((p) => ({
    id: randomUUID(),
    contactId: p.contactId ?? randomUUID(),
    email: p.email,
    token: randomBytes(24).toString('base64url'),
    messageId: randomUUID(),
  }))
  for (let i = 0; i < recipients.length; i += 500) {
    await getDb()
      .insert(followUpRecipients)
      .values(
        recipients.slice(i, i + 500).map((r, j) => ({
          id: r.id,
          followUpId: followUp!.id,
          ownerId,
          contactId: r.contactId,
          email: r.email,
          batch: Math.floor((i + j) / 100),
          status: 'sent' as const,
          providerMessageId: r.messageId,
          tokenHash: sha256Hex(r.token),
          sentAt: options.sentAt?.(i + j) ?? new Date(Date.now() - 60_000 + i + j),
        })),
      )
  }
  return { followUpId: followUp!.id, recipients }
}

/** A Resend webhook delivery as svix signs it: the body and its svix-* headers. */
export function signedDelivery(
  event: Record<string, unknown>,
  options: { id?: string; at?: Date; secret?: string } = {},
): { body: string; headers: Record<string, string> } {
  const id = options.id ?? `msg_${randomBytes(12).toString('hex')}`
  const at = options.at ?? new Date()
  const body = JSON.stringify(event)
  const signature = new Webhook(options.secret ?? WEBHOOK_SECRET).sign(id, at, body)
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'svix-id': id,
      'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
      'svix-signature': signature,
    },
  }
}

/** Resend's event for one message. */
export function resendEvent(type: string, messageId: string, extra: Record<string, unknown> = {}) {
  return {
    type,
    created_at: new Date().toISOString(),
    data: {
      email_id: messageId,
      created_at: new Date().toISOString(),
      from: 'Ada Lovelace via Lectern <hello@lectern.local>',
      to: ['grace@example.com'],
      subject: 'The slides, as promised',
      ...extra,
    },
  }
}
