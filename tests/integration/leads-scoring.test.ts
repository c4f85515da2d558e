import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { webhookDeliveries } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { contacts } from '~/db/schema/people'
import { talkSessions, type SessionQuestion } from '~/db/schema/talks'
import type { LeadEventPayload } from '~/jobs/payloads'
import { createEndpoint } from '~/models/webhooks.server'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action as editAction, loader as editLoader } from '~/routes/app.sessions.$id.edit'
import { action as captureAction } from '~/routes/t.$code'
import { createJobRegistry } from '~/services/job-kinds.server'
import { dispatchLeadEvent } from '~/services/lead-events.server'
import { sessionForm } from './app-utils'
import { dataOf, locationOf } from './auth-utils'
import { attendeeEmail, createLiveSession, createOwner } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// Scoring kept on the person (issue 10 Deliver 4): the lead.event subscriber rescores on every
// capture, the session editor stores per-answer points, and changed points queue a rescore of the
// session's people.

const ROLE: SessionQuestion = {
  id: 'role',
  kind: 'single',
  label: 'Your role',
  required: true,
  options: ['Engineering', 'Marketing', 'Sales'],
  weights: { Sales: 3 },
}

async function signUp(session: { code: string; id: string }, form: Record<string, string>) {
  const body = { submission: issueSubmissionToken(session.id), first_name: 'Grace', ...form }
  const res = (await call(captureAction, makeRequest(`/t/${session.code}`, { form: body }), { code: session.code })) as Response
  expect(res.status).toBe(303)
}

/** Runs the queued jobs of one kind as the worker would (their handlers from the registry). */
async function runJobs(kind: 'lead.event' | 'leads.rescore') {
  const registry = createJobRegistry()
  const rows = await getDb()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'pending')))
  for (const job of rows) {
    if (kind === 'lead.event') await dispatchLeadEvent(job.payload as LeadEventPayload, job.id)
    else await registry['leads.rescore'].run(job.payload as { ownerId: string; sessionId: string }, job)
    await getDb().update(jobs).set({ status: 'done' }).where(eq(jobs.id, job.id))
  }
}

const personOf = async (ownerId: string, email: string) =>
  (
    await getDb()
      .select()
      .from(contacts)
      .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, email)))
  )[0]!

describe('scores on people', () => {
  it('scores a person when their capture is dispatched, and again when they come to a second talk', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session: first } = await createLiveSession(owner.id, { questions: [ROLE] })
    const { session: second } = await createLiveSession(owner.id, { questions: [] })
    const email = attendeeEmail()
    await signUp(first, { email, q_role: 'Sales', job_title: 'Head of Sales' })
    await runJobs('lead.event')
    expect(await personOf(owner.id, email)).toMatchObject({
      score: 9,
      scoreBand: 'hot',
      scoreReasons: ['+3 Your role: Sales', '+4 Senior job title (Head of Sales)', '+2 Work email (example.com)'],
    })

    const other = attendeeEmail()
    await signUp(first, { email: other, q_role: 'Engineering', job_title: 'Engineer' })
    await signUp(second, { email: other, job_title: 'Engineer' })
    await runJobs('lead.event')
    expect(await personOf(owner.id, other)).toMatchObject({
      score: 4,
      scoreBand: 'warm',
      scoreReasons: ['+2 Work email (example.com)', '+2 Seen at 2 talks'],
    })
  })

  it('does not let a locked capture raise the score', async () => {
    const owner = await createOwner(undefined, { plan: 'free' })
    const { session } = await createLiveSession(owner.id, { questions: [ROLE] })
    for (let i = 0; i < 3; i++) await signUp(session, { email: attendeeEmail(), q_role: 'Engineering' })
    const locked = attendeeEmail()
    await signUp(session, { email: locked, q_role: 'Sales', job_title: 'CEO' })
    await runJobs('lead.event')
    expect(await personOf(owner.id, locked)).toMatchObject({ score: 0, scoreBand: 'cold', scoreReasons: [] })
  })
})

