import { sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { emailSuppressions } from '~/db/schema/follow-ups'
import { leadConsents, leadErasures, leads } from '~/db/schema/leads'
import { contacts, segments } from '~/db/schema/people'
import { talkSessions } from '~/db/schema/talks'
import { includedFacts, summarise, type RecipientFacts, type RecipientSummary } from '~/lib/follow-up-recipients'
import type { FollowUpSource } from '~/lib/follow-ups'
import { parseLeadFilters } from '~/lib/lead-filters'
import type { Scope } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { peopleWhere, withheldFrom } from './lead-list.server'
import { runnerCondition, visibleLeadsFilter } from './leads.server'
import { workspacePlan } from './workspaces.server'

// The people of a follow-up's scope and the facts the recipients rule decides on (issue 32 Deliver
// 2), in SQL: one row per person (contacts: one per workspace and address, so one person of three
// talks is one row). The rule itself is app/lib/follow-up-recipients.ts; this module never decides.

type Executor = Db | Tx

/** Whose follow-up and to which people: the workspace, the sender's view of it (Scope), the source. */
export type Audience = { scope: Scope; source: FollowUpSource; sourceId: string }

/** A condition on `leads`: the capture was made in the source (a segment selects people, not captures). */
function inSource({ scope, source, sourceId }: Audience): SQL {
  const w = scope.ownerId
  switch (source) {
    case 'session':
      return sql`${leads.sessionId} = ${sourceId}::uuid`
    case 'talk':
      return sql`${leads.sessionId} in (select "src_s"."id" from ${talkSessions} as "src_s" where "src_s"."workspace_id" = ${w}::uuid and "src_s"."talk_id" = ${sourceId}::uuid)`
    case 'event':
      return sql`${leads.sessionId} in (select "src_s"."id" from ${talkSessions} as "src_s" where "src_s"."workspace_id" = ${w}::uuid and "src_s"."event_id" = ${sourceId}::uuid)`
    case 'segment':
      return sql`true`
  }
}

/** The sessions of the source (for its erasure records), or null for a segment. */
function sourceSessions({ scope, source, sourceId }: Audience): SQL | null {
  const w = scope.ownerId
  switch (source) {
    case 'session':
      return sql`select ${sourceId}::uuid`
    case 'talk':
      return sql`select "src_s"."id" from ${talkSessions} as "src_s" where "src_s"."workspace_id" = ${w}::uuid and "src_s"."talk_id" = ${sourceId}::uuid`
    case 'event':
      return sql`select "src_s"."id" from ${talkSessions} as "src_s" where "src_s"."workspace_id" = ${w}::uuid and "src_s"."event_id" = ${sourceId}::uuid`
    case 'segment':
      return null
  }
}

/** The people the source holds: those with a capture in it, or those the saved segment selects. */
async function peopleOf(audience: Audience, plan: Plan, db: Executor): Promise<SQL | null> {
  const w = audience.scope.ownerId
  if (audience.source !== 'segment')
    return sql`${contacts.ownerId} = ${w}::uuid and exists (select 1 from ${leads} where ${leads.contactId} = ${contacts.id} and ${leads.ownerId} = ${w}::uuid and ${inSource(audience)})`
  const [segment] = await db
    .select({ query: segments.query })
    .from(segments)
    .where(sql`${segments.id} = ${audience.sourceId}::uuid and ${segments.ownerId} = ${w}::uuid`)
    .limit(1)
  if (!segment) return null
  const filters = parseLeadFilters(new URLSearchParams(segment.query))
  return peopleWhere(audience.scope, plan, filters, undefined, await withheldFrom(audience.scope))
}

function suppressed(reason: 'bounced' | 'complained' | 'unsubscribed') {
  return sql`exists (select 1 from ${emailSuppressions} as "sup" where "sup"."owner_id" = ${contacts.ownerId} and "sup"."email" = ${contacts.email} and "sup"."reason" = ${reason})`
}

/**
 * A select of one row per person of the audience: contact_id, email, first_name and the facts
 * given, visible, consent, bounced, complained (RecipientFacts; erased is false for a live person).
 * Null when the source is gone (a deleted segment).
 */
export async function audienceFactsQuery(
  audience: Audience,
  plan: Plan,
  db: Executor = getDb(),
  options: { signedUpAt?: boolean } = {},
): Promise<SQL | null> {
  const where = await peopleOf(audience, plan, db)
  if (!where) return null
  const w = audience.scope.ownerId
  const own = sql`${leads.contactId} = ${contacts.id} and ${leads.ownerId} = ${w}::uuid`
  const runner = runnerCondition(audience.scope)
  const visible = visibleLeadsFilter({ plan })
  const src = inSource(audience)
  return sql`select ${contacts.id} as contact_id, ${contacts.email} as email, ${contacts.firstName} as first_name,
    exists (select 1 from ${leads} where ${own} and ${src} and ${runner}) as given,
    exists (select 1 from ${leads} where ${own} and ${src} and ${runner} and ${visible}) as visible,
    case
      when exists (select 1 from ${leads} where ${own} and ${leads.marketingConsent} and ${runner} and ${visible}) then 'yes'
      when exists (select 1 from ${leadConsents} as "wd" where "wd"."owner_id" = ${w}::uuid and "wd"."withdrawn_via" is not null
          and "wd"."lead_id" in (select ${leads.id} from ${leads} where ${own}))
        or ${suppressed('unsubscribed')} then 'withdrawn'
      else 'no'
    end as consent,
    ${suppressed('bounced')} as bounced,
    ${suppressed('complained')} as complained${
      options.signedUpAt
        ? sql`,
    ${signedUpAt(own, src, runner)} as signed_up_at`
        : sql``
    }
  from ${contacts}
  where ${where}`
}

/**
 * When the person last signed up in the source (an automatic follow-up's late sign-ups, Deliver 7):
 * their latest submission in the consent ledger among the captures given to the sender, else the
 * capture's own time (captures written without a submission).
 */
function signedUpAt(own: SQL, src: SQL, runner: SQL): SQL {
  const captures = sql`select ${leads.id} from ${leads} where ${own} and ${src} and ${runner}`
  return sql`coalesce(
      (select max("su"."created_at") from ${leadConsents} as "su" where "su"."lead_id" in (${captures}) and "su"."withdrawn_via" is null),
      (select max(${leads.createdAt}) from ${leads} where ${own} and ${src} and ${runner}))`
}

/**
 * The rule's "include" as a condition on a row of audienceFactsQuery (aliased `f`): exactly the
 * combinations of facts app/lib/follow-up-recipients.ts includes, so the freeze cannot drift from it.
 */
export function includedCondition(): SQL {
  const combos = includedFacts().filter((f) => !f.erased)
  if (combos.length === 0) return sql`false`
  return sql`(${sql.join(
    combos.map(
      (f) =>
        sql`(f.given = ${f.given}::boolean and f.visible = ${f.visible}::boolean and f.consent = ${f.consent}::text and f.bounced = ${f.bounced}::boolean and f.complained = ${f.complained}::boolean)`,
    ),
    sql` or `,
  )})`
}

type FactGroup = {
  given: boolean
  visible: boolean
  consent: RecipientFacts['consent']
  bounced: boolean
  complained: boolean
  n: number
}

/**
 * How many will receive it and how many are left out, by reason (Deliver 2: shown before sending).
 * The database groups the people by their facts; the rule decides each group. Erased people are
 * counted from the erasure records of the source's sessions (one per address).
 */
export async function recipientSummary(audience: Audience, db: Executor = getDb()): Promise<RecipientSummary | null> {
  const plan = await workspacePlan(audience.scope.ownerId, db)
  const facts = await audienceFactsQuery(audience, plan, db)
  if (!facts) return null
  const sessions = sourceSessions(audience)
  const [groups, erased] = await Promise.all([
    db.execute(sql`select f.given, f.visible, f.consent, f.bounced, f.complained, count(*)::int as n
      from (${facts}) f group by 1, 2, 3, 4, 5`),
    sessions
      ? db.execute(sql`select count(distinct ${leadErasures.emailHash})::int as n from ${leadErasures}
          where ${leadErasures.ownerId} = ${audience.scope.ownerId}::uuid and ${leadErasures.sessionId} in (${sessions})`)
      : Promise.resolve([{ n: 0 }]),
  ])
  const erasedCount = Number(rowsOf<{ n: number }>(erased)[0]?.n ?? 0)
  return summarise([
    ...rowsOf<FactGroup>(groups).map(({ n, ...f }) => ({ facts: { ...f, erased: false }, count: Number(n) })),
    {
      facts: { erased: true, given: true, visible: true, consent: 'no', bounced: false, complained: false },
      count: erasedCount,
    },
  ])
}

function rowsOf<T>(result: unknown): T[] {
  // postgres.js answers with the rows, PGlite with { rows }.
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}
