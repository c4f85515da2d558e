import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { databaseBefore, rows } from './migration-utils'

// People captured before scoring existed get a score: migration 0019 queues one leads.rescore job
// per session that has captures (none for an empty session), once.
describe('scores for people stored before scoring', () => {
  it('queues a rescore of every session with captures', async () => {
    const { handle, finish } = await databaseBefore('_rescore-existing-people')
    const owner = '00000000-0000-4000-8000-00000000000a'
    await handle.exec(`
      insert into users (id, email) values ('${owner}', 'ada@example.com');
      insert into talks (id, user_id, title) values ('00000000-0000-4000-8000-0000000000b1', '${owner}', 'Engines');
      insert into talk_sessions (id, user_id, talk_id, code, event_name, starts_at, time_zone, consent_text) values
        ('00000000-0000-4000-8000-0000000000c1', '${owner}', '00000000-0000-4000-8000-0000000000b1', 'CODE1', 'One', now(), 'UTC', 'ok'),
        ('00000000-0000-4000-8000-0000000000c2', '${owner}', '00000000-0000-4000-8000-0000000000b1', 'CODE2', 'Two', now(), 'UTC', 'ok');
      insert into contacts (id, owner_id, email, first_name) values ('00000000-0000-4000-8000-0000000000d1', '${owner}', 'grace@example.com', 'Grace');
      insert into leads (session_id, owner_id, contact_id, email, first_name, erase_token_hash) values
        ('00000000-0000-4000-8000-0000000000c1', '${owner}', '00000000-0000-4000-8000-0000000000d1', 'grace@example.com', 'Grace', 'h1');
    `)
    await finish()

    const queued = rows<{ kind: string; payload: unknown; status: string }>(
      await handle.db.execute(sql`select kind, payload, status from jobs where kind = 'leads.rescore'`),
    )
    expect(queued).toEqual([
      {
        kind: 'leads.rescore',
        payload: { ownerId: owner, sessionId: '00000000-0000-4000-8000-0000000000c1' },
        status: 'pending',
      },
    ])
  })
})
