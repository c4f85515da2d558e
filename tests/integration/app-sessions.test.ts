import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import jsQR from 'jsqr'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { talks, talkSessions } from '~/db/schema/talks'
import { workspaces } from '~/db/schema/workspaces'
import { setDisplayName } from '~/models/accounts.server'
import { deleteIfUnreferenced } from '~/services/storage-gc.server'
import { isShortCode } from '~/lib/short-link'
import { SESSION_ERRORS } from '~/lib/talk-session'
import { action as sessionAction, loader as sessionLoader } from '~/routes/app.sessions.$id._index'
import { action as editAction, loader as editLoader } from '~/routes/app.sessions.$id.edit'
import { loader as qrLoader } from '~/routes/app.sessions.$id.qr.$format'
import { action as newSessionAction, loader as newSessionLoader } from '~/routes/app.sessions.new'
import { loader as homeLoader } from '~/routes/app._index'
import { action as editTalkAction, loader as editTalkLoader } from '~/routes/app.talks.$id'
import { action as talksAction, loader as talksLoader } from '~/routes/app.talks._index'
import { action as newTalkAction } from '~/routes/app.talks.new'
import { sessionForm, seedTalkAndSession, seedViewsAndLeads } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'

type Viewer = { id: string; cookie: string }
let owner: Viewer
let other: Viewer

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T
const sessionRow = async (id: string) => (await getDb().select().from(talkSessions).where(eq(talkSessions.id, id)))[0]

beforeEach(async () => {
  const a = await signedInAs(`owner-${Math.random().toString(36).slice(2)}@example.com`)
  const b = await signedInAs(`other-${Math.random().toString(36).slice(2)}@example.com`)
  owner = { id: a.user.id, cookie: a.cookie }
  other = { id: b.user.id, cookie: b.cookie }
  // Going live needs the name attendees see (issue 29 Deliver 7; tests/integration/first-run-name.test.ts).
  await setDisplayName(a.user, 'Olive Owner')
})

describe('workspace guards', () => {
  it('sends a visitor to /login and back', async () => {
    const r = await call(homeLoader, makeRequest('/app'))
    expect(locationOf(r)).toBe('/login?return_to=%2Fapp')
  })
})

describe('talks', () => {
  it('creates a talk and leads on to its first session; bad input answers 400 with the message by the field', async () => {
    const bad = await call(newTalkAction, makeRequest('/app/talks/new', { cookie: owner.cookie, form: { title: ' ' } }))
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(bad).result.error.title).toEqual(['Title is required'])

    const ok = await call(
      newTalkAction,
      makeRequest('/app/talks/new', { cookie: owner.cookie, form: { title: 'Nanoseconds', abstract: 'A', tag: 'Keynote' } }),
    )
    const [talk] = await getDb().select().from(talks).where(eq(talks.userId, owner.id))
    expect(talk).toMatchObject({ title: 'Nanoseconds', abstract: 'A', tag: 'Keynote' })
    expect(locationOf(ok)).toBe(`/app/sessions/new?talk=${talk!.id}`)
  })

  it("another speaker's talk answers 404 to view, edit and delete, and is left untouched", async () => {
    const { talkId } = await seedTalkAndSession(owner.id)
    const path = `/app/talks/${talkId}`
    expect(statusOf(await call(editTalkLoader, makeRequest(path, { cookie: other.cookie }), { id: talkId }))).toBe(404)
    expect(
      statusOf(
        await call(editTalkAction, makeRequest(path, { cookie: other.cookie, form: { title: 'Hijacked' } }), { id: talkId }),
      ),
    ).toBe(404)
    expect(
      statusOf(
        await call(talksAction, makeRequest('/app/talks', { cookie: other.cookie, form: { intent: 'delete', id: talkId } })),
      ),
    ).toBe(404)
    const list = dataOf<{ talks: unknown[]; confirmDelete: unknown }>(
      await call(talksLoader, makeRequest(`/app/talks?delete=${talkId}`, { cookie: other.cookie })),
    )
    expect(list.talks).toEqual([])
    expect(list.confirmDelete).toBeNull()
    const [row] = await getDb().select().from(talks).where(eq(talks.id, talkId))
    expect(row!.title).toBe('Nanoseconds')
  })

  it('edits a talk; a talk with sessions is kept on delete (409), one without is deleted', async () => {
    const { talkId, sessionId } = await seedTalkAndSession(owner.id)
    const saved = await call(
      editTalkAction,
      makeRequest(`/app/talks/${talkId}`, { cookie: owner.cookie, form: { title: 'Picoseconds' } }),
      { id: talkId },
    )
    expect(locationOf(saved)).toBe('/app/talks')
    expect((await getDb().select().from(talks).where(eq(talks.id, talkId)))[0]!.title).toBe('Picoseconds')

    const refused = await call(
      talksAction,
      makeRequest('/app/talks', { cookie: owner.cookie, form: { intent: 'delete', id: talkId } }),
    )
    expect(statusOf(refused)).toBe(409)
    await call(sessionAction, makeRequest(`/app/sessions/${sessionId}`, { cookie: owner.cookie, form: { intent: 'delete' } }), {
      id: sessionId,
    })
    const deleted = await call(
      talksAction,
      makeRequest('/app/talks', { cookie: owner.cookie, form: { intent: 'delete', id: talkId } }),
    )
    expect(locationOf(deleted)).toBe('/app/talks')
    expect(await getDb().select().from(talks).where(eq(talks.id, talkId))).toEqual([])
  })
})

