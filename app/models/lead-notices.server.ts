import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { inIdList } from '~/db/id-list'
import { users } from '~/db/schema/accounts'
import { leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { LEAD_DIGEST_INTERVAL_MS } from '~/lib/constants'
import { PERMISSIONS, seesEveryLead } from '~/lib/permissions'
import { visibleLeadsFilter } from './leads.server'

// Who hears about a new lead (issue 21 Deliver 9). Every member who can see a capture — the owner
// and admins always, a member when they run its session or the workspace lets members see every
// lead (seesEveryLead) — hears about it by their own workspace_members.lead_notify: instant (queued
// by the sign-up statement itself), an hourly or daily digest, or off. leads.notified_members marks
// whom a capture was announced to; a member's digest takes the captures they can see, made since
// they joined, not yet marked for them — so each capture is in exactly one digest per member, and
// a member who switches from instant or off to a digest gets what they have not heard about.

export type DigestMode = keyof typeof LEAD_DIGEST_INTERVAL_MS

/** seesEveryLead (the permissions table) over a workspace_members row joined to its workspaces row. */
function seesEveryLeadSql(): SQL {
  const roles = sql.join(
    PERMISSIONS['leads.all'].map((role) => sql`${role}`),
    sql`, `,
  )
  return sql`(${workspaceMembers.role}::text in (${roles}) or (${workspaces.membersSeeAllLeads} and ${workspaceMembers.role}::text <> 'speaker'))`
}

/** Who received a capture (issue 23 Deliver 5): both, outside an organiser's events. */
export type CaptureRecipients = { toOrganiser: boolean; toSpeaker: boolean }

/**
 * The members told at once about a capture at a session run by `runnerId`: `user_id` and `email`,
 * a select for the sign-up statement (one statement, one round trip: app/models/lead-capture.server.ts).
 * The same rule as runnerCondition (app/models/leads.server.ts): those who see every lead hear of a
 * capture given to the organiser, the runner of one given to the speaker.
 */
export function instantRecipients(
  workspaceId: string,
  runnerId: string,
  given: CaptureRecipients = { toOrganiser: true, toSpeaker: true },
): SQL {
  return sql`select ${workspaceMembers.userId} as user_id, ${users.email} as email
    from ${workspaceMembers}
    join ${workspaces} on ${workspaces.id} = ${workspaceMembers.workspaceId}
    join ${users} on ${users.id} = ${workspaceMembers.userId}
    where ${workspaceMembers.workspaceId} = ${workspaceId}::uuid and ${workspaceMembers.leadNotify} = 'instant'
      and case when ${seesEveryLeadSql()} then ${given.toOrganiser}::boolean
        else ${given.toSpeaker}::boolean and ${workspaceMembers.userId} = ${runnerId}::uuid end`
}

/** Captures not yet announced to this member, made since `since` (when they joined). */
function owedTo(userId: SQL, since: SQL): SQL {
  return sql`(${leads.notifiedMembers} is null or not (${userId} = any(${leads.notifiedMembers}))) and ${leads.createdAt} >= ${since}`
}

/** Captures at sessions this member runs that were given to the speaker (runnerCondition's rule). */
function ranBy(workspaceId: SQL, userId: SQL): SQL {
  return sql`(${leads.toSpeaker} and ${leads.sessionId} in (select ${talkSessions.id} from ${talkSessions} where ${talkSessions.workspaceId} = ${workspaceId} and ${talkSessions.userId} = ${userId}))`
}

function dueCondition(mode: DigestMode, now: Date) {
  const cutoff = new Date(now.getTime() - LEAD_DIGEST_INTERVAL_MS[mode])
  return and(
    eq(workspaceMembers.leadNotify, mode),
    or(isNull(workspaceMembers.lastDigestAt), lte(workspaceMembers.lastDigestAt, cutoff)),
  )
}

/** The memberships on this digest mode whose interval has passed and who are owed a capture they can see. */
export async function dueDigestMembers(mode: DigestMode, now: Date) {
  const member = { workspaceId: sql`${workspaceMembers.workspaceId}`, userId: sql`${workspaceMembers.userId}` }
  return (
    getDb()
      .select({ workspaceId: workspaceMembers.workspaceId, userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(
        and(
          dueCondition(mode, now),
          sql`exists (select 1 from ${leads} where ${leads.ownerId} = ${member.workspaceId} and ${owedTo(member.userId, sql`${workspaceMembers.createdAt}`)} and (case when ${seesEveryLeadSql()} then ${leads.toOrganiser} else ${ranBy(member.workspaceId, member.userId)} end))`,
        ),
      )
      // The same order in every instance: concurrent runs meet at the same claim instead of interleaving.
      .orderBy(workspaceMembers.workspaceId, workspaceMembers.userId)
  )
}

export type DigestMember = { workspaceId: string; userId: string; email: string; since: Date; seesEvery: boolean }

/**
 * Takes this member's digest for this run: moves their last_digest_at to `now` if it is still due
 * (a conditional update, so of several instances exactly one gets the row) and holds the row lock
 * until the transaction ends. Null when another run has it or it is not due.
 */
export async function claimDigest(
  tx: Tx,
  { workspaceId, userId }: { workspaceId: string; userId: string },
  mode: DigestMode,
  now: Date,
): Promise<DigestMember | null> {
  const [claimed] = await tx
    .update(workspaceMembers)
    .set({ lastDigestAt: now })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId), dueCondition(mode, now)))
    .returning({ role: workspaceMembers.role, since: workspaceMembers.createdAt })
  if (!claimed) return null
  const [row] = await tx
    .select({ email: users.email, membersSeeAllLeads: workspaces.membersSeeAllLeads })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, workspaceId))
    .where(eq(users.id, userId))
  if (!row) return null
  return {
    workspaceId,
    userId,
    email: row.email,
    since: claimed.since,
    seesEvery: seesEveryLead(claimed.role, row.membersSeeAllLeads),
  }
}

