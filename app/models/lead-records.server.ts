import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { leads } from '~/db/schema/leads'
import { contactNotes, contacts } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import { EMPTY_LEAD_FILTERS } from '~/lib/lead-filters'
import type { ContactStatus, ScoreBand } from '~/lib/lead-status'
import type { Scope } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { afterPosition, keysetPage, keysetPosition, newestFirst, type KeysetResult } from './keyset.server'
import { findVisiblePerson, visibleCapturesOf, type PersonCapture, type PersonNote } from './lead-detail.server'
import { latestConsents, peopleWhere, withheldFrom } from './lead-list.server'

// People as the public API answers them (issue 30): the person's follow-up (status, deal, tags,
// score), their captures the scope sees with each one's latest consent record, and their notes —
// the same object for a page of the list, a single read and, later, a webhook's data. The rules are
// the leads list's and the person page's, called here rather than restated: peopleWhere (the plan
// gate, the runner and recipients rule, the filters on one visible capture), findVisiblePerson and
// visibleCapturesOf (a locked or withheld capture is never read). Pages are keyset pages, newest first
// on (created_at, id) of the person (contacts_owner_created_idx).

type Executor = Db | Tx

export type LeadRecordFilters = {
  session: string | null
  talk: string | null
  /** An organiser's event (events.id): captures at its sessions. */
  event: string | null
  /** The event name a session was given (the app's "Event" filter). */
  eventName: string
  status: ContactStatus | null
  band: ScoreBand | null
  /** Normalised (normalizeTag). */
  tag: string
  /** People first recorded at or after this instant. */
  createdSince: Date | null
  /** People changed at or after this instant: a capture, a resubmission, status, deal, tags or a note. */
  updatedSince: Date | null
}

export const NO_LEAD_RECORD_FILTERS: LeadRecordFilters = {
  session: null,
  talk: null,
  event: null,
  eventName: '',
  status: null,
  band: null,
  tag: '',
  createdSince: null,
  updatedSince: null,
}

const personColumns = {
  id: contacts.id,
  email: contacts.email,
  firstName: contacts.firstName,
  status: contacts.status,
  tags: contacts.tags,
  score: contacts.score,
  scoreBand: contacts.scoreBand,
  dealValueCents: contacts.dealValueCents,
  dealCurrency: contacts.dealCurrency,
}
export type LeadPerson = { [K in keyof typeof personColumns]: (typeof contacts.$inferSelect)[K] }

export type RecordConsent = { noticeHash: string; marketingHash: string | null; marketingConsent: boolean; at: Date }
export type RecordCapture = PersonCapture & { consent: RecordConsent | null }

export type LeadRecord = {
  person: LeadPerson
  /** The captures the scope sees, oldest first (latestDetails reads them in this order). */
  captures: RecordCapture[]
  /** Newest first. */
  notes: PersonNote[]
}

/**
 * The records of these people (already known to be the scope's): their visible captures, consents
 * and notes in three queries for the whole batch. A person left without a visible capture since
 * (erased in between) is left out, never answered from a locked copy.
 */
export async function leadRecords(db: Executor, scope: Scope, plan: Plan, people: readonly LeadPerson[]): Promise<LeadRecord[]> {
  if (people.length === 0) return []
  const { ownerId } = scope
  const ids = people.map((p) => p.id)
  const [captures, notes] = await Promise.all([
    visibleCapturesOf(
      db,
      ids.map((contactId) => ({ ownerId, contactId })),
      scope,
      plan,
    ),
    db
      .select({
        contactId: contactNotes.contactId,
        id: contactNotes.id,
        body: contactNotes.body,
        createdAt: contactNotes.createdAt,
        updatedAt: contactNotes.updatedAt,
      })
      .from(contactNotes)
      .where(and(eq(contactNotes.ownerId, ownerId), inIdList(contactNotes.contactId, ids)))
      .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id)),
  ])
  const captureIds = [...captures.values()].flat().map((c) => c.id)
  const consents: Map<string, RecordConsent> = captureIds.length ? await latestConsents(ownerId, captureIds) : new Map()
  const notesOf = new Map<string, PersonNote[]>()
  for (const { contactId, ...note } of notes) notesOf.set(contactId, [...(notesOf.get(contactId) ?? []), note])
  return people.flatMap((person) => {
    const seen = captures.get(person.id)
    if (!seen?.length) return []
    return [
      {
        person,
        captures: seen.map((c) => ({ ...c, consent: consents.get(c.id) ?? null })),
        notes: notesOf.get(person.id) ?? [],
      },
    ]
  })
}

/** One person the scope sees, or null: another workspace's, erased, only locked or withheld captures. */
export async function getLeadRecord(scope: Scope, plan: Plan, contactId: string, db: Executor = getDb()) {
  const person = await findVisiblePerson(db, scope, contactId)
  if (!person) return null
  const [record] = await leadRecords(db, scope, plan, [person])
  return record ?? null
}

/** The captures-side filters beyond the app's list: the organiser's event, by id. */
function eventCondition(ownerId: string, eventId: string | null): SQL | undefined {
  if (!eventId) return undefined
  return sql`${leads.sessionId} in (select ${talkSessions.id} from ${talkSessions} where ${talkSessions.workspaceId} = ${ownerId} and ${talkSessions.eventId} = ${eventId})`
}

/**
 * One page of the people the scope sees and the filters select, newest first. `startingAfter` is
 * the last id of the page before; one that is not a person of this workspace is `cursor`.
 */
export async function listLeadRecords({
  scope,
  plan,
  filters,
  limit,
  startingAfter,
}: {
  scope: Scope
  plan: Plan
  filters: LeadRecordFilters
  limit: number
  startingAfter?: string
}): Promise<KeysetResult<LeadRecord>> {
  const db = getDb()
  const columns = { id: contacts.id, createdAt: contacts.createdAt, workspace: contacts.ownerId }
  // Two independent reads before the page's query: the cursor's place, and the organiser's probe.
  const [position, withheld] = await Promise.all([
    startingAfter ? keysetPosition(db, contacts, columns, scope.ownerId, startingAfter) : null,
    withheldFrom(scope),
  ])
  if (startingAfter && !position) return { ok: false, reason: 'cursor' }
  const appFilters = {
    ...EMPTY_LEAD_FILTERS,
    session: filters.session,
    talk: filters.talk,
    event: filters.eventName,
    status: filters.status,
    band: filters.band,
    tag: filters.tag,
  }
  const where = and(
    peopleWhere(scope, plan, appFilters, undefined, withheld, eventCondition(scope.ownerId, filters.event)),
    filters.createdSince ? gte(contacts.createdAt, filters.createdSince) : undefined,
    filters.updatedSince ? gte(contacts.updatedAt, filters.updatedSince) : undefined,
    position ? afterPosition(columns, position) : undefined,
  )
  const people = await db
    .select(personColumns)
    .from(contacts)
    .where(where)
    .orderBy(...newestFirst(columns))
    .limit(limit + 1)
  const page = keysetPage(people, limit)
  return { ok: true, rows: await leadRecords(db, scope, plan, page.rows), hasMore: page.hasMore }
}
