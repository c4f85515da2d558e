import { eq } from 'drizzle-orm'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema/jobs'
import { leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers } from '~/db/schema/workspaces'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { loader as leadsLoader } from '~/routes/app.sessions.$id_.leads'
import { action } from '~/routes/t.$code'
import { runLeadDigests } from '~/services/lead-digest.server'
import { MALICIOUS_MARKDOWN } from '../fixtures/xss-corpus'
import { attendeeEmail, createLiveSession, createOwner, outboxTo, validForm } from './lead-capture-utils'
import { call, makeRequest, sessionCookie } from './utils'

// The speaker's read path with the plan gates (free: the first three leads of a session), the
// instant notification and the hourly/daily digests.

type LeadsData = { leads: Array<{ email: string; firstName: string }>; total: number; locked: number; unlockPrice: string }

async function signUp(code: string, sessionId: string, overrides: Record<string, string | string[]> = {}) {
  const res = (await call(action, makeRequest(`/t/${code}`, { form: validForm(issueSubmissionToken(sessionId), overrides) }), {
    code,
  })) as Response
  expect(res.status).toBe(303)
}

async function leadsPage(sessionId: string, cookie?: string) {
  return call(leadsLoader, makeRequest(`/app/sessions/${sessionId}/leads`, { cookie, headers: { 'Accept-Language': 'en-GB' } }), {
    id: sessionId,
  })
}

describe('/app/sessions/{id}/leads', () => {
  it('shows a free speaker the first three leads, earliest first, and only counts the rest', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    const emails = Array.from({ length: 5 }, attendeeEmail)
    for (const email of emails) await signUp(session.code, session.id, { email })
    const data = (await leadsPage(session.id, await sessionCookie(owner.id))) as LeadsData
    expect(data.leads.map((l) => l.email)).toEqual(emails.slice(0, 3))
    expect(data).toMatchObject({ total: 5, locked: 2, unlockPrice: '£49' })
    // Withheld means withheld: the locked leads' details are not in the page data at all.
    const serialized = JSON.stringify(data)
    for (const email of emails.slice(3)) expect(serialized).not.toContain(email)
  })

  it('shows every lead when the session is unlocked or the plan is paid', async () => {
    const free = await createOwner()
    const { session: unlocked } = await createLiveSession(free.id, { unlocked: true })
    const pro = await createOwner(undefined, { plan: 'pro' })
    const { session: paid } = await createLiveSession(pro.id)
    for (let i = 0; i < 4; i++) {
      await signUp(unlocked.code, unlocked.id)
      await signUp(paid.code, paid.id)
    }
    expect(await leadsPage(unlocked.id, await sessionCookie(free.id))).toMatchObject({
      total: 4,
      locked: 0,
      leads: { length: 4 },
    })
    expect(await leadsPage(paid.id, await sessionCookie(pro.id))).toMatchObject({ total: 4, locked: 0, leads: { length: 4 } })
  })

  it('answers 404 for another speaker’s session and for a malformed id, and sends strangers to sign in', async () => {
    const owner = await createOwner()
    const other = await createOwner()
    const { session } = await createLiveSession(owner.id)
    await signUp(session.code, session.id)
    const foreign = (await leadsPage(session.id, await sessionCookie(other.id))) as Response
    expect(foreign.status).toBe(404)
    const malformed = (await leadsPage('not-a-uuid', await sessionCookie(owner.id))) as Response
    expect(malformed.status).toBe(404)
    const anonymous = (await leadsPage(session.id)) as Response
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/login/)
  })
})