/**
 * The captures owed to this member that they can see, each marked visible or locked by the plan gate
 * (the same condition as every read path, so the digest agrees with the leads page).
 */
export async function owedCaptures(tx: Tx, member: DigestMember) {
  const workspaceId = sql`${member.workspaceId}::uuid`
  const userId = sql`${member.userId}::uuid`
  return tx
    .select({ id: leads.id, sessionId: leads.sessionId, visible: sql<boolean>`${visibleLeadsFilter()}` })
    .from(leads)
    .where(
      and(
        eq(leads.ownerId, member.workspaceId),
        owedTo(userId, sql`${member.since.toISOString()}::timestamptz`),
        member.seesEvery ? eq(leads.toOrganiser, true) : ranBy(workspaceId, userId),
      ),
    )
}

/**
 * Marks these captures announced to the member (their digest is queued in the same transaction);
 * answers the ids marked. A capture whose row another transaction holds is skipped, not waited for,
 * and stays owed to the next digest: one being erased now drops out (the erasure then finds no
 * digest naming it), and neither an erasure (which locks the erased capture, then the others of a
 * cancelled digest) nor another member's digest can deadlock with this one.
 */
export async function markAnnounced(tx: Tx, member: { workspaceId: string; userId: string }, ids: string[], now: Date) {
  if (ids.length === 0) return []
  const userId = sql`${member.userId}::uuid`
  const free = tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.ownerId, member.workspaceId),
        inIdList(leads.id, ids),
        sql`(${leads.notifiedMembers} is null or not (${userId} = any(${leads.notifiedMembers})))`,
      ),
    )
    .for('update', { skipLocked: true })
  const marked = await tx
    .update(leads)
    .set({
      notifiedMembers: sql`array_append(coalesce(${leads.notifiedMembers}, '{}'::uuid[]), ${userId})`,
      notifiedAt: sql`coalesce(${leads.notifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(inArray(leads.id, free))
    .returning({ id: leads.id })
  return marked.map((m) => m.id)
}

/**
 * A digest to this member was cancelled before it was sent (an erasure deleted it): the other
 * captures it announced are owed to them again, and their next digest is due at once — unless a
 * digest of theirs holds the membership now (it locks the membership, then the captures): that one
 * picks the captures up itself once this commits, and waiting here could deadlock with it.
 */
export async function announceAgain(tx: Tx, workspaceId: string, userId: string, ids: string[]) {
  if (ids.length === 0) return
  const member = sql`${userId}::uuid`
  const left = sql`array_remove(${leads.notifiedMembers}, ${member})`
  const again = await tx
    .update(leads)
    .set({
      notifiedMembers: sql`case when cardinality(${left}) = 0 then null else ${left} end`,
      notifiedAt: sql`case when cardinality(${left}) = 0 then null else ${leads.notifiedAt} end`,
    })
    .where(and(eq(leads.ownerId, workspaceId), inIdList(leads.id, ids), sql`${member} = any(${leads.notifiedMembers})`))
    .returning({ id: leads.id })
  if (again.length === 0) return
  const free = tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for('update', { skipLocked: true })
  await tx
    .update(workspaceMembers)
    .set({ lastDigestAt: null })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, free)))
}

/** The owner of a workspace (digests queued before they named their member went to the owner). */
export async function workspaceOwner(tx: Tx | Db, workspaceId: string) {
  const [row] = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
  return row?.userId ?? null
}