describe('sessions: create and edit', () => {
  it('creates a draft with an unguessable code, the instant from the zone, and the questions', async () => {
    const { talkId } = await seedTalkAndSession(owner.id)
    const r = await call(newSessionAction, makeRequest('/app/sessions/new', { cookie: owner.cookie, form: sessionForm(talkId) }))
    const id = locationOf(r)!.split('/').pop()!
    const row = await sessionRow(id)
    expect(row).toMatchObject({
      userId: owner.id,
      status: 'draft',
      eventName: 'JSConf EU',
      timeZone: 'Europe/Berlin',
      city: 'Berlin',
      audienceSize: 300,
      offerKind: 'url',
      offerUrl: 'https://example.com/slides.pdf',
      fields: { company: true, jobTitle: true, phone: false, linkedin: false },
    })
    expect(row!.startsAt.toISOString()).toBe('2026-05-14T07:30:00.000Z')
    expect(isShortCode(row!.code)).toBe(true)
    expect(row!.questions).toHaveLength(2)
    expect(row!.questions[0]).toMatchObject({ kind: 'single', label: 'What is your role?', options: ['Developer', 'Manager'] })
    expect(row!.questions[0]!.id).toMatch(/^[a-z0-9]{1,16}$/)
  })

  it('refuses bad input with 400 and messages by the fields, storing nothing', async () => {
    const { talkId } = await seedTalkAndSession(owner.id)
    const before = (await getDb().select().from(talkSessions)).length
    const r = await call(
      newSessionAction,
      makeRequest('/app/sessions/new', {
        cookie: owner.cookie,
        form: sessionForm(talkId, { accentColor: '#808080', city: '', timeZone: 'Nowhere/Land', thanksMessage: 'x'.repeat(501) }),
      }),
    )
    expect(statusOf(r)).toBe(400)
    const errors = dataOf<{ result: { error: Record<string, string[]> } }>(r).result.error
    expect(errors.thanksMessage).toEqual(['Thank-you message must be at most 500 characters'])
    expect(errors.accentColor).toEqual([SESSION_ERRORS.accent])
    expect(errors.city).toEqual([SESSION_ERRORS.cityOrOnline])
    expect(errors.timeZone).toEqual([SESSION_ERRORS.timeZone])
    expect((await getDb().select().from(talkSessions)).length).toBe(before)
  })

  it("refuses another speaker's talk as the session's talk", async () => {
    const theirs = await seedTalkAndSession(other.id)
    const r = await call(
      newSessionAction,
      makeRequest('/app/sessions/new', { cookie: owner.cookie, form: sessionForm(theirs.talkId) }),
    )
    expect(statusOf(r)).toBe(400)
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(r).result.error.talkId).toEqual([SESSION_ERRORS.talk])
  })

  it('stores an uploaded offer file through the storage service; refuses HTML', async () => {
    const { talkId } = await seedTalkAndSession(owner.id)
    const form = new FormData()
    for (const [k, v] of Object.entries(sessionForm(talkId, { offerKind: 'file', offerUrl: '' }))) form.append(k, v)
    form.append('offerFile', new File([new Uint8Array([37, 80, 68, 70])], 'My slides.pdf', { type: 'application/pdf' }))
    const r = await call(newSessionAction, makeRequest('/app/sessions/new', { cookie: owner.cookie, form }))
    const row = await sessionRow(locationOf(r)!.split('/').pop()!)
    expect(row).toMatchObject({
      offerKind: 'file',
      offerFileName: 'My slides.pdf',
      offerFileType: 'application/pdf',
      offerFileSize: 4,
      offerUrl: null,
    })
    expect(row!.offerFileKey).toMatch(/^offer-[0-9a-f]{24}-My-slides\.pdf$/)

    const html = new FormData()
    for (const [k, v] of Object.entries(sessionForm(talkId, { offerKind: 'file' }))) html.append(k, v)
    html.append('offerFile', new File(['<script>alert(1)</script>'], 'x.html', { type: 'text/html' }))
    const refused = await call(newSessionAction, makeRequest('/app/sessions/new', { cookie: owner.cookie, form: html }))
    expect(statusOf(refused)).toBe(400)
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(refused).result.error.offerFile?.[0]).toMatch(
      /cannot be offered/,
    )
  })

  it('the new-session page fills the consent default with the speaker', async () => {
    const { talkId } = await seedTalkAndSession(owner.id)
    const page = dataOf<{ defaults: { talkId: string; consentText: string } }>(
      await call(newSessionLoader, makeRequest(`/app/sessions/new?talk=${talkId}`, { cookie: owner.cookie })),
    )
    expect(page.defaults.talkId).toBe(talkId)
    expect(page.defaults.consentText).toMatch(/^Olive Owner will use the details you enter here/)
  })

  it('edits a session, keeping question ids; another speaker gets 404 and changes nothing', async () => {
    const { talkId, sessionId } = await seedTalkAndSession(owner.id)
    const path = `/app/sessions/${sessionId}/edit`
    expect(statusOf(await call(editLoader, makeRequest(path, { cookie: other.cookie }), { id: sessionId }))).toBe(404)
    expect(
      statusOf(await call(editAction, makeRequest(path, { cookie: other.cookie, form: sessionForm(talkId) }), { id: sessionId })),
    ).toBe(404)
    expect((await sessionRow(sessionId))!.eventName).toBe('DevDays')

    const view = dataOf<{ defaults: { startsAt: string; timeZone: string } }>(
      await call(editLoader, makeRequest(path, { cookie: owner.cookie }), { id: sessionId }),
    )
    expect(view.defaults).toMatchObject({ startsAt: '2026-06-01T08:00', timeZone: 'UTC' })
    await call(editAction, makeRequest(path, { cookie: owner.cookie, form: sessionForm(talkId) }), { id: sessionId })
    const first = (await sessionRow(sessionId))!.questions[0]!.id
    const saved = await call(
      editAction,
      makeRequest(path, {
        cookie: owner.cookie,
        form: sessionForm(talkId, {
          eventName: 'JSConf EU 2026',
          'questions[0].id': first,
          thanksMessage: '  Thanks for coming!\nSlides follow.  ',
        }),
      }),
      { id: sessionId },
    )
    expect(locationOf(saved)).toBe(`/app/sessions/${sessionId}`)
    const row = await sessionRow(sessionId)
    expect(row!.eventName).toBe('JSConf EU 2026')
    expect(row!.thanksMessage).toBe('Thanks for coming!\nSlides follow.')
    const again = dataOf<{ defaults: { thanksMessage: string } }>(
      await call(editLoader, makeRequest(path, { cookie: owner.cookie }), { id: sessionId }),
    )
    expect(again.defaults.thanksMessage).toBe('Thanks for coming!\nSlides follow.')
    expect(row!.questions[0]!.id).toBe(first)
  })
})

