import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leadErasures, leads } from '~/db/schema/leads'
import { contacts, leadEvents } from '~/db/schema/people'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { LeadEventPayload } from '~/jobs/payloads'
import { RETENTION_ERROR } from '~/lib/retention'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action as settingsAction, loader as settingsLoader } from '~/routes/app.settings'
import { action as captureAction } from '~/routes/t.$code'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { runRetention } from '~/services/lead-retention.server'
import { dataOf, locationOf } from './auth-utils'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// Retention (issue 10 Deliver 9): the setting in /app/settings and the daily job that deletes
// captures older than N months through eraseCaptures, in batches.

const NOW = new Date('2026-11-24T12:00:00Z')

async function capture(session: { code: string; id: string }, email: string, capturedAt: Date) {
  const body = { submission: issueSubmissionToken(session.id), first_name: 'Grace', email, q_role: 'Sales' }
  const res = (await call(captureAction, makeRequest(`/t/${session.code}`, { form: body }), { code: session.code })) as Response
  expect(res.status).toBe(303)
  await getDb()
    .update(leads)
    .set({ createdAt: capturedAt })
    .where(and(eq(leads.sessionId, session.id), eq(leads.email, email)))
}

const setMonths = (userId: string, months: number | null) =>
  getDb().update(workspaces).set({ retentionMonths: months }).where(eq(workspaces.id, userId))

describe('the retention job', () => {
  it('deletes captures older than the setting in batches, through eraseCaptures, and nothing else', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const keeper = await createOwner(undefined, { plan: 'pro' })
    await setMonths(owner.id, 6)
    const { session } = await createLiveSession(owner.id)
    const { session: later } = await createLiveSession(owner.id)
    const { session: keepers } = await createLiveSession(keeper.id)
    const old = new Date('2026-05-01T00:00:00Z')
    const oldEmails = Array.from({ length: 5 }, attendeeEmail)
    for (const email of oldEmails) await capture(session, email, old)
    // The same person seen again recently: their old capture goes, the person stays.
    await capture(later, oldEmails[0]!, new Date('2026-11-01T00:00:00Z'))
    const fresh = attendeeEmail()
    await capture(session, fresh, new Date('2026-05-24T12:00:01Z'))
    await capture(keepers, attendeeEmail(), old)

    const result = await runRetention({ now: NOW, batch: 2 })
    expect(result).toMatchObject({ erased: 5, batches: 3 })
    const left = await getDb()
      .select({ email: leads.email, sessionId: leads.sessionId })
      .from(leads)
      .where(eq(leads.ownerId, owner.id))
    expect(left.map((l) => l.email).sort()).toEqual([oldEmails[0]!, fresh].sort())
    expect(await getDb().select().from(leads).where(eq(leads.ownerId, keeper.id))).toHaveLength(1)

    const people = await getDb().select({ email: contacts.email }).from(contacts).where(eq(contacts.ownerId, owner.id))
    expect(people.map((p) => p.email).sort()).toEqual([oldEmails[0]!, fresh].sort())
    const erasures = await getDb().select().from(leadErasures).where(eq(leadErasures.ownerId, owner.id))
    expect(erasures).toHaveLength(5)
    expect(new Set(erasures.map((e) => e.requestedBy))).toEqual(new Set(['retention']))
    const deleted = (await getDb().select().from(jobs).where(eq(jobs.kind, 'lead.event')))
      .map((j) => j.payload as LeadEventPayload)
      .filter((p) => p.ownerId === owner.id && p.event === 'lead.deleted')
    expect(deleted).toHaveLength(5)
    const [kept] = await getDb()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, owner.id), eq(contacts.email, oldEmails[0]!)))
    const timeline = await getDb().select().from(leadEvents).where(eq(leadEvents.contactId, kept!.id))
    expect(timeline.find((e) => e.type === 'erased')?.data).toMatchObject({ requestedBy: 'retention' })

    // Running again finds nothing more.
    expect(await runRetention({ now: NOW, batch: 2 })).toMatchObject({ erased: 0 })
  })

  it('keeps everything for an account without a setting, and is queued once a day as a scheduled kind', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id)
    await capture(session, attendeeEmail(), new Date('2000-01-01T00:00:00Z'))
    await runRetention({ now: NOW })
    expect(await getDb().select().from(leads).where(eq(leads.ownerId, owner.id))).toHaveLength(1)

    await new JobWorker().enqueueScheduled(NOW)
    await new JobWorker().enqueueScheduled(new Date('2026-11-24T23:00:00Z'))
    const queued = await getDb().select().from(jobs).where(eq(jobs.kind, 'leads.retention'))
    expect(queued.map((j) => j.dedupeKey)).toContain(`leads.retention:${Math.floor(NOW.getTime() / 86_400_000)}`)
    expect(queued.filter((j) => j.dedupeKey === `leads.retention:${Math.floor(NOW.getTime() / 86_400_000)}`)).toHaveLength(1)
    expect(createJobRegistry()['leads.retention']).toMatchObject({ everyMs: 86_400_000 })
  })
})

describe('Settings → Lead retention', () => {
  it('saves, clears and refuses out-of-range months', async () => {
    const owner = await createOwner()
    const cookie = await sessionCookie(owner.id)
    const post = (retentionMonths: string) =>
      call(settingsAction, makeRequest('/app/settings', { cookie, form: { intent: 'retention', retentionMonths } }))
    const months = async () => (await getDb().select().from(workspaces).where(eq(workspaces.id, owner.id)))[0]?.retentionMonths

    expect(locationOf(await post('24'))).toBe('/app/settings')
    expect(await months()).toBe(24)
    expect(
      dataOf<{ retentionMonths: number | null }>(await call(settingsLoader, makeRequest('/app/settings', { cookie }))).data,
    ).toMatchObject({
      retentionMonths: 24,
    })
    for (const bad of ['0', '121', 'abc', '2.5']) {
      const refused = dataOf<{ retention: { error: Record<string, string[]> } }>(await post(bad))
      expect(refused.status).toBe(400)
      expect(refused.data.retention.error.retentionMonths).toEqual([RETENTION_ERROR])
    }
    expect(await months()).toBe(24)
    await post('')
    expect(await months()).toBeNull()
    // The notification setting still saves on its own.
    expect(locationOf(await call(settingsAction, makeRequest('/app/settings', { cookie, form: { leadNotify: 'daily' } })))).toBe(
      '/app/settings',
    )
    expect(
      await getDb()
        .select({ n: workspaceMembers.leadNotify })
        .from(workspaceMembers)
        .where(inArray(workspaceMembers.userId, [owner.id])),
    ).toEqual([{ n: 'daily' }])
  })
})
