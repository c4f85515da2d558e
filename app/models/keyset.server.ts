import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '~/db/client.server'
import { isUuid } from '~/lib/text'

// Keyset pages, newest first (issue 30: the API's lists, `starting_after` = the last id of the page
// before): ordered by (created_at, id) descending, and a page after an object starts strictly below
// its position. The position is read back as text with its microseconds: a JavaScript Date keeps
// milliseconds only, and a cursor rounded down would answer again the rows of the same millisecond.
// With the position as constants, `(created_at, id) < (…)` is an index condition on an index
// (workspace, created_at, id): every page costs what the first does, however deep the walk.

/** Where the page after an object starts; null when the id is no object of the workspace. */
export type KeysetPosition = { at: string; id: string }

const UTC_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`

/**
 * The position of the object `id` in a workspace's list: `workspace` is the table's workspace
 * column, so another workspace's id (or an id that is no uuid) has none.
 */
export async function keysetPosition(
  db: Db | Tx,
  table: PgTable,
  columns: { id: AnyPgColumn; createdAt: AnyPgColumn; workspace: AnyPgColumn },
  workspaceId: string,
  id: string,
): Promise<KeysetPosition | null> {
  if (!isUuid(id) || !isUuid(workspaceId)) return null
  const [row] = await db
    .select({ at: sql<string>`to_char(${columns.createdAt} at time zone 'UTC', ${sql.raw(UTC_MICROS)})` })
    .from(table)
    .where(and(eq(columns.id, id), eq(columns.workspace, workspaceId)))
    .limit(1)
  return row ? { at: row.at, id: id.toLowerCase() } : null
}

/** Rows strictly after the position in newest-first order. */
export function afterPosition(columns: { id: AnyPgColumn; createdAt: AnyPgColumn }, position: KeysetPosition): SQL {
  return sql`(${columns.createdAt}, ${columns.id}) < (${position.at}::timestamptz, ${position.id}::uuid)`
}

/** Newest first, the id breaking ties (the same order afterPosition cuts). */
export function newestFirst(columns: { id: AnyPgColumn; createdAt: AnyPgColumn }) {
  return [desc(columns.createdAt), desc(columns.id)] as const
}

export type KeysetPage<T> = { rows: T[]; hasMore: boolean }

/** A page from `limit + 1` rows read: whether another follows, without counting. */
export function keysetPage<T>(rows: T[], limit: number): KeysetPage<T> {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit }
}

/** A list query's cursor could not be placed: the id is not one of the workspace's objects. */
export type KeysetResult<T> = ({ ok: true } & KeysetPage<T>) | { ok: false; reason: 'cursor' }