describe('sessions: feedback settings (issue 33)', () => {
  const feedbackForm = (talkId: string, over: Record<string, string> = {}) =>
    sessionForm(talkId, {
      feedbackEnabled: 'on',
      feedbackOpens: 'before_end',
      feedbackOpensBeforeEndMinutes: '15',
      feedbackClosesAfterMinutes: '120',
      ...over,
    })
  const feedbackColumns = async (id: string) => {
    const row = (await sessionRow(id))!
    return {
      feedbackEnabled: row.feedbackEnabled,
      feedbackOpens: row.feedbackOpens,
      feedbackOpensBeforeEndMinutes: row.feedbackOpensBeforeEndMinutes,
      feedbackClosesAfterMinutes: row.feedbackClosesAfterMinutes,
    }
  }
  const off = {
    feedbackEnabled: false,
    feedbackOpens: 'start',
    feedbackOpensBeforeEndMinutes: 10,
    feedbackClosesAfterMinutes: 60,
  }

  it('turns feedback on with its window, shows it on the edit form and in words on the session page, and off again', async () => {
    const { talkId, sessionId } = await seedTalkAndSession(owner.id)
    const path = `/app/sessions/${sessionId}/edit`
    const page = async () =>
      dataOf<{ feedback: { on: boolean; text: string } }>(
        await call(sessionLoader, makeRequest(`/app/sessions/${sessionId}`, { cookie: owner.cookie }), { id: sessionId }),
      ).feedback
    expect(await feedbackColumns(sessionId)).toEqual(off)
    expect(await page()).toEqual({ on: false, text: 'Feedback is off: the attendee page asks for none.' })

    const saved = await call(editAction, makeRequest(path, { cookie: owner.cookie, form: feedbackForm(talkId) }), {
      id: sessionId,
    })
    expect(locationOf(saved)).toBe(`/app/sessions/${sessionId}`)
    expect(await feedbackColumns(sessionId)).toEqual({
      feedbackEnabled: true,
      feedbackOpens: 'before_end',
      feedbackOpensBeforeEndMinutes: 15,
      feedbackClosesAfterMinutes: 120,
    })
    const view = dataOf<{ defaults: Record<string, unknown> }>(
      await call(editLoader, makeRequest(path, { cookie: owner.cookie }), { id: sessionId }),
    )
    expect(view.defaults).toMatchObject({
      feedbackEnabled: true,
      feedbackOpens: 'before_end',
      feedbackOpensBeforeEndMinutes: '15',
      feedbackClosesAfterMinutes: '120',
    })
    // The form's session starts 2026-05-14 09:30 Berlin (07:30 UTC) with no length: it ends at 08:00 UTC,
    // feedback closes two hours later — in the past by now, so the page says when it closed.
    const line = await page()
    expect(line.on).toBe(true)
    expect(line.text).toMatch(
      /^Feedback is on\. It opens 15 minutes before the session ends and closes 2 hours after it ends\. Feedback on this talk closed on .*12:00/,
    )

    // Unticked (the box is simply absent from the post): off, the window kept for next time.
    const { feedbackEnabled: _, ...unticked } = feedbackForm(talkId, { feedbackOpens: 'start' })
    await call(editAction, makeRequest(path, { cookie: owner.cookie, form: unticked }), { id: sessionId })
    expect(await feedbackColumns(sessionId)).toEqual({
      feedbackEnabled: false,
      feedbackOpens: 'start',
      feedbackOpensBeforeEndMinutes: 15,
      feedbackClosesAfterMinutes: 120,
    })
  })

  it.each([
    [{ feedbackOpensBeforeEndMinutes: '601' }, 'feedbackOpensBeforeEndMinutes', SESSION_ERRORS.opensBeforeEnd],
    [{ feedbackOpensBeforeEndMinutes: '-1' }, 'feedbackOpensBeforeEndMinutes', SESSION_ERRORS.opensBeforeEnd],
    [{ feedbackOpensBeforeEndMinutes: '2.5' }, 'feedbackOpensBeforeEndMinutes', SESSION_ERRORS.opensBeforeEnd],
    [{ feedbackOpensBeforeEndMinutes: '' }, 'feedbackOpensBeforeEndMinutes', SESSION_ERRORS.opensBeforeEndMissing],
    [{ feedbackClosesAfterMinutes: '0' }, 'feedbackClosesAfterMinutes', SESSION_ERRORS.closesAfter],
    [{ feedbackClosesAfterMinutes: '10081' }, 'feedbackClosesAfterMinutes', SESSION_ERRORS.closesAfter],
    [{ feedbackClosesAfterMinutes: 'soon' }, 'feedbackClosesAfterMinutes', SESSION_ERRORS.closesAfter],
    [{ feedbackClosesAfterMinutes: '' }, 'feedbackClosesAfterMinutes', SESSION_ERRORS.closesAfterMissing],
    [{ feedbackOpens: 'tomorrow' }, 'feedbackOpens', SESSION_ERRORS.feedbackOpens],
  ])('refuses %o with 400 and the message by the field, storing nothing', async (over, field, message) => {
    const { talkId, sessionId } = await seedTalkAndSession(owner.id)
    const r = await call(
      editAction,
      makeRequest(`/app/sessions/${sessionId}/edit`, { cookie: owner.cookie, form: feedbackForm(talkId, over) }),
      { id: sessionId },
    )
    expect(statusOf(r)).toBe(400)
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(r).result.error[field]).toEqual([message])
    expect(await feedbackColumns(sessionId)).toEqual(off)
  })

  it('the new-session form starts with feedback off and can create a session with it on', async () => {
    const { talkId } = await seedTalkAndSession(owner.id)
    const page = dataOf<{ defaults: Record<string, unknown> }>(
      await call(newSessionLoader, makeRequest('/app/sessions/new', { cookie: owner.cookie })),
    )
    expect(page.defaults).toMatchObject({ feedbackEnabled: false, feedbackOpens: 'start', feedbackClosesAfterMinutes: '60' })
    const created = await call(
      newSessionAction,
      makeRequest('/app/sessions/new', { cookie: owner.cookie, form: feedbackForm(talkId, { eventName: 'With feedback' }) }),
    )
    const id = locationOf(created)!.split('/').pop()!
    expect(await feedbackColumns(id)).toMatchObject({ feedbackEnabled: true, feedbackOpensBeforeEndMinutes: 15 })
  })

  it("another workspace's session answers 404 and keeps its settings", async () => {
    const { talkId, sessionId } = await seedTalkAndSession(owner.id)
    const r = await call(
      editAction,
      makeRequest(`/app/sessions/${sessionId}/edit`, { cookie: other.cookie, form: feedbackForm(talkId) }),
      { id: sessionId },
    )
    expect(statusOf(r)).toBe(404)
    expect(await feedbackColumns(sessionId)).toEqual(off)
  })
})

