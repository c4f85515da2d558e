import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookingLeads } from '~/db/schema/feedback'
import { leadConsents, leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions, talks } from '~/db/schema/talks'
import type { LeadFilters } from '~/lib/lead-filters'
import type { Scope } from '~/lib/permissions'
import type { ContactStatus, ScoreBand } from '~/lib/lead-status'
import { lockedLeadCount, PLAN_LIMITS, type Plan } from '~/lib/plans'
import { runnerCondition, runnerSessions, visibleCaptureCount, visibleLeadsFilter, withholdsCaptures } from './leads.server'

// The leads list (issue 10 Deliver 1): one row per person (contacts), only people with at least one
// capture the owner's plan lets them see — and, for a member who sees only the leads of the sessions
// they run, one made at such a session (runnerCondition, issue 21). Every query names the workspace
// (scope.ownerId); the filters on where and when
// a person was seen (session, talk, event, dates) and the search apply to their VISIBLE captures in
// one EXISTS, so a locked capture never decides what is shown. The details shown (name, company,
// job title) are the latest visible capture's, not the contact's copy of the latest capture, which
// may be a locked one. Marketing consent is given when any visible capture gave it (and its consent
// record is the one exported); not ticking the box at a later talk does not withdraw it.

export const LEADS_PAGE_SIZE = 50
/** Most people one bulk action or selection export takes (one page of the list, with room). */
export const BULK_MAX = 200

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function dayStart(day: string) {
  return new Date(`${day}T00:00:00.000Z`)
}

function dayAfter(day: string) {
  const d = dayStart(day)
  d.setUTCDate(d.getUTCDate() + 1)
  return d
}

/**
 * Conditions on `leads` for one capture the scope may see that matches the capture filters (and
 * `extra`, a further condition on the same capture: the API's event id).
 */
function captureConditions(scope: Scope, plan: Plan, filters: LeadFilters, extra?: SQL): SQL {
  const { ownerId } = scope
  const parts: SQL[] = [eq(leads.ownerId, ownerId), visibleLeadsFilter({ plan }), runnerCondition(scope)]
  if (extra) parts.push(extra)
  if (filters.session) parts.push(eq(leads.sessionId, filters.session))
  if (filters.talk)
    parts.push(
      sql`${leads.sessionId} in (select ${talkSessions.id} from ${talkSessions} where ${talkSessions.workspaceId} = ${ownerId} and ${talkSessions.talkId} = ${filters.talk})`,
    )
  if (filters.event)
    parts.push(
      sql`${leads.sessionId} in (select ${talkSessions.id} from ${talkSessions} where ${talkSessions.workspaceId} = ${ownerId} and ${talkSessions.eventName} = ${filters.event})`,
    )
  if (filters.from) parts.push(sql`${leads.createdAt} >= ${dayStart(filters.from).toISOString()}::timestamptz`)
  if (filters.to) parts.push(sql`${leads.createdAt} < ${dayAfter(filters.to).toISOString()}::timestamptz`)
  if (filters.q) parts.push(sql`"leads"."search_text" like ${`%${escapeLike(filters.q.toLowerCase())}%`}`)
  if (filters.consent === 'yes') parts.push(eq(leads.marketingConsent, true))
  // A booking request left with this (visible) capture: a locked capture's request never selects anyone.
  if (filters.booking)
    parts.push(
      sql`exists (select 1 from ${bookingLeads} where ${bookingLeads.leadId} = ${leads.id} and ${bookingLeads.ownerId} = ${ownerId})`,
    )
  return and(...parts)!
}

