import { and, eq, ne, sql } from 'drizzle-orm'
import type { Tx } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { emailSuppressions, followUpRecipients } from '~/db/schema/follow-ups'
import { webhookDeliveries } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { ERASED_PAYLOAD } from '~/lib/erasure'
import { announceAgain, workspaceOwner } from './lead-notices.server'

// The copies an erasure must reach beyond the capture rows (docs/decisions/0014): emails to or
// about the erased captures (found by jobs.lead_ids, written when they were queued), the webhook
// deliveries that carried their details, the person's details copied from them, and CRM answers
// quoting them. Runs inside eraseCaptures' transaction, so the copies go together with the
// captures or not at all.

export const ERASED_DELIVERY_ERROR = 'Not sent: the person’s details were erased'

export async function eraseStoredCopies(
  tx: Tx,
  erased: {
    ownerId: string
    leadIds: string[]
    /** The people of the erased captures. */
    contactIds: string[]
    /** Those of them left without captures, deleted with this erasure. */
    goneContactIds: string[]
  },
) {
  const { ownerId, leadIds } = erased
  const kept = erased.contactIds.filter((id) => !erased.goneContactIds.includes(id))
  await Promise.all([
    deleteJobsAbout(tx, ownerId, leadIds),
    eraseDeliveries(tx, erased),
    refreshPeople(tx, ownerId, kept),
    scrubCrmAnswers(tx, ownerId, erased.contactIds),
    eraseFollowUpCopies(tx, ownerId, erased.goneContactIds),
  ])
}

/**
 * A person gone with this erasure (issue 32 Deliver 9): their address and name leave the follow-ups'
 * recipient rows (the rows stay, so every follow-up's counts stay), and their address leaves the
 * suppression list (a new sign-up later is a new, proven address and a new consent). A queued
 * recipient without an address is never sent to.
 */
async function eraseFollowUpCopies(tx: Tx, ownerId: string, goneContactIds: string[]) {
  if (goneContactIds.length === 0) return
  await tx
    .delete(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.ownerId, ownerId),
        sql`${emailSuppressions.email} in (select ${followUpRecipients.email} from ${followUpRecipients} where ${followUpRecipients.ownerId} = ${ownerId}::uuid and ${inIdList(followUpRecipients.contactId, goneContactIds)} and ${followUpRecipients.email} is not null)`,
      ),
    )
  await tx
    .update(followUpRecipients)
    .set({ email: null, firstName: null, updatedAt: new Date() })
    .where(and(eq(followUpRecipients.ownerId, ownerId), inIdList(followUpRecipients.contactId, goneContactIds)))
}

/**
 * Closing an account (app/models/account-closure.server.ts) deletes its captures and people by the
 * foreign keys' cascade rather than through eraseCaptures: the jobs holding their details go first
 * — emails to or about its attendees, sent or not — and its finished CRM pushes lose HubSpot's answers.
 */
export async function eraseAccountCopies(tx: Tx, ownerId: string) {
  await tx
    .delete(jobs)
    .where(sql`${jobs.leadIds} && array(select ${leads.id} from ${leads} where ${leads.ownerId} = ${ownerId}::uuid)`)
  await scrubCrmAnswers(tx, ownerId, null)
}

/**
 * Every job whose payload holds an erased capture's details goes, whatever its state: a pending
 * email is never sent, a sent one is no longer kept. A cancelled digest also announced other
 * captures: they are owed to its member again and that member's next digest is due at once, so they
 * are announced again without the erased one (announceAgain, app/models/lead-notices.server.ts).
 */
async function deleteJobsAbout(tx: Tx, ownerId: string, leadIds: string[]) {
  const removed = await tx
    .delete(jobs)
    .where(sql`${jobs.leadIds} && ${`{${leadIds.join(',')}}`}::uuid[]`)
    .returning({
      status: jobs.status,
      leadIds: jobs.leadIds,
      digestFor: sql<string | null>`${jobs.payload}->'digest'->>'userId'`,
    })
  const erased = new Set(leadIds)
  for (const job of removed) {
    const unannounced = job.status === 'pending' ? (job.leadIds ?? []).filter((id) => !erased.has(id)) : []
    if (unannounced.length === 0) continue
    // A digest queued before digests named their member went to the workspace's owner.
    const member = job.digestFor ?? (await workspaceOwner(tx, ownerId))
    if (member) await announceAgain(tx, ownerId, member, unannounced)
  }
}

