import { and, eq, inArray, like } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailOutbox, jobs } from '~/db/schema/jobs'
import { leads, leadSubmissions } from '~/db/schema/leads'
import { confirmationBudgets } from '~/db/schema/limits'
import { confirmationSkippedText } from '~/lib/confirmation-limits'
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY } from '~/lib/constants'
import { LINK_REFUSED_MESSAGE } from '~/lib/links-in-text'
import { loader as personLoader } from '~/routes/app.leads_.$id/route'
import { loader as sessionLoader } from '~/routes/app.sessions.$id._index'
import { action } from '~/routes/t.$code'
import { loader as thanksLoader } from '~/routes/t.$code_.thanks.$submission'
import type { Transport } from '~/services/email.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { attendeeEmail, createLiveSession, createOwner, validForm } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// The attendee form must not be an email relay (issue 20, item 9): a scan sent 25 confirmations to
// 25 arbitrary addresses from one address in one second. Every lead is stored; the confirmations
// go out within one per address and session, CONFIRMATIONS_PER_ADDRESS_PER_DAY per address and an
// hourly budget per session, checked race-free when the email job runs; what is held back is
// recorded and shown to the speaker.

const VENUE = { 'X-Lectern-Remote-Addr': '203.0.113.9' }
const post = (session: { code: string; id: string }, form: Record<string, string>) =>
  call(action, makeRequest(`/t/${session.code}`, { form: validForm(issueSubmissionToken(session.id), form), headers: VENUE }), {
    code: session.code,
  }) as Promise<Response>

let sent: string[] = []
let failNext = 0
const transport: Transport = {
  name: 'dev-mailbox',
  async send(email) {
    if (failNext > 0) {
      failNext--
      throw new Error('provider unavailable')
    }
    sent.push(email.to)
    return {}
  },
}
/** Workers as separate instances would run them, each with the same (small, for the test) hourly budget. */
const workers = (n: number, perSessionPerHour = 10) =>
  Array.from(
    { length: n },
    () =>
      new JobWorker({
        pollMs: 60_000,
        batchSize: 5,
        baseDelayMs: 1,
        maxDelayMs: 1,
        registry: createJobRegistry({
          transport,
          confirmationLimits: { perAddressPerDay: CONFIRMATIONS_PER_ADDRESS_PER_DAY, perSessionPerHour },
        }),
      }),
  )
async function drainAll(list: JobWorker[]) {
  await Promise.all(list.map((w) => w.drain()))
  await Promise.all(list.map((w) => w.stop()))
}
afterEach(() => {
  sent = []
  failNext = 0
})

async function confirmationsTo(addresses: string[]) {
  return getDb()
    .select({ to: emailOutbox.to, status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.to, addresses), like(emailOutbox.subject, '%from Ada Lovelace')))
}

