import { and, count, eq, isNotNull, lt, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { confirmationBudgets } from '~/db/schema/limits'
import { confirmationWindows, isConfirmationSkipReason, type ConfirmationSkipReason } from '~/lib/confirmation-limits'
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, CONFIRMATIONS_PER_SESSION_PER_HOUR } from '~/lib/constants'

// The limits on attendee confirmation emails (issue 20, app/lib/confirmation-limits.ts), checked
// when the email job runs rather than in the sign-up: the sign-up stays one statement (issue 9's
// throughput), and a job is where the send happens anyway. Race-free across parallel jobs and
// instances: a slot is taken by an upsert whose `where used < limit` Postgres re-checks on the
// latest row version under the row lock, so two workers can never both take the last one.

export type ConfirmationLimits = { perAddressPerDay: number; perSessionPerHour: number }
export const CONFIRMATION_LIMITS: ConfirmationLimits = {
  perAddressPerDay: CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  perSessionPerHour: CONFIRMATIONS_PER_SESSION_PER_HOUR,
}

export type ConfirmationDecision = 'send' | ConfirmationSkipReason

type Slot = {
  jobId: string
  /** The lead the confirmation is about (the job's lead_ids): told when it is skipped. */
  leadId: string | null
  sessionId: string
  /** A keyed hash of the recipient address (no personal data in the budget table). */
  addressKey: string
  now?: Date
  limits?: ConfirmationLimits
}

/**
 * Takes one slot of the session's hour and one of the address's day, or none: 'send', or why not.
 * The decision is written into the job's result in the same statement, so a retry of the job (the
 * transport failed, a lease expired) reuses it instead of taking another slot; a skipped
 * confirmation is recorded on its lead in that statement too, for the speaker.
 */
export async function takeConfirmationSlot(slot: Slot, earlier: unknown): Promise<ConfirmationDecision> {
  const decided = (earlier as { confirmation?: unknown } | null)?.confirmation
  if (decided === 'send' || isConfirmationSkipReason(decided)) return decided

  const { perAddressPerDay, perSessionPerHour } = slot.limits ?? CONFIRMATION_LIMITS
  const { day, hour } = confirmationWindows(slot.now ?? new Date())
  const take = (key: string, window: Date, limit: number) => sql`
    insert into ${confirmationBudgets} (key, window_start, used) values (${key}::text, ${window.toISOString()}::timestamptz, 1)
    on conflict (key, window_start) do update set used = ${confirmationBudgets}.used + 1
    where ${confirmationBudgets}.used < ${limit}::int
    returning 1`
  // The session's slot first, the address's only if that was free; an address over its limit then
  // gives the session's slot back (below), so neither budget is spent on an email not sent.
  const rows = rowsOf<{ decision: ConfirmationDecision }>(
    await getDb().execute(sql`
    with session_slot as (${take(`session:${slot.sessionId}`, hour, perSessionPerHour)}),
    address_slot as (
      insert into ${confirmationBudgets} (key, window_start, used)
      select ${`address:${slot.addressKey}`}::text, ${day.toISOString()}::timestamptz, 1 where exists (select 1 from session_slot)
      on conflict (key, window_start) do update set used = ${confirmationBudgets}.used + 1
      where ${confirmationBudgets}.used < ${perAddressPerDay}::int
      returning 1
    ),
    decision as (
      select case
        when not exists (select 1 from session_slot) then 'session_hourly_limit'
        when not exists (select 1 from address_slot) then 'address_daily_limit'
        else 'send' end as decision
    ),
    job as (
      update ${jobs} set result = jsonb_build_object('confirmation', decision.decision)
      from decision where ${jobs.id} = ${slot.jobId}::uuid
    ),
    lead as (
      update ${leads} set confirmation_skipped = decision.decision
      from decision where ${leads.id} = ${slot.leadId}::uuid and decision.decision <> 'send'
    )
    select decision from decision`),
  )
  const decision = rows[0]?.decision ?? 'send'
  if (decision === 'address_daily_limit') {
    await getDb()
      .update(confirmationBudgets)
      .set({ used: sql`greatest(${confirmationBudgets.used} - 1, 0)` })
      .where(and(eq(confirmationBudgets.key, `session:${slot.sessionId}`), eq(confirmationBudgets.windowStart, hour)))
  }
  return decision
}

/** How many of the session's leads got no confirmation email because of a limit (the owner's only). */
export async function countSkippedConfirmations(ownerId: string, sessionId: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.ownerId, ownerId), eq(leads.sessionId, sessionId), isNotNull(leads.confirmationSkipped)))
  return Number(row?.n ?? 0)
}

/** Drops windows that ended long ago (the daily jobs.prune): only today's and this hour's count. */
export async function pruneConfirmationBudgets(now = new Date()) {
  const before = new Date(confirmationWindows(now).day.getTime() - 24 * 60 * 60 * 1000)
  const deleted = await getDb()
    .delete(confirmationBudgets)
    .where(lt(confirmationBudgets.windowStart, before))
    .returning({ key: confirmationBudgets.key })
  return deleted.length
}

function rowsOf<T>(result: unknown): T[] {
  // postgres.js answers with the rows, PGlite with { rows }.
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}
