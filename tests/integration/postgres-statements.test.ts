import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { talks } from '~/db/schema/talks'
import { rows } from './migration-utils'

// app/db/client.server.ts hands drizzle a postgres.js client whose statements are named prepared
// statements (one round trip, parse and plan kept per connection), inside transactions and
// savepoints too. pg_prepared_statements lists the current connection's, so each check runs in one
// transaction (one connection).
const prepared = async (tx: Parameters<Parameters<ReturnType<typeof getDb>['transaction']>[0]>[0], marker: string) => {
  const result = await tx.execute(
    sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
  )
  return Number(rows<{ n: number }>(result)[0]!.n)
}

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('statements on Postgres', () => {
  it('prepares the statements drizzle builds, in a transaction and in a savepoint', async () => {
    await getDb().transaction(async (tx) => {
      await tx.select({ id: talks.id }).from(talks).where(eq(talks.title, 'prepared-check-tx'))
      expect(await prepared(tx, 'prepared-check')).toBe(0) // the title is a parameter, not in the text
      expect(await prepared(tx, '"talks"."title" = $1')).toBeGreaterThanOrEqual(1)
      await tx.transaction(async (inner) => {
        await inner.select({ title: talks.title }).from(talks).where(eq(talks.userId, '00000000-0000-0000-0000-000000000000'))
        expect(await prepared(inner, '"talks"."user_id" = $1')).toBeGreaterThanOrEqual(1)
      })
    })
  })
})
