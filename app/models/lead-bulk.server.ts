import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { TAGS_PER_PERSON } from '~/lib/lead-follow-up'
import type { ContactStatus } from '~/lib/lead-status'
import type { Scope } from '~/lib/permissions'
import { isUuid } from '~/lib/text'
import { eraseCaptures, erasuresCommitted, recordLeadEvent, type ErasedCaptures } from '~/models/lead-events.server'
import { ownerPlan, runnerCondition, visibleLeadsFilter } from './leads.server'

// Bulk actions of the leads list (issue 10 Deliver 2): status, tags and delete on selected people.
// All or nothing: when any id is not one of the people the scope sees with a visible capture (another
// workspace's, one captured only at another member's sessions for a member who sees their own, a
// locked-only person, a made-up id), nothing changes and the route answers 404.
// Each person changed gets one timeline entry and one lead.updated (recordLeadEvent); deleting goes
// through eraseCaptures, the one deletion path.

export type BulkResult = { ok: true; changed: number } | { ok: false; reason: 'not-found' | 'won-needs-deal' | 'too-many-tags' }

async function lockOwnedPeople(tx: Tx, scope: Scope, ids: readonly string[]) {
  const { ownerId } = scope
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))]
  if (wanted.length === 0 || !wanted.every(isUuid)) return null
  const plan = await ownerPlan(ownerId, tx)
  const rows = await tx
    .select({ id: contacts.id, status: contacts.status, tags: contacts.tags, dealValueCents: contacts.dealValueCents })
    .from(contacts)
    .where(
      and(
        eq(contacts.ownerId, ownerId),
        inArray(contacts.id, wanted),
        sql`exists (select 1 from ${leads} where ${leads.contactId} = ${contacts.id} and ${leads.ownerId} = ${ownerId} and ${and(visibleLeadsFilter({ plan }), runnerCondition(scope))})`,
      ),
    )
    .for('update')
  return rows.length === wanted.length ? rows : null
}

export async function bulkSetStatus(scope: Scope, ids: readonly string[], status: ContactStatus): Promise<BulkResult> {
  const { ownerId, userId: actorId } = scope
  return getDb().transaction(async (tx) => {
    const people = await lockOwnedPeople(tx, scope, ids)
    if (!people) return { ok: false, reason: 'not-found' }
    const changing = people.filter((p) => p.status !== status)
    // As on the person's page, won needs a deal value (app/lib/lead-follow-up.ts).
    if (status === 'won' && changing.some((p) => p.dealValueCents === null)) return { ok: false, reason: 'won-needs-deal' }
    if (changing.length === 0) return { ok: true, changed: 0 }
    const now = new Date()
    await tx
      .update(contacts)
      .set({ status, updatedAt: now })
      .where(
        and(
          eq(contacts.ownerId, ownerId),
          inArray(
            contacts.id,
            changing.map((p) => p.id),
          ),
        ),
      )
    for (const p of changing)
      await recordLeadEvent(tx, {
        ownerId,
        contactId: p.id,
        type: 'status',
        data: { from: p.status, to: status, bulk: true },
        actorId,
        notify: 'lead.updated',
      })
    return { ok: true, changed: changing.length }
  })
}

export async function bulkTag(scope: Scope, ids: readonly string[], tag: string, change: 'add' | 'remove'): Promise<BulkResult> {
  const { ownerId, userId: actorId } = scope
  return getDb().transaction(async (tx) => {
    const people = await lockOwnedPeople(tx, scope, ids)
    if (!people) return { ok: false, reason: 'not-found' }
    const changing = people.filter((p) => p.tags.includes(tag) === (change === 'remove'))
    if (change === 'add' && changing.some((p) => p.tags.length >= TAGS_PER_PERSON)) return { ok: false, reason: 'too-many-tags' }
    if (changing.length === 0) return { ok: true, changed: 0 }
    const now = new Date()
    const changingIds = changing.map((p) => p.id)
    await tx
      .update(contacts)
      .set({
        tags: change === 'add' ? sql`array_append(${contacts.tags}, ${tag})` : sql`array_remove(${contacts.tags}, ${tag})`,
        updatedAt: now,
      })
      .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.id, changingIds)))
    for (const p of changing)
      await recordLeadEvent(tx, {
        ownerId,
        contactId: p.id,
        type: 'tags',
        data: change === 'add' ? { added: [tag], bulk: true } : { removed: [tag], bulk: true },
        actorId,
        notify: 'lead.updated',
      })
    return { ok: true, changed: changing.length }
  })
}

/**
 * Deletes the selected people: every capture of each (the locked ones too — the speaker asked for
 * the person to go), through eraseCaptures, which records the erasures, sends lead.deleted and
 * removes the person with their last capture. A member who sees only their sessions' leads deletes
 * the captures made there (as on the person's page).
 */
export async function bulkDelete(scope: Scope, ids: readonly string[]): Promise<BulkResult> {
  const { ownerId, userId: actorId } = scope
  const done = await getDb().transaction(async (tx): Promise<{ result: BulkResult; erased?: ErasedCaptures }> => {
    const people = await lockOwnedPeople(tx, scope, ids)
    if (!people) return { result: { ok: false, reason: 'not-found' } }
    const captures = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(
          eq(leads.ownerId, ownerId),
          inArray(
            leads.contactId,
            people.map((p) => p.id),
          ),
          runnerCondition(scope),
        ),
      )
    const erased = await eraseCaptures(
      tx,
      {
        ownerId,
        leadIds: captures.map((c) => c.id),
      },
      'speaker',
      actorId,
    )
    return { result: { ok: true, changed: people.length }, erased }
  })
  // Committed: their testimonials leave every public page and the sessions' displays count again, now.
  if (done.erased) await erasuresCommitted(done.erased)
  return done.result
}
