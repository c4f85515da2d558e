import { and, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailSuppressions, followUpRecipients } from '~/db/schema/follow-ups'
import { jobs } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { suppressEmail } from '~/models/consent-withdrawal.server'
import { sendFollowUpNow } from '~/models/follow-up-sending.server'
import { followUpStats } from '~/models/follow-ups.server'
import { eraseCaptures } from '~/models/lead-events.server'
import { loader as personExport } from '~/routes/app.leads_.$id_.export'
import { createBatchTransport, senderFrom } from '~/services/follow-up-send.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { drainUntilFinished, sendingFixture } from './follow-up-utils'
import { call, makeRequest, sessionCookie } from './utils'

// Issue 32 Deliver 9: erasing a person removes their address and name from the follow-ups they
// received (the counts stay) and from the suppression list; the person's JSON lists the follow-ups
// they received.

let worker: JobWorker | undefined
afterEach(async () => {
  await worker?.stop()
  worker = undefined
})

describe('a sent follow-up and the people in it', () => {
  it('lists it in the person’s JSON, and forgets their address when they are erased', async () => {
    const fx = await sendingFixture(3)
    expect(await sendFollowUpNow(fx.scope, fx.followUp.id, fx.actor, (f) => senderFrom(f))).toBe('started')
    worker = new JobWorker({ registry: createJobRegistry({ batchTransport: createBatchTransport() }), pollMs: 50 })
    await drainUntilFinished(worker, fx.followUp.id)
    const db = getDb()
    const [first] = await db.select().from(followUpRecipients).where(eq(followUpRecipients.followUpId, fx.followUp.id)).limit(1)
    await suppressEmail(db, { workspaceId: fx.owner.id, email: first!.email!, reason: 'bounced', followUpId: fx.followUp.id })

    const res = (await call(
      personExport,
      makeRequest(`/app/leads/${first!.contactId}/export`, { cookie: await sessionCookie(fx.owner.id) }),
      { id: first!.contactId },
    )) as Response
    expect(res.status).toBe(200)
    const body = (await res.json()) as { followUps: { id: string; subject: string; status: string; sentAt: string }[] }
    expect(body.followUps).toEqual([
      expect.objectContaining({ id: fx.followUp.id, subject: 'The slides, as promised', status: 'sent' }),
    ])
    expect(body.followUps[0]!.sentAt).toBeTruthy()

    const copiesBefore = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, 'email'), sql`${jobs.result}->>'followUpId' = ${fx.followUp.id}`))
    expect(copiesBefore).toHaveLength(3)
    const captures = await db.select({ id: leads.id }).from(leads).where(eq(leads.contactId, first!.contactId))
    await db.transaction((tx) => eraseCaptures(tx, { ownerId: fx.owner.id, leadIds: captures.map((c) => c.id) }, 'attendee'))

    const [after] = await db.select().from(followUpRecipients).where(eq(followUpRecipients.id, first!.id))
    expect(after).toMatchObject({ email: null, firstName: null, status: 'sent' })
    expect(await followUpStats(fx.scope, fx.followUp.id)).toMatchObject({ recipients: 3, sent: 3 })
    expect(await db.select().from(emailSuppressions).where(eq(emailSuppressions.ownerId, fx.owner.id))).toEqual([])
    // Their copy in the dev mailbox went with them; the others' stayed.
    const copiesAfter = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, 'email'), sql`${jobs.result}->>'followUpId' = ${fx.followUp.id}`))
    expect(copiesAfter).toHaveLength(2)
    expect(JSON.stringify(copiesAfter)).not.toContain(first!.email!)
    // The others keep their address.
    const others = await db.select().from(followUpRecipients).where(eq(followUpRecipients.followUpId, fx.followUp.id))
    expect(others.filter((r) => r.email !== null)).toHaveLength(2)
  })
})