describe('one batch of lead events', () => {
  it('handles the events of two speakers together as it would each alone: visibility, scores, webhooks', async () => {
    const free = await createOwner(undefined, { plan: 'free' })
    const pro = await createOwner(undefined, { plan: 'pro' })
    await createEndpoint(free.id, { url: 'https://hooks.example.com/lectern', description: '', events: ['lead.created'] }, null)
    const { session: freeSession } = await createLiveSession(free.id, { questions: [ROLE] })
    const { session: proSession } = await createLiveSession(pro.id, { questions: [ROLE] })
    const seen = [attendeeEmail(), attendeeEmail(), attendeeEmail()]
    for (const email of seen) await signUp(freeSession, { email, q_role: 'Engineering' })
    const locked = attendeeEmail()
    await signUp(freeSession, { email: locked, q_role: 'Sales', job_title: 'CEO' })
    const buyer = attendeeEmail()
    await signUp(proSession, { email: buyer, q_role: 'Sales', job_title: 'Head of Sales' })

    const pending = await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'lead.event'), eq(jobs.status, 'pending')))
    const batch = pending.filter((job) => [free.id, pro.id].includes((job.payload as LeadEventPayload).ownerId))
    expect(batch).toHaveLength(5)
    const results = await createJobRegistry()['lead.event'].runMany!(
      batch.map((job) => ({ payload: job.payload as LeadEventPayload, job })),
    )
    await getDb()
      .update(jobs)
      .set({ status: 'done' })
      .where(
        inArray(
          jobs.id,
          batch.map((job) => job.id),
        ),
      )

    const visibleOf = new Map(batch.map((job) => [(job.payload as LeadEventPayload).contactId, results.get(job.id)]))
    for (const email of [...seen, buyer])
      expect(visibleOf.get((await personOf(email === buyer ? pro.id : free.id, email)).id)).toEqual({
        subscribers: 3,
        visible: true,
      })
    expect(visibleOf.get((await personOf(free.id, locked)).id)).toEqual({ subscribers: 3, visible: false })

    expect(await personOf(pro.id, buyer)).toMatchObject({ score: 9, scoreBand: 'hot' })
    expect(await personOf(free.id, seen[0]!)).toMatchObject({ score: 2, scoreBand: 'cold' })
    expect(await personOf(free.id, locked)).toMatchObject({ score: 0, scoreBand: 'cold', scoreReasons: [] })

    const deliveries = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.ownerId, free.id))
    expect(deliveries.map((d) => (d.payload as { data: { email: string } }).data.email).sort()).toEqual([...seen].sort())
    expect(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.ownerId, pro.id))).toEqual([])
  })
})

describe('points in the session editor', () => {
  it('stores points per option, shows them back, refuses out-of-range ones and rescores the session', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const cookie = await sessionCookie(owner.id)
    const { talk, session } = await createLiveSession(owner.id, { questions: [{ ...ROLE, weights: undefined }] })
    const email = attendeeEmail()
    await signUp(session, { email, q_role: 'Marketing' })
    await runJobs('lead.event')
    expect((await personOf(owner.id, email)).score).toBe(2)

    const path = `/app/sessions/${session.id}/edit`
    const form = (points: Record<string, string>) =>
      sessionForm(talk.id, {
        'questions[0].id': 'role',
        'questions[0].label': 'Your role',
        'questions[0].options': 'Engineering\nMarketing\nSales',
        'questions[1].kind': 'rating',
        'questions[1].label': 'How was it?',
        'questions[2].kind': 'text',
        'questions[2].label': 'Next topic?',
        ...points,
      })
    const refused = dataOf<{ result: { error: Record<string, string[]> } }>(
      await call(
        editAction,
        makeRequest(path, { cookie, form: form({ 'questions[0].points[1]': '11', 'questions[1].points[4]': 'x' }) }),
        {
          id: session.id,
        },
      ),
    )
    expect(refused.status).toBe(400)
    expect(refused.data.result.error['questions[0].points[1]']).toEqual(['Points must be a whole number from -10 to 10'])
    expect(refused.data.result.error['questions[1].points[4]']).toEqual(['Points must be a whole number from -10 to 10'])
    expect(await getDb().select().from(jobs).where(eq(jobs.kind, 'leads.rescore'))).toHaveLength(0)

    const saved = await call(
      editAction,
      makeRequest(path, {
        cookie,
        form: form({
          'questions[0].points[0]': '',
          'questions[0].points[1]': '+6',
          'questions[0].points[2]': '-2',
          'questions[1].points[4]': '3',
          'questions[2].points[0]': '1',
        }),
      }),
      { id: session.id },
    )
    expect(locationOf(saved)).toBe(`/app/sessions/${session.id}`)
    const [row] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, session.id))
    expect(row!.questions.map((q) => q.weights)).toEqual([{ Marketing: 6, Sales: -2 }, { '5': 3 }, { answered: 1 }])
    const view = dataOf<{ defaults: { questions: { points: string[] }[] } }>(
      await call(editLoader, makeRequest(path, { cookie }), { id: session.id }),
    )
    expect(view.data.defaults.questions.map((q) => q.points)).toEqual([['', '6', '-2'], ['', '', '', '', '3'], ['1']])

    const queued = await getDb().select().from(jobs).where(eq(jobs.kind, 'leads.rescore'))
    expect(queued.map((j) => j.payload)).toEqual([{ ownerId: owner.id, sessionId: session.id }])
    await runJobs('leads.rescore')
    expect(await personOf(owner.id, email)).toMatchObject({ score: 8, scoreBand: 'hot' })

    // Saving again with the same points queues nothing more.
    const [q1, q2] = row!.questions.slice(1).map((q) => q.id)
    await call(
      editAction,
      makeRequest(path, {
        cookie,
        form: form({
          'questions[0].points[1]': '6',
          'questions[0].points[2]': '-2',
          'questions[1].points[4]': '3',
          'questions[2].points[0]': '1',
          'questions[1].id': q1!,
          'questions[2].id': q2!,
          eventName: 'Renamed',
        }),
      }),
      { id: session.id },
    )
    expect(await getDb().select().from(jobs).where(eq(jobs.kind, 'leads.rescore'))).toHaveLength(1)
  })
})
