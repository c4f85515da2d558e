import { and, eq } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { contactNotes, contacts } from '~/db/schema/people'
import { changeTags, FOLLOW_UP_ERRORS, mergeTags, normalizeTag } from '~/lib/lead-follow-up'
import type { ContactStatus } from '~/lib/lead-status'
import type { Scope } from '~/lib/permissions'
import { eraseCaptures, erasuresCommitted, recordLeadEvent } from '~/models/lead-events.server'
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

type Pipeline = { status: ContactStatus; dealValueCents: number | null; dealCurrency: string | null }

/** Writes the status and the deal value of a locked person; one timeline entry per thing that changed. */
async function writePipeline(tx: Tx, actor: Actor, person: Person, input: Pipeline) {
  const statusChanged = person.status !== input.status
  const dealCurrency = input.dealValueCents === null ? null : input.dealCurrency
  const dealChanged =
    person.dealValueCents !== input.dealValueCents || (input.dealValueCents !== null && person.dealCurrency !== dealCurrency)
  if (!statusChanged && !dealChanged) return false
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
  return true
}

/** Writes a locked person's new tags with one timeline entry naming what was added and removed. */
async function writeTags(tx: Tx, actor: Actor, change: { tags: string[]; added: string[]; removed: string[] }) {
  if (change.added.length === 0 && change.removed.length === 0) return false
  await tx.update(contacts).set({ tags: change.tags, updatedAt: new Date() }).where(owned(actor))
  await recordLeadEvent(tx, {
    ownerId: actor.ownerId,
    contactId: actor.contactId,
    actorId: actor.userId,
    type: 'tags',
    data: { added: change.added, removed: change.removed },
    notify: 'lead.updated',
  })
  return true
}

/** Sets the status and the deal value; one timeline entry per thing that changed. */
export function savePipeline(
  actor: Actor,
  input: { status: ContactStatus; dealValueCents: number | null; dealCurrency: string },
) {
  return withPerson(actor, async (tx, person) => ({ changed: await writePipeline(tx, actor, person, input) }))
}

/** Adds comma-separated tags (normalised); an error message when they do not fit the rules. */
export function addTags(actor: Actor, input: string) {
  return withPerson(actor, async (tx, person) => {
    const merged = mergeTags(person.tags, input)
    if (!merged.ok) return merged
    await writeTags(tx, actor, { tags: merged.tags, added: merged.added, removed: [] })
    return { ok: true as const, added: merged.added }
  })
}

export function removeTag(actor: Actor, raw: string) {
  return withPerson(actor, async (tx, person) => {
    const tag = normalizeTag(raw)
    if (!person.tags.includes(tag)) return { removed: false }
    await writeTags(tx, actor, { tags: person.tags.filter((t) => t !== tag), added: [], removed: [tag] })
    return { removed: true }
  })
}

export type PersonChange = {
  status?: ContactStatus
  /** undefined keeps the deal; null clears it. */
  deal?: { cents: number; currency: string } | null
  tags?: { set?: readonly string[]; add?: readonly string[]; remove?: readonly string[] }
}

/**
 * Status, deal and tags in one transaction (the API's PATCH): all or nothing, with the same rules
 * and timeline entries as the person's page — won needs a deal value, tags follow changeTags.
 */
export function changePerson(actor: Actor, change: PersonChange) {
  return withPerson(actor, async (tx, person) => {
    const deal = change.deal === undefined ? { cents: person.dealValueCents, currency: person.dealCurrency } : change.deal
    const status = change.status ?? person.status
    if (status === 'won' && (deal?.cents ?? null) === null)
      return { ok: false as const, field: 'status' as const, error: FOLLOW_UP_ERRORS.dealRequiredForWon }
    const tags = change.tags ? changeTags(person.tags, change.tags) : null
    if (tags && !tags.ok) return { ok: false as const, field: 'tags' as const, error: tags.error }
    const pipeline = await writePipeline(tx, actor, person, {
      status,
      dealValueCents: deal?.cents ?? null,
      dealCurrency: deal?.currency ?? null,
    })
    const tagged = tags ? await writeTags(tx, actor, tags) : false
    return { ok: true as const, changed: pipeline || tagged }
  })
}

/**
 * A note is part of the person as the API answers them (issue 30): their updated_at moves with it, so
 * `updated_since` finds them, although notes stay out of webhooks and CRMs (no lead.updated).
 */
async function touchPerson(tx: Tx, actor: Actor) {
  await tx.update(contacts).set({ updatedAt: new Date() }).where(owned(actor))
}

export function addNote(actor: Actor, body: string) {
  return withPerson(actor, async (tx) => {
    const [note] = await tx
      .insert(contactNotes)
      .values({ contactId: actor.contactId, ownerId: actor.ownerId, authorId: actor.userId, body })
      .returning({ id: contactNotes.id })
    await touchPerson(tx, actor)
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
    await touchPerson(tx, actor)
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
export async function deletePerson(actor: Actor) {
  const result = await withPerson(actor, async (tx) => {
    const leadIds = await allCaptureIds(tx, actor, actor.contactId)
    return eraseCaptures(tx, { ownerId: actor.ownerId, leadIds }, 'speaker', actor.userId)
  })
  if (result === 'not-found') return result
  // Committed: their testimonials leave every public page and the sessions' displays count again, now.
  await erasuresCommitted(result)
  return { erased: result.ids.length }
}