describe('the attendee form is not an email relay', () => {
  it('refuses a link in a field that an email prints: 400, the message by the field, nothing stored or queued', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id, {
      fields: { company: true, jobTitle: true, phone: false, linkedin: false },
    })
    const email = attendeeEmail()
    const res = await post(session, { email, first_name: 'Visit http://evil.example/win', job_title: 'www.evil.example' })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toMatch(
      new RegExp(`aria-describedby="e-first_name"[^>]*/>\\s*<p class="err" id="e-first_name">${LINK_REFUSED_MESSAGE}</p>`),
    )
    expect(html).toContain(`<p class="err" id="e-job_title">${LINK_REFUSED_MESSAGE}</p>`)
    expect(html).toContain('value="Visit http://evil.example/win"')
    expect(await getDb().select().from(leads).where(eq(leads.sessionId, session.id))).toEqual([])
    expect(await confirmationsTo([email])).toEqual([])
  })

  it('25 parallel sign-ups from one address store 25 leads; confirmations stop at the hourly budget, the rest are recorded', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id)
    const recipients = Array.from({ length: 25 }, () => attendeeEmail())
    const statuses = await Promise.all(recipients.map((email) => post(session, { email }).then((r) => r.status)))
    expect(statuses).toEqual(Array(25).fill(303))
    const stored = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    expect(stored).toHaveLength(25)

    // Two instances' workers race for the budget of 10.
    await drainAll(workers(2, 10))
    expect(sent.filter((to) => recipients.includes(to))).toHaveLength(10)
    const mails = await confirmationsTo(recipients)
    expect(mails.filter((m) => m.status === 'sent')).toHaveLength(10)
    expect(mails.filter((m) => m.status === 'skipped')).toHaveLength(15)
    const skipped = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    expect(skipped.filter((l) => l.confirmationSkipped === 'session_hourly_limit')).toHaveLength(15)
    expect(skipped.filter((l) => l.confirmationSkipped === null)).toHaveLength(10)
    const [budget] = await getDb()
      .select()
      .from(confirmationBudgets)
      .where(eq(confirmationBudgets.key, `session:${session.id}`))
    expect(budget!.used).toBe(10)
    // The speaker's own notifications are not limited: one per lead.
    expect(sent.filter((to) => to === owner.email)).toHaveLength(25)

    // The speaker is told: the session page says how many, the person's page says which.
    const cookie = await sessionCookie(owner.id)
    const page = (await call(sessionLoader, makeRequest(`/app/sessions/${session.id}`, { cookie }), { id: session.id })) as {
      skippedConfirmations: string | null
    }
    expect(page.skippedConfirmations).toMatch(/^15 confirmation emails were not sent to attendees/)
    const lead = skipped.find((l) => l.confirmationSkipped)!
    const person = (await call(personLoader, makeRequest(`/app/leads/${lead.contactId}`, { cookie }), {
      id: lead.contactId,
    })) as {
      captures: { confirmationNote: string | null }[]
    }
    expect(person.captures[0]!.confirmationNote).toBe(confirmationSkippedText('session_hourly_limit'))

    // The attendee's thank-you page does not claim an email was sent.
    const thanksOf = async (leadId: string) => {
      const [sub] = await getDb().select().from(leadSubmissions).where(eq(leadSubmissions.leadId, leadId))
      const res = (await call(thanksLoader, makeRequest(`/t/${session.code}/thanks/${sub!.id}`), {
        code: session.code,
        submission: sub!.id,
      })) as Response
      return res.text()
    }
    const heldBack = await thanksOf(lead.id)
    expect(heldBack).toContain('We did not send you a confirmation email')
    expect(heldBack).not.toContain('We have also sent you an email')
    expect(await thanksOf(skipped.find((l) => !l.confirmationSkipped)!.id)).toContain('We have also sent you an email')
  })

  it('the same address five times at once on one session: one lead, one confirmation', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    const statuses = await Promise.all(Array.from({ length: 5 }, () => post(session, { email }).then((r) => r.status)))
    expect(statuses).toEqual(Array(5).fill(303))
    expect(await getDb().select().from(leads).where(eq(leads.sessionId, session.id))).toHaveLength(1)
    await drainAll(workers(2))
    expect(sent.filter((to) => to === email)).toHaveLength(1)
    expect(await confirmationsTo([email])).toEqual([{ to: email, status: 'sent' }])
  })

  it(`one address gets at most ${CONFIRMATIONS_PER_ADDRESS_PER_DAY} confirmations a day across sessions; the sessions' budgets are not spent on the rest`, async () => {
    const owner = await createOwner()
    const sessions = await Promise.all(Array.from({ length: 7 }, () => createLiveSession(owner.id).then((s) => s.session)))
    const email = attendeeEmail()
    const statuses = await Promise.all(sessions.map((s) => post(s, { email }).then((r) => r.status)))
    expect(statuses).toEqual(Array(7).fill(303))
    await drainAll(workers(2))
    expect(sent.filter((to) => to === email)).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY)
    const rows = await getDb()
      .select({ skipped: leads.confirmationSkipped })
      .from(leads)
      .where(
        inArray(
          leads.sessionId,
          sessions.map((s) => s.id),
        ),
      )
    expect(rows).toHaveLength(7)
    expect(rows.filter((r) => r.skipped === 'address_daily_limit')).toHaveLength(7 - CONFIRMATIONS_PER_ADDRESS_PER_DAY)
    const budgets = await getDb()
      .select()
      .from(confirmationBudgets)
      .where(
        inArray(
          confirmationBudgets.key,
          sessions.map((s) => `session:${s.id}`),
        ),
      )
    expect(budgets.reduce((sum, b) => sum + b.used, 0)).toBe(CONFIRMATIONS_PER_ADDRESS_PER_DAY)
    // The budget table holds no address.
    expect(JSON.stringify(await getDb().select().from(confirmationBudgets))).not.toContain(email)
  })

  it('a confirmation retried after a provider error takes its slot once', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const email = attendeeEmail()
    expect((await post(session, { email })).status).toBe(303)
    failNext = 2
    const [worker] = workers(1, 1)
    for (let i = 0; i < 3; i++) {
      await worker!.drain()
      await getDb().update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'pending'))
    }
    await worker!.stop()
    expect(sent.filter((to) => to === email)).toHaveLength(1)
    const [budget] = await getDb()
      .select()
      .from(confirmationBudgets)
      .where(eq(confirmationBudgets.key, `session:${session.id}`))
    expect(budget!.used).toBe(1)
  })
})