describe('speaker notifications', () => {
  it('instant: a lead beyond the free plan’s three is announced without any of its details', async () => {
    const owner = await createOwner()
    const { session } = await createLiveSession(owner.id)
    for (let i = 0; i < 3; i++) await signUp(session.code, session.id)
    await signUp(session.code, session.id, { first_name: 'Locked Larry', email: 'larry@locked.example', company: 'Secret Co' })
    const mails = await outboxTo(owner.email)
    expect(mails).toHaveLength(4)
    const last = mails.find((m) => m.subject.includes('(locked)'))!
    expect(last.subject).toBe('New lead at Engines of Tomorrow · DevConf 2026 (locked)')
    for (const part of [last.subject, last.text, last.html]) {
      expect(part).not.toContain('Larry')
      expect(part).not.toContain('larry@locked.example')
      expect(part).not.toContain('Secret Co')
    }
    expect(last.text).toContain('your free plan shows the first three leads of each session')
  })

  it('escapes hostile attendee text in the notification and the confirmation', async () => {
    const owner = await createOwner(undefined, { plan: 'pro' })
    const { session } = await createLiveSession(owner.id, {
      questions: [{ id: 'topic', kind: 'text', label: 'Topic', required: false, options: [] }],
    })
    const hostile = MALICIOUS_MARKDOWN.split('\n\n').map((s) => s.replace(/\n/g, ' '))
    for (const [i, payload] of hostile.entries()) {
      await signUp(session.code, session.id, {
        first_name: payload.slice(0, 100),
        company: payload,
        job_title: payload,
        q_topic: payload,
        email: `x${i}-${attendeeEmail()}`,
      })
    }
    const mails = [...(await outboxTo(owner.email)), ...(await getDb().select().from(emailOutbox))].filter(
      (m) => m.html.includes('Topic') || m.to !== owner.email,
    )
    expect(mails.length).toBeGreaterThan(hostile.length)
    for (const mail of mails) {
      // Parsed as a mail client would: no element or attribute came from the attendee.
      const doc = new JSDOM(mail.html).window.document
      expect(doc.querySelectorAll('script, img, svg, iframe, details, math, noscript, b, object, embed')).toHaveLength(0)
      for (const el of doc.querySelectorAll('*')) {
        for (const attr of el.attributes) expect(attr.name.startsWith('on'), `${attr.name} on <${el.tagName}>`).toBe(false)
      }
      for (const a of doc.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:)/)
    }
  })

  it('digest: one email for everything pending, sent once however many ticks race, and again after the interval', async () => {
    const owner = await createOwner(undefined, { plan: 'pro', leadNotify: 'hourly' })
    const { session } = await createLiveSession(owner.id)
    await signUp(session.code, session.id, { first_name: 'Ada' })
    await signUp(session.code, session.id, { first_name: 'Bea' })
    expect(await outboxTo(owner.email)).toEqual([])
    const now = new Date()
    const sent = await Promise.all([runLeadDigests(now), runLeadDigests(now), runLeadDigests(now)])
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    const [digest] = await outboxTo(owner.email)
    expect(digest!.subject).toBe('2 new leads in your hourly digest')
    expect(digest!.text).toContain('Ada <')
    expect(digest!.text).toContain('Bea <')
    const rows = await getDb().select().from(leads).where(eq(leads.sessionId, session.id))
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true)

    // A new lead within the hour waits; after the hour it gets its own digest.
    await signUp(session.code, session.id, { first_name: 'Cy' })
    expect(await runLeadDigests(new Date(now.getTime() + 30 * 60 * 1000))).toBe(0)
    expect(await runLeadDigests(new Date(now.getTime() + 61 * 60 * 1000))).toBe(1)
    const digests = await outboxTo(owner.email)
    expect(digests).toHaveLength(2)
    expect(digests.find((d) => d.subject === '1 new lead in your hourly digest')!.text).toContain('Cy <')
  })

  it('digest on the free plan: visible leads in full, locked ones only counted', async () => {
    const owner = await createOwner(undefined, { leadNotify: 'daily' })
    const { session } = await createLiveSession(owner.id)
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
      await signUp(session.code, session.id, { first_name: name, email: `${name.toLowerCase()}-${attendeeEmail()}` })
    expect(await runLeadDigests()).toBe(1)
    const [digest] = await outboxTo(owner.email)
    expect(digest!.subject).toBe('5 new leads in your daily digest')
    for (const name of ['One', 'Two', 'Three']) expect(digest!.text).toContain(`${name} <`)
    for (const name of ['Four', 'Five']) {
      expect(digest!.text).not.toContain(name)
      expect(digest!.html).not.toContain(name)
    }
    expect(digest!.text).toContain('2 new leads are locked')
  })

  it('off: no email at all; switching to a digest later sends what is pending', async () => {
    const owner = await createOwner(undefined, { leadNotify: 'off' })
    const { session } = await createLiveSession(owner.id)
    await signUp(session.code, session.id)
    expect(await runLeadDigests()).toBe(0)
    expect(await outboxTo(owner.email)).toEqual([])
    await getDb().update(workspaceMembers).set({ leadNotify: 'daily' }).where(eq(workspaceMembers.userId, owner.id))
    expect(await runLeadDigests()).toBe(1)
  })

  it('digests only cover the owner’s own sessions', async () => {
    const a = await createOwner(undefined, { plan: 'pro', leadNotify: 'hourly' })
    const b = await createOwner(undefined, { plan: 'pro', leadNotify: 'hourly' })
    const { session: sa } = await createLiveSession(a.id)
    const { session: sb } = await createLiveSession(b.id, { eventName: 'Other Event' })
    await signUp(sa.code, sa.id, { first_name: 'ForA' })
    await signUp(sb.code, sb.id, { first_name: 'ForB' })
    await runLeadDigests()
    const [da] = await outboxTo(a.email)
    const [db] = await outboxTo(b.email)
    expect(da!.text).toContain('ForA')
    expect(da!.text).not.toContain('ForB')
    expect(db!.text).toContain('ForB')
    expect(db!.text).not.toContain('ForA')
    expect(await getDb().select().from(talkSessions).where(eq(talkSessions.id, sb.id))).toHaveLength(1)
  })
})
