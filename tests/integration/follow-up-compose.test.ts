import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { and, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { followUps } from '~/db/schema/follow-ups'
import { jobs } from '~/db/schema/jobs'
import { createBatchTransport } from '~/services/follow-up-send.server'
import { createJobRegistry } from '~/services/job-kinds.server'
import { JobWorker } from '~/services/jobs.server'
import { drainUntilFinished } from './follow-up-utils'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { COMPOSE_MESSAGES, SCHEDULE_MESSAGES } from '~/lib/follow-up-compose'
import { FOLLOW_UP_READ_ONLY } from '~/lib/permissions'
import { action as followUpAction, loader as followUpLoader } from '~/routes/app.follow-ups.$id'
import { loader as listLoader } from '~/routes/app.follow-ups._index'
import { action as newAction, loader as newLoader } from '~/routes/app.follow-ups.new'
import { attendeeEmail, createLiveSession, outboxTo, signUp } from './lead-capture-utils'
import { call, makeRequest, sessionCookie, signedInAs } from './utils'

// Issue 32 Deliver 1–3 (the compose page): drafts with their field errors, the preview as one of the
// recipients, the test send through the outbox, schedule / cancel, and 404s across workspaces and
// for a colleague's follow-up.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T
type Reply = { result?: { error?: Record<string, string[]> }; message?: string }

async function speaker(plan: 'teams' | 'free' = 'teams') {
  const me = await signedInAs(`compose-${randomBytes(4).toString('hex')}@example.com`)
  await getDb().update(workspaces).set({ plan }).where(eq(workspaces.id, me.user.id))
  const { session, talk } = await createLiveSession(me.user.id)
  return { ...me, session, talk }
}

const draftForm = (sessionId: string, overrides: Record<string, string> = {}) => ({
  source: 'session',
  sourceId: sessionId,
  subject: 'Your slides from {{event_name}}',
  body: '<p>Hi {{first_name|there}}, thanks for coming to {{talk_title}}: <a href="{{offer_link}}">the slides</a>.</p><script>x()</script>',
  fromName: 'Ada Lovelace',
  ...overrides,
})

async function compose(me: { cookie: string; session: { id: string } }, overrides: Record<string, string> = {}) {
  const r = await call(
    newAction,
    makeRequest(`/app/follow-ups/new?session=${me.session.id}`, { cookie: me.cookie, form: draftForm(me.session.id, overrides) }),
  )
  return r
}

async function composed(me: { cookie: string; session: { id: string } }) {
  const r = await compose(me)
  expect(statusOf(r)).toBe(302)
  return locationOf(r)!.split('/').at(-1)!
}

let worker: JobWorker | undefined
afterEach(async () => {
  await worker?.stop()
  worker = undefined
})

describe('composing a follow-up', () => {
  it('shows who would receive it before a draft exists, and 404s another workspace’s source', async () => {
    const me = await speaker()
    await signUp(me.session, { email: attendeeEmail(), marketing: 'yes' })
    await signUp(me.session, { email: attendeeEmail() })
    const page = dataOf<{ summary: { receiving: number; leftOut: Record<string, number> }; source: { name: string } }>(
      await call(newLoader, makeRequest(`/app/follow-ups/new?session=${me.session.id}`, { cookie: me.cookie })),
    )
    expect(page.summary).toEqual({ receiving: 1, leftOut: { no_consent: 1 } })
    expect(page.source.name).toBe('Engines of Tomorrow at DevConf 2026')

    const other = await speaker()
    expect(
      statusOf(
        await call(newLoader, makeRequest(`/app/follow-ups/new?session=${me.session.id}`, { cookie: other.cookie })).catch(
          (e) => e,
        ),
      ),
    ).toBe(404)
    const stolen = await call(
      newAction,
      makeRequest(`/app/follow-ups/new`, { cookie: other.cookie, form: draftForm(me.session.id) }),
    ).catch((e) => e)
    expect(statusOf(stolen)).toBe(404)
    expect(statusOf(await call(newLoader, makeRequest('/app/follow-ups/new', { cookie: me.cookie })).catch((e) => e))).toBe(404)
  })

  it('refuses an unknown merge field and an empty subject by the field, saving nothing', async () => {
    const me = await speaker()
    const r = await compose(me, { subject: ' ', body: '<p>Hi {{firstname}}</p>' })
    expect(statusOf(r)).toBe(400)
    const errors = dataOf<Reply>(r).result!.error!
    expect(errors.subject).toEqual([COMPOSE_MESSAGES.subject])
    expect(errors.body![0]).toMatch(/^Unknown merge field \{\{firstname\}\}/)
    const onTalk = await call(
      newAction,
      makeRequest(`/app/follow-ups/new`, { cookie: me.cookie, form: { ...draftForm(me.talk.id), source: 'talk' } }),
    )
    expect(statusOf(onTalk)).toBe(400)
    expect(dataOf<Reply>(onTalk).result!.error!.subject![0]).toMatch(
      /^\{\{event_name\}\} cannot be filled in a follow-up to a talk/,
    )
    expect(await getDb().select().from(followUps).where(eq(followUps.ownerId, me.user.id))).toHaveLength(0)
  })

  it('saves a sanitised draft, previews it as a named recipient and sends the test to the sender', async () => {
    const me = await speaker()
    const grace = attendeeEmail()
    const linus = attendeeEmail()
    await signUp(me.session, { email: grace, first_name: 'Grace', marketing: 'yes' })
    await signUp(me.session, { email: linus, first_name: 'Linus', marketing: 'yes' })
    await signUp(me.session, { email: attendeeEmail(), first_name: 'Silent' })
    const id = await composed(me)
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, id))
    expect(row!.bodyHtml).not.toContain('<script')
    expect(row!.replyTo).toBe(me.user.email.toLowerCase())

    type Page = {
      recipients: { value: string; label: string }[]
      previewAs: { contactId: string; email: string } | null
      preview: { subject: string; html: string }
    }
    const page = dataOf<Page>(await call(followUpLoader, makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie }), { id }))
    expect(page.recipients.map((r) => r.label).sort()).toEqual([`Grace <${grace}>`, `Linus <${linus}>`].sort())
    const linusId = page.recipients.find((r) => r.label.startsWith('Linus'))!.value
    const asLinus = dataOf<Page>(
      await call(followUpLoader, makeRequest(`/app/follow-ups/${id}?as=${linusId}`, { cookie: me.cookie }), { id }),
    )
    expect(asLinus.previewAs!.email).toBe(linus)
    expect(asLinus.preview.subject).toBe('Your slides from DevConf 2026')
    expect(asLinus.preview.html).toBe(
      '<p>Hi Linus, thanks for coming to Engines of Tomorrow: <a href="https://ada.example/slides.pdf" rel="noopener noreferrer nofollow">the slides</a>.</p>',
    )

    const test = await call(
      followUpAction,
      makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie, form: { intent: 'test', as: linusId } }),
      { id },
    )
    expect(statusOf(test)).toBe(302)
    const tests = (await outboxTo(me.user.email)).filter((m) => m.subject.startsWith('[Test]'))
    expect(tests).toHaveLength(1)
    const mail = tests[0]
    expect(mail!.subject).toBe('[Test] Your slides from DevConf 2026')
    expect(mail!.html).toContain('Hi Linus')
    expect(mail!.html).not.toContain('{{')
    // Nothing went to the recipients.
    expect((await outboxTo(linus)).filter((m) => m.subject.includes('Your slides'))).toEqual([])
    expect((await getDb().select().from(followUps).where(eq(followUps.id, id)))[0]!.status).toBe('draft')
  })

  it('edits, schedules in a zone, refuses a past time, unschedules and cancels', async () => {
    const me = await speaker()
    const id = await composed(me)
    const post = (form: Record<string, string>) =>
      call(followUpAction, makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie, form }), { id })

    const bad = await post({ intent: 'save', subject: 'Hi {{nope}}', body: '<p>x</p>', fromName: 'Ada' })
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<Reply>(bad).result!.error!.subject![0]).toMatch(/^Unknown merge field \{\{nope\}\}/)
    expect(statusOf(await post({ intent: 'save', subject: 'New subject', body: '<p>Hello</p>', fromName: 'Ada' }))).toBe(302)

    const past = await post({ intent: 'schedule', when: '2020-01-01T09:00', timeZone: 'Europe/Berlin' })
    expect(statusOf(past)).toBe(400)
    expect(dataOf<Reply>(past).result!.error!.when).toEqual([SCHEDULE_MESSAGES.past])
    expect(statusOf(await post({ intent: 'schedule', when: '2099-03-01T09:00', timeZone: 'Europe/Berlin' }))).toBe(302)
    let [row] = await getDb().select().from(followUps).where(eq(followUps.id, id))
    expect(row).toMatchObject({ status: 'scheduled', subject: 'New subject', timeZone: 'Europe/Berlin' })
    expect(row!.scheduledAt!.toISOString()).toBe('2099-03-01T08:00:00.000Z')

    expect(statusOf(await post({ intent: 'unschedule' }))).toBe(302)
    ;[row] = await getDb().select().from(followUps).where(eq(followUps.id, id))
    expect(row!.status).toBe('draft')

    expect(statusOf(await post({ intent: 'cancel' }))).toBe(302)
    ;[row] = await getDb().select().from(followUps).where(eq(followUps.id, id))
    expect(row!.status).toBe('cancelled')
    // Cancelled: nothing more changes it.
    const again = await post({ intent: 'save', subject: 'Late', body: '<p>x</p>', fromName: 'Ada' })
    expect(statusOf(again)).toBe(409)
    expect(statusOf(await post({ intent: 'bogus' }))).toBe(400)
    const page = dataOf<{ editable: boolean; followUp: { statusSentence: string } }>(
      await call(followUpLoader, makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie }), { id }),
    )
    expect(page.editable).toBe(false)
    expect(page.followUp.statusSentence).toBe('Cancelled: Cancelled before sending.')
  })

  it('answers 404 to another workspace and to a member for a colleague’s follow-up, on every intent', async () => {
    const me = await speaker()
    const id = await composed(me)
    const other = await speaker()
    const member = await signedInAs(`member-${randomBytes(4).toString('hex')}@example.com`)
    await getDb().insert(workspaceMembers).values({ workspaceId: me.user.id, userId: member.user.id, role: 'member' })
    const asMember = `/app/follow-ups/${id}?workspace=${me.user.id}`
    for (const [cookie, path] of [
      [other.cookie, `/app/follow-ups/${id}`],
      [member.cookie, asMember],
    ] as const) {
      expect(statusOf(await call(followUpLoader, makeRequest(path, { cookie }), { id }).catch((e) => e))).toBe(404)
      for (const intent of ['save', 'test', 'schedule', 'unschedule', 'cancel']) {
        const r = await call(
          followUpAction,
          makeRequest(path, {
            cookie,
            form: { intent, subject: 'x', body: '<p>x</p>', fromName: 'x', when: '2099-01-01T09:00', timeZone: 'UTC' },
          }),
          { id },
        ).catch((e) => e)
        expect(statusOf(r)).toBe(404)
      }
    }
    expect(
      statusOf(
        await call(followUpLoader, makeRequest('/app/follow-ups/not-a-uuid', { cookie: me.cookie }), { id: 'not-a-uuid' }).catch(
          (e) => e,
        ),
      ),
    ).toBe(404)
    const list = dataOf<{ followUps: { id: string }[] }>(
      await call(listLoader, makeRequest('/app/follow-ups', { cookie: other.cookie })),
    )
    expect(list.followUps).toEqual([])
    const mine = dataOf<{ followUps: { id: string; source: string; status: string }[] }>(
      await call(listLoader, makeRequest('/app/follow-ups', { cookie: await sessionCookie(me.user.id) })),
    )
    expect(mine.followUps).toEqual([
      expect.objectContaining({ id, status: 'Draft', source: 'Session: Engines of Tomorrow at DevConf 2026' }),
    ])
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, id))
    expect(row!.status).toBe('draft')
  })

  it('with “Members see every lead”, a member reads a colleague’s follow-up but changes or sends only their own (403)', async () => {
    const me = await speaker()
    const id = await composed(me)
    await getDb().update(workspaces).set({ membersSeeAllLeads: true }).where(eq(workspaces.id, me.user.id))
    const member = await signedInAs(`member-${randomBytes(4).toString('hex')}@example.com`)
    await getDb().insert(workspaceMembers).values({ workspaceId: me.user.id, userId: member.user.id, role: 'member' })
    const path = `/app/follow-ups/${id}?workspace=${me.user.id}`
    const page = dataOf<{ mayChange: boolean; editable: boolean }>(
      await call(followUpLoader, makeRequest(path, { cookie: member.cookie }), { id }),
    )
    expect(page).toMatchObject({ editable: true, mayChange: false })
    for (const intent of ['save', 'test', 'send', 'schedule', 'unschedule', 'cancel']) {
      const r = await call(
        followUpAction,
        makeRequest(path, {
          cookie: member.cookie,
          form: { intent, subject: 'Taken over', body: '<p>x</p>', fromName: 'x', when: '2099-01-01T09:00', timeZone: 'UTC' },
        }),
        { id },
      )
      expect(statusOf(r), intent).toBe(403)
      expect(dataOf<{ message: string }>(r).message).toBe(FOLLOW_UP_READ_ONLY)
    }
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, id))
    expect(row).toMatchObject({ status: 'draft', subject: expect.not.stringContaining('Taken over') })
    expect(await outboxTo(member.user.email)).toEqual([])
    // The owner still changes it, and the member their own.
    const ownerPage = dataOf<{ mayChange: boolean }>(
      await call(followUpLoader, makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie }), { id }),
    )
    expect(ownerPage.mayChange).toBe(true)
    const theirs = await call(
      newAction,
      makeRequest(`/app/follow-ups/new?session=${me.session.id}&workspace=${me.user.id}`, {
        cookie: member.cookie,
        form: draftForm(me.session.id),
      }),
    )
    expect(statusOf(theirs)).toBe(302)
    const theirId = locationOf(theirs)!.split('/').at(-1)!
    const own = dataOf<{ mayChange: boolean }>(
      await call(followUpLoader, makeRequest(`/app/follow-ups/${theirId}?workspace=${me.user.id}`, { cookie: member.cookie }), {
        id: theirId,
      }),
    )
    expect(own.mayChange).toBe(true)
  })

  it('sends from the page: each recipient’s message with their merge fields, then the numbers', async () => {
    const me = await speaker()
    const grace = attendeeEmail()
    const linus = attendeeEmail()
    await signUp(me.session, { email: grace, first_name: 'Grace', marketing: 'yes' })
    await signUp(me.session, { email: linus, first_name: 'Linus', marketing: 'yes' })
    await signUp(me.session, { email: attendeeEmail(), marketing: 'no' })
    const id = await composed(me)
    const sent = await call(
      followUpAction,
      makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie, form: { intent: 'send' } }),
      { id },
    )
    expect(statusOf(sent)).toBe(302)
    worker = new JobWorker({ registry: createJobRegistry({ batchTransport: createBatchTransport(getConfig()) }), pollMs: 50 })
    const done = await drainUntilFinished(worker, id)
    expect(done).toMatchObject({ status: 'sent', recipientCount: 2, sentCount: 2 })
    const copies = await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'email'), sql`${jobs.result}->>'followUpId' = ${id}`))
    const byAddress = new Map(
      copies.map((c) => [(c.payload as { to: string }).to, c.payload as { subject: string; html: string }]),
    )
    expect([...byAddress.keys()].sort()).toEqual([grace, linus].sort())
    expect(byAddress.get(grace)!.subject).toBe('Your slides from DevConf 2026')
    expect(byAddress.get(grace)!.html).toContain('Hi Grace, thanks for coming to Engines of Tomorrow')
    expect(byAddress.get(linus)!.html).toContain('Hi Linus, thanks for coming')
    for (const copy of byAddress.values()) expect(copy.html + copy.subject).not.toContain('{{')
    // The offer's link became a click redirect of this follow-up.
    const [row] = await getDb().select().from(followUps).where(eq(followUps.id, id))
    expect(row!.links).toEqual(['https://ada.example/slides.pdf'])

    const page = dataOf<{ editable: boolean; stats: Record<string, number>; followUp: { statusSentence: string } }>(
      await call(followUpLoader, makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie }), { id }),
    )
    expect(page.editable).toBe(false)
    expect(page.followUp.statusSentence).toBe('Sent to 2 people.')
    expect(page.stats).toEqual({ recipients: 2, sent: 2, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0, clicked: 0 })
    // Sent: no second send, no cancel.
    for (const intent of ['send', 'cancel']) {
      const again = await call(followUpAction, makeRequest(`/app/follow-ups/${id}`, { cookie: me.cookie, form: { intent } }), {
        id,
      })
      expect(statusOf(again)).toBe(409)
    }
  })
})