/** The people of the workspace that the scope sees and the filters select (owner first in the WHERE clause). */
export function peopleWhere(
  scope: Scope,
  plan: Plan,
  filters: LeadFilters,
  contactIds?: readonly string[],
  withheld = false,
  captureExtra?: SQL,
): SQL {
  const { ownerId } = scope
  const parts: SQL[] = [eq(contacts.ownerId, ownerId)]
  // A person exists only with at least one capture (eraseCaptures removes them with their last one),
  // so when the plan shows every capture, the scope sees every lead and no filter is about captures,
  // the EXISTS is always true: leaving it out lets the default view count from the contacts index alone.
  const captureFiltered =
    !!(filters.session || filters.talk || filters.event || filters.from || filters.to || filters.q || captureExtra) ||
    filters.consent === 'yes' ||
    filters.booking
  // So does an organiser's workspace that holds people only its speakers received (issue 23,
  // `withheld`: withholdsCaptures, probed by the caller): each person needs a capture given to them.
  if (captureFiltered || PLAN_LIMITS[plan].visibleLeadsPerSession !== null || scope.runnerId !== null || withheld)
    parts.push(
      sql`exists (select 1 from ${leads} where ${leads.contactId} = ${contacts.id} and ${captureConditions(scope, plan, filters, captureExtra)})`,
    )
  if (contactIds) parts.push(inArray(contacts.id, contactIds.length ? [...contactIds] : ['00000000-0000-0000-0000-000000000000']))
  if (filters.status) parts.push(eq(contacts.status, filters.status))
  if (filters.band) parts.push(eq(contacts.scoreBand, filters.band))
  if (filters.tag) parts.push(sql`${contacts.tags} @> array[${filters.tag}]::text[]`)
  // Consent given at any visible capture stands (not ticking the box at a later talk does not
  // withdraw it; erasure does): "no" = no visible capture with marketing consent.
  if (filters.consent === 'no')
    parts.push(
      sql`not exists (select 1 from ${leads} where ${leads.contactId} = ${contacts.id} and ${leads.ownerId} = ${ownerId} and ${leads.marketingConsent} and ${and(visibleLeadsFilter({ plan }), runnerCondition(scope))})`,
    )
  return and(...parts)!
}

function orderFor(sort: LeadFilters['sort']) {
  switch (sort) {
    case 'first':
      return [asc(contacts.firstSeenAt), asc(contacts.id)]
    case 'name':
      return [asc(contacts.firstName), asc(contacts.id)]
    case 'score':
      return [desc(contacts.score), desc(contacts.id)]
    default:
      return [desc(contacts.lastSeenAt), desc(contacts.id)]
  }
}

export type LeadPersonRow = {
  id: string
  email: string
  firstName: string
  company: string | null
  jobTitle: string | null
  marketingConsent: boolean
  status: ContactStatus
  tags: string[]
  score: number
  scoreBand: ScoreBand
  dealValueCents: number | null
  dealCurrency: string | null
  /** Visible captures of this person (one per session). */
  captures: number
  firstCapturedAt: Date
  lastCapturedAt: Date
  /** Event names of the visible captures, latest first. */
  events: string[]
  /** The consent record of the latest visible capture that gave marketing consent, else of the latest. */
  consent: { noticeHash: string; marketingHash: string | null; marketingConsent: boolean; at: Date } | null
  /** The newest booking request left with a visible capture (issue 33 Deliver 3), else null. */
  booking: { organisation: string; role: string; timing: string; sessionId: string; createdAt: Date } | null
}

const personColumns = {
  id: contacts.id,
  email: contacts.email,
  status: contacts.status,
  tags: contacts.tags,
  score: contacts.score,
  scoreBand: contacts.scoreBand,
  dealValueCents: contacts.dealValueCents,
  dealCurrency: contacts.dealCurrency,
}

type PersonBase = { [K in keyof typeof personColumns]: (typeof contacts.$inferSelect)[K] }