/**
 * Deliveries that carried an erased capture (its id in the body, as the capture or among the
 * person's), or any capture of a person now gone, keep their status and timing for the log; the
 * body and the receiver's answer go, and one still being retried is not sent. lead.deleted
 * deliveries are left to do their work: they drop the email themselves once delivered or given up
 * (webhooks.server.ts).
 */
async function eraseDeliveries(
  tx: Tx,
  erased: { ownerId: string; leadIds: string[]; contactIds: string[]; goneContactIds: string[] },
) {
  const ids = sql`(select value from jsonb_array_elements_text(${JSON.stringify(erased.leadIds)}::jsonb))`
  // A Settings endpoint's body is one capture (data.id); an API subscription's is the person with
  // every capture the key saw (data.captures[].id: app/services/api/webhook-events.server.ts).
  const captures = sql`${webhookDeliveries.payload}->'data'->'captures'`
  const aboutErased = sql`((${webhookDeliveries.payload}->'data'->>'id') in ${ids} or exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${captures}) = 'array' then ${captures} else '[]'::jsonb end) c where c->>'id' in ${ids}))`
  await tx
    .update(webhookDeliveries)
    .set({
      payload: ERASED_PAYLOAD,
      responseExcerpt: null,
      status: sql`case when ${webhookDeliveries.status} = 'pending' then 'failed' else ${webhookDeliveries.status} end`,
      lastError: sql`case when ${webhookDeliveries.status} = 'pending' then ${ERASED_DELIVERY_ERROR} else ${webhookDeliveries.lastError} end`,
    })
    .where(
      and(
        eq(webhookDeliveries.ownerId, erased.ownerId),
        inIdList(webhookDeliveries.contactId, erased.contactIds),
        ne(webhookDeliveries.eventType, 'lead.deleted'),
        erased.goneContactIds.length
          ? sql`(${inIdList(webhookDeliveries.contactId, erased.goneContactIds)} or ${aboutErased})`
          : aboutErased,
      ),
    )
}

/**
 * Finished CRM pushes about the person keep their outcome and the CRM's record id, not the CRM's
 * answer text: a refusal may quote the values sent (the address, a name). Pending ones are left to
 * run (an upsert of a person now gone skips itself; an archive needs no details).
 */
async function scrubCrmAnswers(tx: Tx, ownerId: string, contactIds: string[] | null) {
  await tx
    .update(jobs)
    .set({ lastError: null, result: sql`${jobs.result} - 'error'` })
    .where(
      and(
        eq(jobs.kind, 'crm.sync'),
        // As text, the expression of jobs_crm_contact_idx; null: every person of the owner.
        contactIds === null ? undefined : sql`(${jobs.payload}->>'contactId') = any(${`{${contactIds.join(',')}}`}::text[])`,
        sql`${jobs.payload}->>'ownerId' = ${ownerId}`,
        ne(jobs.status, 'pending'),
        sql`(${jobs.lastError} is not null or ${jobs.result}->>'error' is not null)`,
      ),
    )
}

/**
 * A person who keeps other captures: the details copied onto them (name, company, job title,
 * marketing consent, first and last seen) are taken again from the captures left, as a sign-up
 * would have set them, so none comes from an erased one.
 */
async function refreshPeople(tx: Tx, ownerId: string, contactIds: string[]) {
  if (contactIds.length === 0) return
  const latest = (column: string, nonNull = false) =>
    sql.raw(
      `(array_agg(l.${column} order by l.updated_at desc, l.created_at desc)${nonNull ? ` filter (where l.${column} is not null)` : ''})[1]`,
    )
  await tx.execute(sql`
    update ${contacts} c set
      first_name = x.first_name, company = x.company, job_title = x.job_title,
      marketing_consent = x.marketing_consent, first_seen_at = x.first_seen, last_seen_at = x.last_seen
    from (
      select l.contact_id, ${latest('first_name')} as first_name, ${latest('company', true)} as company,
        ${latest('job_title', true)} as job_title, ${latest('marketing_consent')} as marketing_consent,
        min(l.created_at) as first_seen, max(l.updated_at) as last_seen
      from ${leads} l
      where l.owner_id = ${ownerId}::uuid and ${inIdList(sql`l.contact_id`, contactIds)}
      group by l.contact_id
    ) x
    where c.id = x.contact_id and c.owner_id = ${ownerId}::uuid`)
}
