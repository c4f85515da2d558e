import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { getDb, type Db } from '~/db/client.server'
import { accounts, leadConsents, leads, talkSessions, talks } from '~/db/schema'
import { isPlan, lockedLeadCount, PLAN_LIMITS, PLANS, visibleLeadLimit, type Plan } from '~/lib/plans'

// The speaker's read path of leads (issue 9 Deliver 8, ARCHITECTURE decisions 14 and 16). Every
// query names the owner in its WHERE clause, and the plan's limit is applied here, in the query:
// a locked lead's details never leave the database on any read path (pages, emails, later exports
// and webhooks). Visible = the earliest captured first (created_at, then id), up to the plan's
// number per session, unless the session is unlocked.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The visibility order: the earliest captured first; the id breaks ties so the cut is stable. */
export const leadVisibilityOrder = [asc(leads.createdAt), asc(leads.id)] as const

/**
 * The plan gate as a condition on `leads` (for queries across sessions: the leads workspace, the
 * fan-out to webhooks and CRMs): a capture is visible when its session is unlocked, the owner's plan
 * shows every lead, or fewer than the plan's number of the session's leads came before it (the same
 * order as leadVisibilityOrder). The count runs only for a limited plan and stops at the limit.
 */
export function visibleLeadsFilter(owner?: { plan: Plan }) {
  // Known owner (the query is already limited to one owner's leads, and the caller read their plan):
  // the same rule without the per-row plan lookup, so the planner sees a cheap condition (the leads
  // list counts 100,000 captures with it: 2.2 s → see docs/leads.md).
  if (owner) {
    const n = PLAN_LIMITS[owner.plan].visibleLeadsPerSession
    if (n === null) return sql`true`
    return sql`(exists (select 1 from ${talkSessions} as "gate_s" where "gate_s"."id" = ${leads.sessionId} and "gate_s"."unlocked") or ${priorCountBelow(n)})`
  }
  const limited = PLANS.filter((p) => PLAN_LIMITS[p].visibleLeadsPerSession !== null)
  if (limited.length === 0) return sql`true`
  const cases = limited.map((p) => sql`when ${p} then ${priorCountBelow(PLAN_LIMITS[p].visibleLeadsPerSession!)}`)
  return sql`coalesce((select case when "gate_s"."unlocked" then true else case coalesce("gate_a"."plan"::text, 'free') ${sql.join(cases, sql` `)} else true end end from ${talkSessions} as "gate_s" left join ${accounts} as "gate_a" on "gate_a"."user_id" = "gate_s"."user_id" where "gate_s"."id" = ${leads.sessionId}), false)`
}

// Fewer than n of the session's leads came before this one (the visibility order), counting at most n.
function priorCountBelow(n: number) {
  return sql`(select count(*) from (select 1 from ${leads} as "prior" where "prior"."session_id" = ${leads.sessionId} and ("prior"."created_at", "prior"."id") < (${leads.createdAt}, ${leads.id}) limit ${sql.raw(String(n))}) as "p") < ${sql.raw(String(n))}`
}

/** What an attendee left at a capture besides their email: the columns every capture read shows. */
export const attendeeDetailColumns = {
  firstName: leads.firstName,
  company: leads.company,
  jobTitle: leads.jobTitle,
  phone: leads.phone,
  linkedinUrl: leads.linkedinUrl,
  answers: leads.answers,
  marketingConsent: leads.marketingConsent,
}

/** The owner's plan (no account row = free), for visibleLeadsFilter({ plan }). */
export async function ownerPlan(ownerId: string, db: Pick<Db, 'select'> = getDb()): Promise<Plan> {
  const [row] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.userId, ownerId)).limit(1)
  return isPlan(row?.plan) ? row.plan : 'free'
}

export type OwnedSession = {
  id: string
  code: string
  status: 'draft' | 'live' | 'closed'
  eventName: string
  talkTitle: string
  unlocked: boolean
  questions: (typeof talkSessions.$inferSelect)['questions']
  plan: Plan
}