/** Adds the visible captures' details to people read from contacts (one query for the batch). */
async function withCaptures(scope: Scope, plan: Plan, people: PersonBase[], withConsent: boolean): Promise<LeadPersonRow[]> {
  if (people.length === 0) return []
  const { ownerId } = scope
  const db = getDb()
  const captures = await db
    .select({
      id: leads.id,
      contactId: leads.contactId,
      firstName: leads.firstName,
      company: leads.company,
      jobTitle: leads.jobTitle,
      marketingConsent: leads.marketingConsent,
      createdAt: leads.createdAt,
      eventName: talkSessions.eventName,
      sessionId: leads.sessionId,
      bookingOrganisation: bookingLeads.organisation,
      bookingRole: bookingLeads.role,
      bookingTiming: bookingLeads.timing,
      bookingAt: bookingLeads.createdAt,
    })
    .from(leads)
    .innerJoin(talkSessions, eq(talkSessions.id, leads.sessionId))
    // One per capture (booking_leads_lead_uq): the join adds no rows.
    .leftJoin(bookingLeads, and(eq(bookingLeads.leadId, leads.id), eq(bookingLeads.ownerId, leads.ownerId)))
    .where(
      and(
        eq(leads.ownerId, ownerId),
        inArray(
          leads.contactId,
          people.map((p) => p.id),
        ),
        visibleLeadsFilter({ plan }),
        runnerCondition(scope),
      ),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
  const consents =
    withConsent && captures.length
      ? await latestConsents(
          ownerId,
          captures.map((c) => c.id),
        )
      : new Map()
  const byContact = new Map<string, typeof captures>()
  for (const c of captures) {
    const list = byContact.get(c.contactId) ?? []
    list.push(c)
    byContact.set(c.contactId, list)
  }
  const rows: LeadPersonRow[] = []
  for (const person of people) {
    const list = byContact.get(person.id)
    // Gone since the page query (erased in between): leave it out rather than show a locked copy.
    if (!list?.length) continue
    const latest = list[0]!
    const consenting = list.find((c) => c.marketingConsent)
    const booked = list.filter((c) => c.bookingAt !== null).sort((a, b) => b.bookingAt!.getTime() - a.bookingAt!.getTime())[0]
    rows.push({
      ...person,
      firstName: latest.firstName,
      company: latest.company,
      jobTitle: latest.jobTitle,
      marketingConsent: !!consenting,
      captures: list.length,
      lastCapturedAt: latest.createdAt,
      firstCapturedAt: list[list.length - 1]!.createdAt,
      events: [...new Set(list.map((c) => c.eventName))],
      consent: consents.get((consenting ?? latest).id) ?? null,
      booking: booked
        ? {
            organisation: booked.bookingOrganisation ?? '',
            role: booked.bookingRole ?? '',
            timing: booked.bookingTiming ?? '',
            sessionId: booked.sessionId,
            createdAt: booked.bookingAt!,
          }
        : null,
    })
  }
  return rows
}

/** The latest consent record of each capture (which wordings, by hash, and when), by capture id. */
export async function latestConsents(ownerId: string, leadIds: string[]) {
  const rows = await getDb()
    .selectDistinctOn([leadConsents.leadId], {
      leadId: leadConsents.leadId,
      noticeHash: leadConsents.noticeHash,
      marketingHash: leadConsents.marketingHash,
      marketingConsent: leadConsents.marketingConsent,
      at: leadConsents.createdAt,
    })
    .from(leadConsents)
    .where(and(eq(leadConsents.ownerId, ownerId), inArray(leadConsents.leadId, leadIds)))
    .orderBy(leadConsents.leadId, desc(leadConsents.createdAt), desc(leadConsents.id))
  return new Map(rows.map(({ leadId, ...consent }) => [leadId, consent]))
}

/** Whether the organiser's side of the workspace must check each person (a runner's scope always does). */
export function withheldFrom(scope: Scope) {
  return scope.runnerId === null ? withholdsCaptures(scope.ownerId) : Promise.resolve(false)
}

/** One page of people and how many match in all. */
export async function listLeadPeople({
  scope,
  plan,
  filters,
  page,
}: {
  scope: Scope
  plan: Plan
  filters: LeadFilters
  page: number
}) {
  const db = getDb()
  const where = peopleWhere(scope, plan, filters, undefined, await withheldFrom(scope))
  const [people, [totals]] = await Promise.all([
    db
      .select(personColumns)
      .from(contacts)
      .where(where)
      .orderBy(...orderFor(filters.sort))
      .limit(LEADS_PAGE_SIZE)
      .offset((page - 1) * LEADS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(where),
  ])
  const total = Number(totals?.n ?? 0)
  return {
    rows: await withCaptures(scope, plan, people, false),
    total,
    totalPages: Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE)),
  }
}

/** Whether the scope sees any person at all with a visible capture (for the empty state). */
export async function hasAnyLeadPeople(scope: Scope, plan: Plan) {
  const [row] = await getDb()
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.ownerId, scope.ownerId), visibleLeadsFilter({ plan }), runnerCondition(scope)))
    .limit(1)
  return !!row
}

/**
 * The export's rows, batch by batch (keyset on the contact id, never the whole result in memory):
 * the filtered people, or only the given ones (a selection; ids the scope does not see match nothing).
 */
