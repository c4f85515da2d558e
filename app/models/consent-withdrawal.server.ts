import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/db/client.server'
import { emailSuppressions } from '~/db/schema/follow-ups'
import { leadConsents, leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import type { SuppressionReason } from '~/lib/follow-ups'
import { recordLeadEvent } from './lead-events.server'

// Withdrawing marketing consent (issue 32 Deliver 4) and the suppression list (Deliver 5). The
// consent ledger stays append-only (ARCHITECTURE decision 16): a withdrawal is a new row per capture
// whose latest row says yes — the same wordings, marketing_consent false, withdrawn_via saying how —
// so every reader of "the latest consent record of a capture" (the leads list and its export, the
// person's page, the lawful export) reads "no" from then on without knowing about withdrawals. The
// copies on leads and contacts follow in the same transaction, so the recipients rule, the leads
// list's consent filter and the person's page agree.

type Executor = Db | Tx

export type WithdrawalSource = { via: 'unsubscribe'; followUpId: string | null } | { via: 'speaker'; actorId: string }

/**
 * Appends the withdrawal to the ledger for each of the person's captures in this workspace that says
 * yes, and makes their consent "no". Returns how many captures it withdrew (0: nothing said yes, so a
 * second unsubscribe appends nothing). Records a timeline entry and a lead.updated event (webhooks,
 * the CRM push) when something changed. Call it inside the transaction that records the unsubscribe.
 */
export async function withdrawMarketingConsent(
  db: Executor,
  { workspaceId, contactId, source }: { workspaceId: string; contactId: string; source: WithdrawalSource },
): Promise<number> {
  const followUpId = source.via === 'unsubscribe' ? source.followUpId : null
  const appended = await db.execute(sql`
    insert into ${leadConsents} (lead_id, session_id, owner_id, submission_id, notice_hash, marketing_hash, marketing_consent,
      recipients, share_hash, share_consent, withdrawn_via, follow_up_id)
    select latest.lead_id, latest.session_id, latest.owner_id, null, latest.notice_hash, latest.marketing_hash, false,
      latest.recipients, latest.share_hash, latest.share_consent, ${source.via}::text, ${followUpId}::uuid
    from (
      select distinct on (c.lead_id) c.*
      from ${leadConsents} c
      where c.owner_id = ${workspaceId}::uuid
        and c.lead_id in (select l.id from ${leads} l where l.owner_id = ${workspaceId}::uuid and l.contact_id = ${contactId}::uuid)
      order by c.lead_id, c.created_at desc, c.id desc
    ) latest
    where latest.marketing_consent
    returning lead_id`)
  const withdrawn = rowsOf<{ lead_id: string }>(appended)
  await db
    .update(leads)
    .set({ marketingConsent: false, updatedAt: new Date() })
    .where(and(eq(leads.ownerId, workspaceId), eq(leads.contactId, contactId), eq(leads.marketingConsent, true)))
  const changed = await db
    .update(contacts)
    .set({ marketingConsent: false, updatedAt: new Date() })
    .where(and(eq(contacts.id, contactId), eq(contacts.ownerId, workspaceId), eq(contacts.marketingConsent, true)))
    .returning({ id: contacts.id })
  if (withdrawn.length > 0 || changed.length > 0) {
    await recordLeadEvent(db, {
      ownerId: workspaceId,
      contactId,
      type: 'consent_withdrawn',
      data: { via: source.via, ...(followUpId ? { followUpId } : {}) },
      actorId: source.via === 'speaker' ? source.actorId : null,
      notify: 'lead.updated',
      change: 'consent_withdrawn',
    })
  }
  return withdrawn.length
}

/**
 * Never mail this address from this workspace again for this reason (a hard bounce, a complaint, an
 * unsubscribe). Idempotent: the first record of a reason stays. Returns whether it was new.
 */
export async function suppressEmail(
  db: Executor,
  entry: { workspaceId: string; email: string; reason: SuppressionReason; followUpId?: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(emailSuppressions)
    .values({
      ownerId: entry.workspaceId,
      email: entry.email.trim().toLowerCase(),
      reason: entry.reason,
      followUpId: entry.followUpId ?? null,
    })
    .onConflictDoNothing({ target: [emailSuppressions.ownerId, emailSuppressions.email, emailSuppressions.reason] })
    .returning({ id: emailSuppressions.id })
  return rows.length > 0
}

function rowsOf<T>(result: unknown): T[] {
  // postgres.js answers with the rows, PGlite with { rows }.
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}