describe('offer files in storage', () => {
  const upload = (talkId: string, name: string) => {
    const form = new FormData()
    for (const [k, v] of Object.entries(sessionForm(talkId, { offerKind: 'file', offerUrl: '' }))) form.append(k, v)
    form.append('offerFile', new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' }))
    return form
  }
  const deleteJobs = async () =>
    (await getDb().select().from(jobs).where(eq(jobs.kind, 'storage.delete'))).map((j) => (j.payload as { key: string }).key)

  it('a replaced file and a deleted session release their object; a duplicate keeps a shared file alive', async () => {
    const { talkId } = await seedTalkAndSession(owner.id)
    const created = await call(
      newSessionAction,
      makeRequest('/app/sessions/new', { cookie: owner.cookie, form: upload(talkId, 'one.pdf') }),
    )
    const id = locationOf(created)!.split('/').pop()!
    const first = (await sessionRow(id))!.offerFileKey!
    await call(editAction, makeRequest(`/app/sessions/${id}/edit`, { cookie: owner.cookie, form: upload(talkId, 'two.pdf') }), {
      id,
    })
    const second = (await sessionRow(id))!.offerFileKey!
    expect(second).not.toBe(first)
    expect(await deleteJobs()).toContain(first)

    const copy = locationOf(
      await call(sessionAction, makeRequest(`/app/sessions/${id}`, { cookie: owner.cookie, form: { intent: 'duplicate' } }), {
        id,
      }),
    )!.split('/')[3]!
    expect((await sessionRow(copy))!.offerFileKey).toBe(second)
    await call(sessionAction, makeRequest(`/app/sessions/${id}`, { cookie: owner.cookie, form: { intent: 'delete' } }), { id })
    expect(await deleteJobs()).toContain(second)
    // The job finds the duplicate still using the file and keeps it.
    expect(await deleteIfUnreferenced(second)).toMatchObject({ deleted: false, reason: 'referenced' })
  })
})

describe('sessions: page, status, duplicate, delete', () => {
  const act = (cookie: string, id: string, intent: string) =>
    call(sessionAction, makeRequest(`/app/sessions/${id}`, { cookie, form: { intent } }), { id })

  it('shows stats and the short URL to the owner; 404 to another speaker or a malformed id', async () => {
    const { sessionId, code } = await seedTalkAndSession(owner.id)
    await seedViewsAndLeads(sessionId, owner.id, { scans: 8, visits: 3, leadCount: 2 })
    const page = dataOf<{ url: string; stats: Record<string, number | null> }>(
      await call(sessionLoader, makeRequest(`/app/sessions/${sessionId}`, { cookie: owner.cookie }), { id: sessionId }),
    )
    expect(page.url).toBe(`http://localhost:3000/t/${code}`)
    // 2 leads ÷ 11 unique visitors (8 scanned, 3 typed the link)
    expect(page.stats).toEqual({
      scans: 8,
      visits: 3,
      visitors: 11,
      leads: 2,
      conversion: { percent: 18, people: 11, floored: false },
    })
    expect(
      statusOf(await call(sessionLoader, makeRequest(`/app/sessions/${sessionId}`, { cookie: other.cookie }), { id: sessionId })),
    ).toBe(404)
    expect(statusOf(await call(sessionLoader, makeRequest('/app/sessions/nope', { cookie: owner.cookie }), { id: 'nope' }))).toBe(
      404,
    )

    const home = dataOf<{ sessions: Array<{ id: string; scans: number; leads: number; conversion: unknown }> }>(
      await call(homeLoader, makeRequest('/app', { cookie: owner.cookie })),
    )
    expect(home.sessions).toEqual([
      expect.objectContaining({
        id: sessionId,
        scans: 8,
        visitors: 11,
        leads: 2,
        conversion: expect.objectContaining({ percent: 18 }),
      }),
    ])
    const theirs = dataOf<{ sessions: unknown[] }>(await call(homeLoader, makeRequest('/app', { cookie: other.cookie })))
    expect(theirs.sessions).toEqual([])
  })

  it('free plan: one live session at a time, checked on go-live and reopen', async () => {
    const a = await seedTalkAndSession(owner.id)
    const b = await seedTalkAndSession(owner.id)
    expect(locationOf(await act(owner.cookie, a.sessionId, 'go-live'))).toBe(`/app/sessions/${a.sessionId}`)
    const refused = await act(owner.cookie, b.sessionId, 'go-live')
    expect(statusOf(refused)).toBe(403)
    expect(dataOf<{ error: string }>(refused).error).toBe(
      'Your Free plan allows 1 live session at a time. Close your live session first, or upgrade your plan.',
    )
    expect((await sessionRow(b.sessionId))!.status).toBe('draft')

    await act(owner.cookie, a.sessionId, 'close')
    expect((await sessionRow(a.sessionId))!).toMatchObject({ status: 'closed' })
    await act(owner.cookie, b.sessionId, 'go-live')
    expect(statusOf(await act(owner.cookie, a.sessionId, 'go-live'))).toBe(403)
    expect((await sessionRow(a.sessionId))!.status).toBe('closed')
  })

  it('concurrent go-lives of one free owner leave exactly one session live', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(async () => (await seedTalkAndSession(owner.id)).sessionId))
    const results = await Promise.all(ids.map((id) => act(owner.cookie, id, 'go-live')))
    expect(results.filter((r) => statusOf(r) === 302)).toHaveLength(1)
    const live = (await getDb().select().from(talkSessions).where(eq(talkSessions.userId, owner.id))).filter(
      (s) => s.status === 'live',
    )
    expect(live).toHaveLength(1)
  })

  it('a paid plan has no live limit', async () => {
    await getDb().update(workspaces).set({ plan: 'solo' }).where(eq(workspaces.id, owner.id))
    const a = await seedTalkAndSession(owner.id)
    const b = await seedTalkAndSession(owner.id)
    await act(owner.cookie, a.sessionId, 'go-live')
    expect(locationOf(await act(owner.cookie, b.sessionId, 'go-live'))).toBe(`/app/sessions/${b.sessionId}`)
  })

  it('close needs a live session (409)', async () => {
    const { sessionId } = await seedTalkAndSession(owner.id)
    expect(statusOf(await act(owner.cookie, sessionId, 'close'))).toBe(409)
  })

  it('duplicates for the next event: same talk and page, new code, a draft without counts', async () => {
    const { sessionId, talkId, code } = await seedTalkAndSession(owner.id, {
      headline: 'Fast code',
      offerKind: 'url',
      offerTitle: 'Slides',
      offerUrl: 'https://ex.com',
      feedbackEnabled: true,
      feedbackOpens: 'before_end',
      feedbackOpensBeforeEndMinutes: 5,
      feedbackClosesAfterMinutes: 45,
    })
    await act(owner.cookie, sessionId, 'go-live')
    await seedViewsAndLeads(sessionId, owner.id, { scans: 2, visits: 0, leadCount: 1 })
    const r = await act(owner.cookie, sessionId, 'duplicate')
    const copyId = locationOf(r)!.match(/\/app\/sessions\/([^/]+)\/edit$/)![1]!
    const copy = await sessionRow(copyId)
    expect(copy).toMatchObject({
      talkId,
      status: 'draft',
      headline: 'Fast code',
      offerTitle: 'Slides',
      offerUrl: 'https://ex.com',
      unlocked: false,
      // The feedback settings come along (issue 33).
      feedbackEnabled: true,
      feedbackOpens: 'before_end',
      feedbackOpensBeforeEndMinutes: 5,
      feedbackClosesAfterMinutes: 45,
    })
    expect(copy!.code).not.toBe(code)
    const stats = dataOf<{ stats: { scans: number; leads: number } }>(
      await call(sessionLoader, makeRequest(`/app/sessions/${copyId}`, { cookie: owner.cookie }), { id: copyId }),
    ).stats
    expect(stats).toMatchObject({ scans: 0, leads: 0 })
  })

  it("another speaker's ids answer 404 to every status action and nothing changes", async () => {
    const { sessionId } = await seedTalkAndSession(owner.id)
    for (const intent of ['go-live', 'close', 'duplicate', 'delete']) {
      expect(statusOf(await act(other.cookie, sessionId, intent)), intent).toBe(404)
    }
    expect((await sessionRow(sessionId))!.status).toBe('draft')
    expect(await getDb().select().from(talkSessions).where(eq(talkSessions.userId, other.id))).toEqual([])
  })

  it('deletes with its leads; an unknown intent is a 400', async () => {
    const { sessionId } = await seedTalkAndSession(owner.id)
    await seedViewsAndLeads(sessionId, owner.id, { scans: 1, visits: 1, leadCount: 1 })
    expect(statusOf(await act(owner.cookie, sessionId, 'explode'))).toBe(400)
    expect(locationOf(await act(owner.cookie, sessionId, 'delete'))).toBe('/app')
    expect(await sessionRow(sessionId)).toBeUndefined()
  })
})