export async function* leadPeopleBatches({
  scope,
  plan,
  filters,
  contactIds,
  batchSize = 500,
}: {
  scope: Scope
  plan: Plan
  filters: LeadFilters
  contactIds?: readonly string[]
  batchSize?: number
}): AsyncGenerator<LeadPersonRow[]> {
  const where = peopleWhere(scope, plan, filters, contactIds, await withheldFrom(scope))
  let after: string | null = null
  for (;;) {
    const people: PersonBase[] = await getDb()
      .select(personColumns)
      .from(contacts)
      .where(after ? and(where, gt(contacts.id, after)) : where)
      .orderBy(asc(contacts.id))
      .limit(batchSize)
    if (people.length === 0) return
    yield await withCaptures(scope, plan, people, true)
    if (people.length < batchSize) return
    after = people[people.length - 1]!.id
  }
}

/**
 * The sessions, talks, event names and tags the scope's filter controls offer: for a member who sees
 * only their sessions' leads, those sessions and the tags of the people seen there.
 */
export async function leadFilterOptions(scope: Scope) {
  const { ownerId } = scope
  const db = getDb()
  const seenByRunner =
    scope.runnerId !== null
      ? sql` and exists (select 1 from ${leads} where ${leads.contactId} = ${contacts.id} and ${leads.ownerId} = ${ownerId} and ${runnerCondition(scope)})`
      : sql``
  const [sessions, tags] = await Promise.all([
    db
      .select({
        id: talkSessions.id,
        eventName: talkSessions.eventName,
        startsAt: talkSessions.startsAt,
        talkId: talks.id,
        talkTitle: talks.title,
      })
      .from(talkSessions)
      .innerJoin(talks, eq(talks.id, talkSessions.talkId))
      .where(and(eq(talkSessions.workspaceId, ownerId), runnerSessions(scope)))
      .orderBy(desc(talkSessions.startsAt)),
    db.execute<{ tag: string }>(
      sql`select distinct t.tag from ${contacts}, unnest(${contacts.tags}) as t(tag) where ${contacts.ownerId} = ${ownerId} and ${contacts.tags} <> '{}'${seenByRunner} order by 1 limit 200`,
    ),
  ])
  const talkMap = new Map(sessions.map((s) => [s.talkId, s.talkTitle]))
  return {
    sessions: sessions.map((s) => ({ id: s.id, label: `${s.eventName} · ${s.talkTitle}`, startsAt: s.startsAt })),
    talks: [...talkMap].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title)),
    events: [...new Set(sessions.map((s) => s.eventName))].sort((a, b) => a.localeCompare(b)),
    tags: rowsOf<{ tag: string }>(tags).map((r) => r.tag),
  }
}

// postgres.js returns the rows as the result; PGlite returns { rows }.
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])
}

/**
 * Where the scope has locked captures (the plan shows the first N captures a session ever had):
 * per session (of those whose leads the scope sees), the total and how many are withheld (live
 * captures the gate does not show). Empty when the plan shows everything.
 */
export async function lockedCaptureSessions(scope: Scope, plan: Plan) {
  const { ownerId } = scope
  const db = getDb()
  const limit = PLAN_LIMITS[plan].visibleLeadsPerSession
  if (limit === null) return { plan, sessions: [] }
  const rows = await db
    .select({
      id: talkSessions.id,
      eventName: talkSessions.eventName,
      talkTitle: talks.title,
      unlocked: talkSessions.unlocked,
      total: sql<number>`(select count(*)::int from ${leads} where ${leads.sessionId} = ${talkSessions.id} and ${leads.ownerId} = ${ownerId})`,
      visible: visibleCaptureCount(limit, talkSessions.id, ownerId),
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .where(and(eq(talkSessions.workspaceId, ownerId), eq(talkSessions.unlocked, false), runnerSessions(scope)))
    .orderBy(desc(talkSessions.startsAt))
  return {
    plan,
    sessions: rows
      .map(({ visible, ...r }) => ({
        ...r,
        total: Number(r.total),
        locked: lockedLeadCount(plan, r.unlocked, Number(r.total), Number(visible)),
      }))
      .filter((r) => r.locked > 0),
  }
}
