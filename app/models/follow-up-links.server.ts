import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { workspaces } from '~/db/schema/workspaces'
import { clickTarget, isRecipientTokenShape } from '~/lib/follow-up-links'
import { followUpTokenHash } from '~/platform/follow-up-tokens.server'
import { suppressEmail, withdrawMarketingConsent } from './consent-withdrawal.server'

// What a follow-up's recipient does with its links (issue 32 Deliver 4 and 5; docs/follow-up.md):
// unsubscribe (/u/{token}) and click (/c/{token}/{n}). The token is looked up by its SHA-256; it
// names one recipient row, whose workspace is the scope of everything done here.

const byToken = (token: string) => eq(followUpRecipients.tokenHash, followUpTokenHash(token))

export type UnsubscribePage = { senderName: string; unsubscribed: boolean }

/** What the confirmation page shows (GET: reads only); null for an unknown token. */
export async function findUnsubscribe(token: string): Promise<UnsubscribePage | null> {
  if (!isRecipientTokenShape(token)) return null
  const [row] = await getDb()
    .select({ fromName: followUps.fromName, workspaceName: workspaces.name, unsubscribedAt: followUpRecipients.unsubscribedAt })
    .from(followUpRecipients)
    .innerJoin(followUps, eq(followUps.id, followUpRecipients.followUpId))
    .innerJoin(workspaces, eq(workspaces.id, followUpRecipients.ownerId))
    .where(byToken(token))
    .limit(1)
  if (!row) return null
  return { senderName: row.fromName || row.workspaceName, unsubscribed: !!row.unsubscribedAt }
}

/**
 * Unsubscribes the token's recipient from every later follow-up of the workspace, at once: the
 * address is suppressed (unsubscribed), the person's consent is withdrawn in the ledger (their page,
 * timeline, webhooks and the CRM push follow from it), the row notes when. Doing it again changes
 * nothing. Null for an unknown token.
 */
export async function unsubscribeByToken(token: string, now = new Date()): Promise<UnsubscribePage | null> {
  if (!isRecipientTokenShape(token)) return null
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: followUpRecipients.id,
        ownerId: followUpRecipients.ownerId,
        followUpId: followUpRecipients.followUpId,
        contactId: followUpRecipients.contactId,
        email: followUpRecipients.email,
        fromName: followUps.fromName,
        workspaceName: workspaces.name,
      })
      .from(followUpRecipients)
      .innerJoin(followUps, eq(followUps.id, followUpRecipients.followUpId))
      .innerJoin(workspaces, eq(workspaces.id, followUpRecipients.ownerId))
      .where(byToken(token))
      .limit(1)
      .for('update', { of: followUpRecipients })
    if (!row) return null
    await tx
      .update(followUpRecipients)
      .set({ unsubscribedAt: now, updatedAt: now })
      .where(and(eq(followUpRecipients.id, row.id), isNull(followUpRecipients.unsubscribedAt)))
    // An erased person's row keeps no address: nothing is left to suppress or withdraw.
    if (row.email) {
      await suppressEmail(tx, { workspaceId: row.ownerId, email: row.email, reason: 'unsubscribed', followUpId: row.followUpId })
    }
    await withdrawMarketingConsent(tx, {
      workspaceId: row.ownerId,
      contactId: row.contactId,
      source: { via: 'unsubscribe', followUpId: row.followUpId },
    })
    return { senderName: row.fromName || row.workspaceName, unsubscribed: true }
  })
}

export type Click = {
  url: string
  /** The recipient's first click in this follow-up: their score is raised. */
  firstClick: { ownerId: string; contactId: string } | null
}

/** The stored link a click goes to (and the click counted once per recipient); null → 404. */
export async function recordClick(token: string, index: number, now = new Date()): Promise<Click | null> {
  if (!isRecipientTokenShape(token)) return null
  const db = getDb()
  const [row] = await db
    .select({
      id: followUpRecipients.id,
      ownerId: followUpRecipients.ownerId,
      contactId: followUpRecipients.contactId,
      links: followUps.links,
    })
    .from(followUpRecipients)
    .innerJoin(followUps, and(eq(followUps.id, followUpRecipients.followUpId), eq(followUps.ownerId, followUpRecipients.ownerId)))
    .where(byToken(token))
    .limit(1)
  const url = row ? clickTarget(row.links, index) : null
  if (!row || !url) return null
  const first = await db
    .update(followUpRecipients)
    .set({ clickedAt: now, updatedAt: now })
    .where(and(eq(followUpRecipients.id, row.id), isNull(followUpRecipients.clickedAt)))
    .returning({ id: followUpRecipients.id })
  return { url, firstClick: first.length ? { ownerId: row.ownerId, contactId: row.contactId } : null }
}
