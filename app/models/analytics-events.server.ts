import { and, gte, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { analyticsEvents } from '~/db/schema/marketing'

export type DailyEventCount = { day: string; name: string; count: number }

/** Event counts per UTC day and name since `since` (inclusive), oldest day first. */
export async function countEventsPerDay(since: Date): Promise<DailyEventCount[]> {
  const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await getDb()
    .select({ day, name: analyticsEvents.name, count: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(and(gte(analyticsEvents.createdAt, since)))
    .groupBy(day, analyticsEvents.name)
    .orderBy(day, analyticsEvents.name)
  return rows.map((r) => ({ day: r.day, name: r.name, count: Number(r.count) }))
}