describe('QR downloads', () => {
  const download = (cookie: string, id: string, format: string) =>
    call(qrLoader, makeRequest(`/app/sessions/${id}/qr/${format}`, { cookie }), { id, format }) as Promise<Response>

  async function decode(png: Buffer) {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    return {
      text: jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null,
      width: info.width,
      height: info.height,
    }
  }

  it('PNG at 1024 and 2048 px encode exactly {APP_URL}/t/{code}?qr=1, as attachments', async () => {
    const { sessionId, code } = await seedTalkAndSession(owner.id)
    for (const [format, size] of [
      ['png-1024', 1024],
      ['png-2048', 2048],
    ] as const) {
      const r = await download(owner.cookie, sessionId, format)
      expect(r.status).toBe(200)
      expect(r.headers.get('Content-Type')).toBe('image/png')
      expect(r.headers.get('Content-Disposition')).toBe(`attachment; filename="session-${code}-qr-${size}.png"`)
      const decoded = await decode(Buffer.from(await r.arrayBuffer()))
      expect(decoded).toEqual({ text: `http://localhost:3000/t/${code}?qr=1`, width: size, height: size })
    }
  })

  it('SVG and the 1920×1080 slide carry the same payload', async () => {
    const { sessionId, code } = await seedTalkAndSession(owner.id, {
      offerKind: 'url',
      offerTitle: 'The slides',
      offerUrl: 'https://ex.com',
    })
    const svg = await download(owner.cookie, sessionId, 'svg')
    expect(svg.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(svg.headers.get('Content-Disposition')).toBe(`attachment; filename="session-${code}-qr.svg"`)
    const rendered = await sharp(Buffer.from(await svg.text()))
      .resize(800)
      .png()
      .toBuffer()
    expect((await decode(rendered)).text).toBe(`http://localhost:3000/t/${code}?qr=1`)

    const slide = await download(owner.cookie, sessionId, 'slide')
    expect(slide.headers.get('Content-Type')).toBe('image/png')
    const decoded = await decode(Buffer.from(await slide.arrayBuffer()))
    expect(decoded).toEqual({ text: `http://localhost:3000/t/${code}?qr=1`, width: 1920, height: 1080 })
  })

  it("404 for another speaker's session or an unknown format", async () => {
    const { sessionId } = await seedTalkAndSession(owner.id)
    expect((await download(other.cookie, sessionId, 'svg')).status).toBe(404)
    expect((await download(owner.cookie, sessionId, 'gif')).status).toBe(404)
  })
})
