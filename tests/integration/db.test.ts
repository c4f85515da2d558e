import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDatabaseHandle, getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { posts } from '~/db/schema/content'

describe('migrated database', () => {
  it('has every table of the schema', async () => {
    const rows = await getDb().execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    const names = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { table_name: string }[] }).rows).map(
      (r) => r.table_name,
    )
    for (const table of [
      'analytics_events',
      'comments',
      'contact_messages',
      'email_outbox',
      'featured_sections',
      'jobs',
      'newsletter_subscribers',
      'posts',
      'rate_limits',
      'sessions',
      'speaker_messages',
      'speakers',
      'startup_applications',
      'users',
      'verifications',
    ]) {
      expect(names).toContain(table)
    }
    expect(['pglite', 'postgres']).toContain(getDatabaseHandle()?.driver)
  })

  it('enforces unique post slugs and user emails', async () => {
    await getDb().insert(posts).values({ title: 'A', slug: 'a', content: 'x' })
    await expect(getDb().insert(posts).values({ title: 'A2', slug: 'a', content: 'y' })).rejects.toThrow()
    await getDb().insert(users).values({ email: 'a@example.com' })
    await expect(getDb().insert(users).values({ email: 'a@example.com' })).rejects.toThrow()
  })
})
