import { sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { rateLimits } from '~/db/schema/limits'

/**
 * Fixed-window counter kept in the database, so limits hold across processes.
 * Returns whether this hit is allowed, how long until the window resets, and the hits counted in it
 * (this one included), all from the one upsert: every instance agrees.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowMs: number,
): Promise<{ allowed: boolean; retryAfterMs: number; count: number }> {
  const now = new Date()
  // Raw sql`` parameters reach postgres.js untyped, and it only accepts strings there: pass ISO text
  // (Postgres casts it to timestamptz). PGlite accepts either.
  const windowStartCutoff = new Date(now.getTime() - windowMs).toISOString()
  const nowText = now.toISOString()
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowStartCutoff}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowStartCutoff}::timestamptz then ${nowText}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
  const count = row?.count ?? 1
  const retryAfterMs = Math.max(0, (row?.windowStart ?? now).getTime() + windowMs - now.getTime())
  return { allowed: count <= limit, retryAfterMs, count }
}

/** Windows that ended: every limit's window is a day at most, so a day-old start is over. */
export async function pruneRateLimits(olderThanMs = 24 * 60 * 60 * 1000) {
  const deleted = await getDb()
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < ${new Date(Date.now() - olderThanMs).toISOString()}::timestamptz`)
    .returning({ key: rateLimits.key })
  return deleted.length
}

const localWindows = new Map<string, { start: number; count: number }>()
const LOCAL_WINDOWS_MAX = 10_000

/**
 * The same fixed window kept in this process's memory, for hot paths where a database write per
 * hit would cost more than the request itself (attendee sign-ups). With several instances the
 * limit holds per instance.
 */
export function hitLocalRateLimit(key: string, limit: number, windowMs: number, now: number = Date.now()) {
  let window = localWindows.get(key)
  if (!window || now - window.start >= windowMs) {
    if (localWindows.size >= LOCAL_WINDOWS_MAX) {
      for (const [k, w] of localWindows) if (now - w.start >= windowMs) localWindows.delete(k)
    }
    window = { start: now, count: 0 }
    localWindows.set(key, window)
  }
  window.count++
  return { allowed: window.count <= limit, retryAfterMs: Math.max(0, window.start + windowMs - now) }
}