/** A session of this owner with the owner's plan, or null (someone else's session looks like none). */
export async function getOwnedSession({
  ownerId,
  sessionId,
}: {
  ownerId: string
  sessionId: string
}): Promise<OwnedSession | null> {
  if (!UUID.test(sessionId) || !UUID.test(ownerId)) return null
  const [row] = await getDb()
    .select({
      id: talkSessions.id,
      code: talkSessions.code,
      status: talkSessions.status,
      eventName: talkSessions.eventName,
      talkTitle: talks.title,
      unlocked: talkSessions.unlocked,
      questions: talkSessions.questions,
      plan: accounts.plan,
    })
    .from(talkSessions)
    .innerJoin(talks, eq(talks.id, talkSessions.talkId))
    .leftJoin(accounts, eq(accounts.userId, talkSessions.userId))
    .where(and(eq(talkSessions.id, sessionId), eq(talkSessions.userId, ownerId)))
    .limit(1)
  if (!row) return null
  return { ...row, plan: isPlan(row.plan) ? row.plan : 'free' }
}

export type VisibleLead = {
  id: string
  firstName: string
  email: string
  company: string | null
  jobTitle: string | null
  phone: string | null
  linkedinUrl: string | null
  answers: Record<string, string | string[] | number>
  marketingConsent: boolean
  createdAt: Date
  updatedAt: Date
  /** The latest consent record of this lead: which notice version, when. */
  consent: { noticeHash: string; marketingConsent: boolean; at: Date } | null
}

export type SessionLeads = {
  session: OwnedSession
  leads: VisibleLead[]
  total: number
  locked: number
}

/**
 * The leads of one of the owner's sessions that the plan lets them see, with the total and the
 * number withheld. Null when the session is not theirs (the route answers 404).
 */
export async function listSessionLeads({
  ownerId,
  sessionId,
}: {
  ownerId: string
  sessionId: string
}): Promise<SessionLeads | null> {
  const session = await getOwnedSession({ ownerId, sessionId })
  if (!session) return null
  const db = getDb()
  const owned = and(eq(leads.sessionId, session.id), eq(leads.ownerId, ownerId))
  const limit = visibleLeadLimit(session.plan, session.unlocked)
  const query = db
    .select({
      id: leads.id,
      email: leads.email,
      ...attendeeDetailColumns,
      createdAt: leads.createdAt,
      updatedAt: leads.updatedAt,
    })
    .from(leads)
    .where(owned)
    .orderBy(...leadVisibilityOrder)
  const [rows, [totals]] = await Promise.all([
    limit === null ? query : query.limit(limit),
    db.select({ n: count() }).from(leads).where(owned),
  ])
  const total = Number(totals?.n ?? 0)
  const consents = rows.length
    ? await db
        .selectDistinctOn([leadConsents.leadId], {
          leadId: leadConsents.leadId,
          noticeHash: leadConsents.noticeHash,
          marketingConsent: leadConsents.marketingConsent,
          at: leadConsents.createdAt,
        })
        .from(leadConsents)
        .where(
          and(
            eq(leadConsents.ownerId, ownerId),
            inArray(
              leadConsents.leadId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(leadConsents.leadId, desc(leadConsents.createdAt), desc(leadConsents.id))
    : []
  const byLead = new Map(
    consents.map((c) => [c.leadId, { noticeHash: c.noticeHash, marketingConsent: c.marketingConsent, at: c.at }]),
  )
  return {
    session,
    leads: rows.map((r) => ({ ...r, consent: byLead.get(r.id) ?? null })),
    total,
    locked: lockedLeadCount(session.plan, session.unlocked, total),
  }
}

/**
 * Leads not yet notified, per owner, each marked visible or locked by the owner's plan, for the
 * digest. The rank is computed over all of a session's leads, notified or not, so the cut is the
 * same as on the leads page.
 */
export async function pendingNotifications(ownerId: string, db: Db = getDb()) {
  const ranked = db
    .select({
      id: leads.id,
      sessionId: leads.sessionId,
      notifiedAt: leads.notifiedAt,
      rank: sql<number>`row_number() over (partition by ${leads.sessionId} order by ${leads.createdAt}, ${leads.id})`.as('rank'),
    })
    .from(leads)
    .where(
      and(
        eq(leads.ownerId, ownerId),
        sql`${leads.sessionId} in (select ${leads.sessionId} from ${leads} where ${leads.ownerId} = ${ownerId} and ${leads.notifiedAt} is null)`,
      ),
    )
    .as('ranked')
  const pending = await db
    .select({ id: ranked.id, sessionId: ranked.sessionId, rank: ranked.rank })
    .from(ranked)
    .where(sql`${ranked.notifiedAt} is null`)
  return pending.map((p) => ({ ...p, rank: Number(p.rank) }))
}
