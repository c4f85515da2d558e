import { and, eq } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { contactNotes, contacts } from '~/db/schema/people'
import { mergeTags, normalizeTag } from '~/lib/lead-follow-up'
import type { ContactStatus } from '~/lib/lead-status'
import type { Scope } from '~/lib/permissions'
import { eraseCaptures, recordLeadEvent } from '~/models/lead-events.server'
import { allCaptureIds, findVisiblePerson } from './lead-detail.server'

// The speaker's changes to one person (issue 10 Deliver 2): status, deal value, tags, notes and the
// deletion of the person. Each runs in one transaction with its timeline entry (recordLeadEvent),
// which also tells webhooks and CRMs (lead.updated) — except notes, which stay private. A person the
// scope does not see (another workspace's, only captured at another member's sessions for a member
// who sees their own, or with every capture locked) is 'not-found' (the route answers 404).

/** The scope of the request (the acting person is scope.userId) and the person worked on. */
type Actor = Scope & { contactId: string }
type Person = typeof contacts.$inferSelect

async function withPerson<T>(actor: Actor, work: (tx: Tx, person: Person) => Promise<T>): Promise<T | 'not-found'> {
  return getDb().transaction(async (tx) => {
    const person = await findVisiblePerson(tx, actor, actor.contactId, { lock: true })
    if (!person) return 'not-found' as const
    return work(tx, person)
  })
}

const owned = (actor: Actor) => and(eq(contacts.id, actor.contactId), eq(contacts.ownerId, actor.ownerId))

/** Sets the status and the deal value; one timeline entry per thing that changed. */
export function savePipeline(
  actor: Actor,
  input: { status: ContactStatus; dealValueCents: number | null; dealCurrency: string },
) {
  return withPerson(actor, async (tx, person) => {
    const statusChanged = person.status !== input.status
    const dealCurrency = input.dealValueCents === null ? null : input.dealCurrency
    const dealChanged =
      person.dealValueCents !== input.dealValueCents || (input.dealValueCents !== null && person.dealCurrency !== dealCurrency)
    if (!statusChanged && !dealChanged) return { changed: false }
    await tx
      .update(contacts)
      .set({ status: input.status, dealValueCents: input.dealValueCents, dealCurrency, updatedAt: new Date() })
      .where(owned(actor))
    const base = { ownerId: actor.ownerId, contactId: actor.contactId, actorId: actor.userId, notify: 'lead.updated' as const }
    if (statusChanged) await recordLeadEvent(tx, { ...base, type: 'status', data: { from: person.status, to: input.status } })
    if (dealChanged)
      await recordLeadEvent(tx, {
        ...base,
        type: 'deal',
        data: {
          from: person.dealValueCents === null ? null : { cents: person.dealValueCents, currency: person.dealCurrency },
          to: input.dealValueCents === null ? null : { cents: input.dealValueCents, currency: dealCurrency },
        },
      })
    return { changed: true }
  })
}

/** Adds comma-separated tags (normalised); an error message when they do not fit the rules. */
export function addTags(actor: Actor, input: string) {
  return withPerson(actor, async (tx, person) => {
    const merged = mergeTags(person.tags, input)
    if (!merged.ok) return merged
    if (merged.added.length === 0) return { ok: true as const, added: [] }
    await tx.update(contacts).set({ tags: merged.tags, updatedAt: new Date() }).where(owned(actor))
    await recordLeadEvent(tx, {
      ownerId: actor.ownerId,
      contactId: actor.contactId,
      actorId: actor.userId,
      type: 'tags',
      data: { added: merged.added, removed: [] },
      notify: 'lead.updated',
    })
    return { ok: true as const, added: merged.added }
  })
}

export function removeTag(actor: Actor, raw: string) {
  return withPerson(actor, async (tx, person) => {
    const tag = normalizeTag(raw)
    if (!person.tags.includes(tag)) return { removed: false }
    await tx
      .update(contacts)
      .set({ tags: person.tags.filter((t) => t !== tag), updatedAt: new Date() })
      .where(owned(actor))
    await recordLeadEvent(tx, {
      ownerId: actor.ownerId,
      contactId: actor.contactId,
      actorId: actor.userId,
      type: 'tags',
      data: { added: [], removed: [tag] },
      notify: 'lead.updated',
    })
    return { removed: true }
  })
}

export function addNote(actor: Actor, body: string) {
  return withPerson(actor, async (tx) => {
    const [note] = await tx
      .insert(contactNotes)
      .values({ contactId: actor.contactId, ownerId: actor.ownerId, authorId: actor.userId, body })
      .returning({ id: contactNotes.id })
    await recordLeadEvent(tx, {
      ownerId: actor.ownerId,
      contactId: actor.contactId,
      actorId: actor.userId,
      type: 'note',
      data: { action: 'added', noteId: note!.id },
    })
    return { id: note!.id }
  })
}

/** Edits or deletes one of the person's notes; 'not-found' when the note is not theirs either. */
export function changeNote(actor: Actor, noteId: string, body: string | null) {
  return withPerson(actor, async (tx) => {
    const where = and(
      eq(contactNotes.id, noteId),
      eq(contactNotes.contactId, actor.contactId),
      eq(contactNotes.ownerId, actor.ownerId),
    )
    const rows =
      body === null
        ? await tx.delete(contactNotes).where(where).returning({ id: contactNotes.id })
        : await tx.update(contactNotes).set({ body, updatedAt: new Date() }).where(where).returning({ id: contactNotes.id })
    if (rows.length === 0) return 'not-found' as const
    await recordLeadEvent(tx, {
      ownerId: actor.ownerId,
      contactId: actor.contactId,
      actorId: actor.userId,
      type: 'note',
      data: { action: body === null ? 'deleted' : 'edited', noteId },
    })
    return 'ok' as const
  })
}

/**
 * Deletes the person: every capture, visible or locked, through the one deletion path. A member who
 * sees only their sessions' leads deletes the captures made there; the person stays in the workspace
 * while another session's capture of theirs remains.
 */
export function deletePerson(actor: Actor) {
  return withPerson(actor, async (tx) => {
    const leadIds = await allCaptureIds(tx, actor, actor.contactId)
    const erased = await eraseCaptures(tx, { ownerId: actor.ownerId, leadIds }, 'speaker', actor.userId)
    return { erased: erased.length }
  })
}
