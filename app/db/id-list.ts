import { sql, type Column, type SQL } from 'drizzle-orm'

/**
 * `column in (ids)` with one parameter however many ids there are: a JSON array unpacked in SQL.
 * The statement's text stays the same for 1 id or 500, so a Postgres connection prepares it once;
 * drizzle's inArray writes $1…$n, a new statement to parse for every length.
 */
export function inIdList(column: Column | SQL, ids: readonly string[]): SQL {
  return sql`${column} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`
}
