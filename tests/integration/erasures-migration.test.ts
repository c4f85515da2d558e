import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { databaseBefore, rows } from './migration-utils'

// Erasures recorded before lead_erasures.captured_at existed get the erased capture's time from the
// consent ledger (its first row, written with the capture), so they keep their place in the plan
// gate's order; one without a ledger row stays null and does not count.
describe('lead_erasures.captured_at backfill', () => {
  it('takes each erased capture’s first consent time, and leaves null where the ledger has none', async () => {
    const { handle, finish } = await databaseBefore('_erasures-capture-time')
    const owner = '00000000-0000-4000-8000-00000000000a'
    const session = '00000000-0000-4000-8000-0000000000c1'
    await handle.exec(`
      insert into consent_texts (hash, text) values (repeat('a', 64), 'ok');
      insert into lead_consents (lead_id, session_id, owner_id, submission_id, notice_hash, marketing_consent, created_at) values
        ('00000000-0000-4000-8000-0000000000d1', '${session}', '${owner}', gen_random_uuid(), repeat('a', 64), false, '2026-01-01T10:00:00Z'),
        -- The same attendee signed up again later: the capture's time is the first row's.
        ('00000000-0000-4000-8000-0000000000d1', '${session}', '${owner}', gen_random_uuid(), repeat('a', 64), true, '2026-01-05T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000d2', '${session}', '${owner}', gen_random_uuid(), repeat('a', 64), false, '2026-01-02T10:00:00Z');
      insert into lead_erasures (lead_id, session_id, owner_id, email_hash, requested_by) values
        ('00000000-0000-4000-8000-0000000000d1', '${session}', '${owner}', 'h1', 'attendee'),
        ('00000000-0000-4000-8000-0000000000d2', '${session}', '${owner}', 'h2', 'speaker'),
        ('00000000-0000-4000-8000-0000000000d3', '${session}', '${owner}', 'h3', 'retention');
    `)
    await finish()

    const erasures = rows<{ lead_id: string; captured_at: Date | string | null }>(
      await handle.db.execute(sql`select lead_id, captured_at from lead_erasures order by lead_id`),
    )
    expect(
      erasures.map((e) => [e.lead_id.slice(-2), e.captured_at === null ? null : new Date(e.captured_at).toISOString()]),
    ).toEqual([
      ['d1', '2026-01-01T10:00:00.000Z'],
      ['d2', '2026-01-02T10:00:00.000Z'],
      ['d3', null],
    ])
  })
})
