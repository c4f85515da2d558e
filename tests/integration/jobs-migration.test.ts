import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { databaseBefore, rows } from './migration-utils'

// The email outbox became the first kind of the job queue: a database that had queued, sent and failed
// messages in email_outbox keeps every one of them, with ids, attempts and delivery records, and the
// email_outbox view shows them as before.
describe('email_outbox → jobs', () => {
  it('moves every message over and the view reads them as before', async () => {
    const { handle, finish } = await databaseBefore('_jobs')
    await handle.exec(`
      insert into email_outbox (id, "to", reply_to, subject, html, text, status, attempts, transport, provider_id, sent_at)
      values
        ('00000000-0000-4000-8000-000000000001', 'sent@example.com', 'r@example.com', 'Sent', '<p>S</p>', 'S', 'sent', 2, 'resend', 'prov-1', now()),
        ('00000000-0000-4000-8000-000000000002', 'queued@example.com', null, 'Queued', '<p>Q</p>', 'Q', 'pending', 0, null, null, null),
        ('00000000-0000-4000-8000-000000000003', 'dead@example.com', null, 'Dead', '<p>D</p>', 'D', 'failed', 10, null, null, null);
      update email_outbox set last_error = 'Fake outage' where status = 'failed';
    `)

    await finish()

    const jobs = rows<{ id: string; kind: string; status: string; attempts: number; payload: Record<string, string> }>(
      await handle.db.execute(sql`select id, kind, status, attempts, payload from jobs order by id`),
    )
    expect(jobs.map((j) => [j.id.slice(-1), j.kind, j.status, j.attempts])).toEqual([
      ['1', 'email', 'done', 2],
      ['2', 'email', 'pending', 0],
      ['3', 'email', 'failed', 10],
    ])
    expect(jobs[0]!.payload).toEqual({
      to: 'sent@example.com',
      replyTo: 'r@example.com',
      subject: 'Sent',
      html: '<p>S</p>',
      text: 'S',
    })
    expect(jobs[1]!.payload).not.toHaveProperty('replyTo')

    const outbox = rows<Record<string, unknown>>(
      await handle.db.execute(
        sql`select id, "to", reply_to, subject, status, attempts, transport, provider_id, last_error, sent_at from email_outbox order by id`,
      ),
    )
    expect(outbox[0]).toMatchObject({
      to: 'sent@example.com',
      reply_to: 'r@example.com',
      status: 'sent',
      transport: 'resend',
      provider_id: 'prov-1',
    })
    expect(outbox[0]!.sent_at).not.toBeNull()
    expect(outbox[1]).toMatchObject({ to: 'queued@example.com', status: 'pending', transport: null, sent_at: null })
    expect(outbox[2]).toMatchObject({ status: 'failed', attempts: 10, last_error: 'Fake outage' })
  })
})
