import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, type DatabaseHandle } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { migrationsBefore, rows } from './migration-utils'

// People captured before scoring existed get a score: migration 0019 queues one leads.rescore job
// per session that has captures (none for an empty session), once.
const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-migrations-'))
let handle: DatabaseHandle | undefined

afterAll(async () => {
  await handle?.close()
  rmSync(dir, { recursive: true, force: true })
  delete process.env.MIGRATIONS_DIR
})

describe('scores for people stored before scoring', () => {
  it('queues a rescore of every session with captures', async () => {
    handle = await openPglite(undefined)
    process.env.MIGRATIONS_DIR = migrationsBefore(dir, '_rescore-existing-people')
    await migrate(handle)
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
    delete process.env.MIGRATIONS_DIR
    await migrate(handle)

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
