import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { databaseBefore, rows } from './migration-utils'

// Captures stored before the leads workspace get their person: one contact per (speaker, email),
// with the latest capture's details, and a 'captured' timeline entry each.
describe('leads → contacts', () => {
  it('gives every stored capture its person and keeps every capture', async () => {
    const { handle, finish } = await databaseBefore('_leads-workspace')
    await handle.exec(`
      insert into users (id, email) values ('00000000-0000-4000-8000-00000000000a', 'ada@example.com');
      insert into talks (id, user_id, title) values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000a', 'Engines');
      insert into talk_sessions (id, user_id, talk_id, code, event_name, starts_at, time_zone, consent_text) values
        ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000b1', 'CODE1', 'One', now(), 'UTC', 'ok'),
        ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000b1', 'CODE2', 'Two', now(), 'UTC', 'ok');
      insert into leads (session_id, owner_id, email, first_name, company, erase_token_hash, created_at, updated_at) values
        ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'grace@example.com', 'Grace', 'Navy', 'h1', '2026-01-01', '2026-01-01'),
        ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'grace@example.com', 'Grace H.', null, 'h2', '2026-02-01', '2026-02-01'),
        ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'alan@example.com', 'Alan', 'Bletchley', 'h3', '2026-02-02', '2026-02-02');
    `)
    await finish()

    const people = rows<{ email: string; first_name: string; company: string | null; first_seen_at: Date; captures: number }>(
      await handle.db.execute(
        sql`select c.email, c.first_name, c.company, c.first_seen_at, (select count(*)::int from leads l where l.contact_id = c.id) as captures from contacts c order by c.email`,
      ),
    )
    expect(people.map((p) => [p.email, p.first_name, p.company, p.captures])).toEqual([
      ['alan@example.com', 'Alan', 'Bletchley', 1],
      ['grace@example.com', 'Grace H.', null, 2],
    ])
    expect(new Date(people[1]!.first_seen_at).toISOString()).toBe(new Date('2026-01-01').toISOString())
    const events = rows<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from lead_events where type = 'captured'`),
    )
    expect(events[0]!.n).toBe(3)
  })
})
