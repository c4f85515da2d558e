import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { SESSION_READ_ONLY } from '~/lib/permissions'
import { loader as homeLoader } from '~/routes/app._index'
import { loader as leadsLoader } from '~/routes/app.leads._index/route'
import { loader as personLoader } from '~/routes/app.leads_.$id/route'
import { action as sessionAction, loader as sessionLoader } from '~/routes/app.sessions.$id._index'
import { action as editAction, loader as editLoader } from '~/routes/app.sessions.$id.edit'
import { loader as qrLoader } from '~/routes/app.sessions.$id.qr.$format'
import { action as roiAction, loader as roiLoader } from '~/routes/app.sessions.$id.roi'
import { loader as sessionLeadsLoader } from '~/routes/app.sessions.$id_.leads'
import { loader as talkRoiLoader } from '~/routes/app.talks.$id_.roi'
import { loader as attendeeLoader } from '~/routes/t.$code'
import { sessionForm } from './app-utils'
import { call, createUser, makeRequest } from './utils'
import { cookieFor, twoWorkspaces } from './workspace-fixtures'

// Issue 29 Deliver 1: "Members see every lead" has no dead ends. On, a member reads every session of
// the workspace — its page, leads, QR codes and ROI — without a control to change it, and every
// change answers 403; the person page links each capture to its session. Off, a colleague's session
// is a 404 and no page's data links to it.

type Fx = Awaited<ReturnType<typeof twoWorkspaces>>
let fx: Fx
/** A second member of A with no session of their own: every session they read is a colleague's. */
let reader: string

beforeAll(async () => {
  fx = await twoWorkspaces()
  const user = await createUser(`reader-${fx.A.id.slice(0, 8)}@example.com`)
  await getDb().insert(workspaceMembers).values({ workspaceId: fx.A.id, userId: user.id, role: 'member' })
  reader = await cookieFor(user.id, fx.A.id)
})

async function seeEveryLead(on: boolean) {
  await getDb().update(workspaces).set({ membersSeeAllLeads: on }).where(eq(workspaces.id, fx.A.id))
}

type Fn = Parameters<typeof call>[0]
async function get(cookie: string, path: string, fn: Fn, params: Record<string, string> = {}) {
  const result = await call(fn, makeRequest(path, { cookie }), params)
  if (result instanceof Response) return { status: result.status, text: await result.text(), data: null }
  return { status: 200, text: JSON.stringify(result), data: result as Record<string, unknown> }
}
async function post(cookie: string, path: string, fn: Fn, form: Record<string, string>, params: Record<string, string>) {
  const result = (await call(fn, makeRequest(path, { cookie, form }), params)) as Response
  return { status: result.status, text: await result.text() }
}

const colleagues = (): [who: string, id: string, eventName: string][] => [
  ['a member', fx.A.sessions.member!, fx.A.eventNames.member!],
  ['the owner', fx.A.sessions.owner, fx.A.eventNames.owner],
]

async function sessionRow(id: string) {
  const [row] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, id))
  return row
}

describe('"Members see every lead" on: a colleague\'s session opens read-only', () => {
  beforeAll(() => seeEveryLead(true))

  it.each([0, 1])("opens the session's page without a control to change it (%i)", async (i) => {
    const [, id, eventName] = colleagues()[i]!
    const page = await get(reader, `/app/sessions/${id}`, sessionLoader, { id })
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ session: { id, eventName }, canRun: false, canEdit: false })
    // Who to ask: the person who runs it, as the team page names them.
    const runner = (page.data as { runner: { userId: string } | null }).runner
    expect(runner?.userId).toBe(i === 0 ? fx.users.memberA.id : fx.users.ownerA.id)
    // ?delete=1 offers no confirmation either (the component reads canEdit).
    const confirm = await get(reader, `/app/sessions/${id}?delete=1`, sessionLoader, { id })
    expect(confirm.data).toMatchObject({ canEdit: false })
  })

  it('refuses every change of it with 403 and the sentence, and changes nothing', async () => {
    const id = fx.A.sessions.member!
    const before = await sessionRow(id)
    const count = async () => (await getDb().select().from(talkSessions).where(eq(talkSessions.workspaceId, fx.A.id))).length
    const sessionsBefore = await count()
    for (const intent of ['go-live', 'close', 'duplicate', 'delete']) {
      const refused = await post(reader, `/app/sessions/${id}`, sessionAction, { intent }, { id })
      expect(refused.status, intent).toBe(403)
      expect(refused.text, intent).toBe(SESSION_READ_ONLY)
    }
    const edit = await get(reader, `/app/sessions/${id}/edit`, editLoader, { id })
    expect(edit.status).toBe(403)
    const saved = await post(
      reader,
      `/app/sessions/${id}/edit`,
      editAction,
      sessionForm(fx.A.talkId, { eventName: 'Taken', feedbackEnabled: 'on', feedbackClosesAfterMinutes: '30' }),
      {
        id,
      },
    )
    expect(saved.status).toBe(403)
    const cost = await post(reader, `/app/sessions/${id}/roi`, roiAction, { fee: '100', travel: '', currency: 'EUR' }, { id })
    expect(cost.status).toBe(403)
    expect(await sessionRow(id)).toEqual(before)
    expect(await count()).toBe(sessionsBefore)
  })

  it('reads its leads, QR codes and ROI (without the cost form)', async () => {
    const id = fx.A.sessions.member!
    const leads = await get(reader, `/app/sessions/${id}/leads`, sessionLeadsLoader, { id })
    expect(leads.status).toBe(200)
    expect(leads.text).toContain(fx.A.people.memberOnly!.email)
    expect(leads.text).toContain(fx.A.people.shared!.email)
    const qr = (await call(qrLoader, makeRequest(`/app/sessions/${id}/qr/svg`, { cookie: reader }), {
      id,
      format: 'svg',
    })) as Response
    expect(qr.status).toBe(200)
    expect(qr.headers.get('Content-Type')).toContain('svg')
    const roi = await get(reader, `/app/sessions/${id}/roi`, roiLoader, { id })
    expect(roi.status).toBe(200)
    expect(roi.data).toMatchObject({ locked: null, canChange: false })
    // The talk's ROI lists every delivery the reader opens: both colleagues'.
    const talk = await get(reader, `/app/talks/${fx.A.talkId}/roi`, talkRoiLoader, { id: fx.A.talkId })
    expect(talk.text).toContain(fx.A.eventNames.member!)
    expect(talk.text).toContain(fx.A.eventNames.owner)
  })

  it("links a person's captures to their sessions, which open", async () => {
    const id = fx.A.people.shared!.id
    const person = await get(reader, `/app/leads/${id}`, personLoader, { id })
    const hrefs = (person.data as { captures: { sessionHref: string | null }[] }).captures.map((c) => c.sessionHref).sort()
    expect(hrefs).toEqual([`/app/sessions/${fx.A.sessions.owner}`, `/app/sessions/${fx.A.sessions.member}`].sort())
    for (const href of hrefs) {
      const sessionId = href!.split('/').at(-1)!
      expect((await get(reader, href!, sessionLoader, { id: sessionId })).status).toBe(200)
    }
  })

  it('the runner and the owner still change it; "Your sessions" stays the sessions one changes', async () => {
    const id = fx.A.sessions.member!
    const member = await get(fx.cookies.memberA, `/app/sessions/${id}`, sessionLoader, { id })
    expect(member.data).toMatchObject({ canRun: true, canEdit: true, runner: null })
    const owner = await get(fx.cookies.ownerA, `/app/sessions/${id}`, sessionLoader, { id })
    expect(owner.data).toMatchObject({ canRun: true, canEdit: true, runner: null })
    expect((await get(fx.cookies.ownerA, `/app/sessions/${id}/edit`, editLoader, { id })).status).toBe(200)
    const home = await get(reader, '/app', homeLoader)
    expect((home.data as { sessions: unknown[] }).sessions).toEqual([])
  })

  it("another workspace's session is still a 404, page and change alike", async () => {
    const id = fx.B.sessions.owner
    expect((await get(reader, `/app/sessions/${id}`, sessionLoader, { id })).status).toBe(404)
    expect((await post(reader, `/app/sessions/${id}`, sessionAction, { intent: 'go-live' }, { id })).status).toBe(404)
    expect((await get(reader, `/app/sessions/${id}/edit`, editLoader, { id })).status).toBe(404)
  })
})

describe('"Members see every lead" off: no page links a member to a session they cannot open', () => {
  beforeAll(() => seeEveryLead(false))

  it("a colleague's session, its leads, QR codes, ROI and edit page are 404; so are its changes", async () => {
    for (const [who, id] of colleagues()) {
      for (const [path, fn, params] of [
        [`/app/sessions/${id}`, sessionLoader, { id }],
        [`/app/sessions/${id}/leads`, sessionLeadsLoader, { id }],
        [`/app/sessions/${id}/qr/svg`, qrLoader, { id, format: 'svg' }],
        [`/app/sessions/${id}/roi`, roiLoader, { id }],
        [`/app/sessions/${id}/edit`, editLoader, { id }],
      ] as const)
        expect((await get(reader, path, fn, params)).status, `${who}: ${path}`).toBe(404)
      for (const intent of ['go-live', 'close', 'duplicate', 'delete'])
        expect((await post(reader, `/app/sessions/${id}`, sessionAction, { intent }, { id })).status, `${who}: ${intent}`).toBe(
          404,
        )
      const cost = await post(reader, `/app/sessions/${id}/roi`, roiAction, { fee: '1', travel: '', currency: 'EUR' }, { id })
      expect(cost.status, `${who}: cost`).toBe(404)
    }
  })

  it("the person page and the leads list hold no link to, nor the id of, the owner's session", async () => {
    const id = fx.A.people.shared!.id
    const person = await get(fx.cookies.memberA, `/app/leads/${id}`, personLoader, { id })
    const captures = (person.data as { captures: { sessionHref: string | null }[] }).captures
    expect(captures.map((c) => c.sessionHref)).toEqual([`/app/sessions/${fx.A.sessions.member}`])
    expect(person.text).not.toContain(fx.A.sessions.owner)
    expect(
      (await get(fx.cookies.memberA, `/app/sessions/${fx.A.sessions.member}`, sessionLoader, { id: fx.A.sessions.member! }))
        .status,
    ).toBe(200)

    const list = await get(fx.cookies.memberA, '/app/leads', leadsLoader)
    expect(list.text).not.toContain(fx.A.sessions.owner)
    expect(list.text).toContain(fx.A.sessions.member)
    const talk = await get(fx.cookies.memberA, `/app/talks/${fx.A.talkId}/roi`, talkRoiLoader, { id: fx.A.talkId })
    expect(talk.text).not.toContain(fx.A.sessions.owner)
    const home = await get(fx.cookies.memberA, '/app', homeLoader)
    expect(home.text).not.toContain(fx.A.sessions.owner)
  })
})

describe("a draft's attendee page previews for whoever opens the session (no dead link)", () => {
  const attendee = (code: string, cookie: string) =>
    call(attendeeLoader, makeRequest(`/t/${code}`, { cookie }), { code }) as Promise<Response>

  it('the owner, and a member while "Members see every lead" is on, preview a colleague\'s draft; off, or another workspace, 404', async () => {
    const draft = await sessionRow(fx.A.sessions.member!)
    await getDb().update(talkSessions).set({ status: 'draft' }).where(eq(talkSessions.id, draft!.id))
    const owner = await cookieFor(fx.A.ownerUserId, fx.A.id)
    const outsider = await cookieFor(fx.B.ownerUserId, fx.B.id)

    await seeEveryLead(true)
    const page = await get(reader, `/app/sessions/${draft!.id}`, sessionLoader, { id: draft!.id })
    expect(page.status).toBe(200)
    for (const cookie of [owner, reader]) {
      const preview = await attendee(draft!.code, cookie)
      expect(preview.status).toBe(200)
      expect(await preview.text()).toContain('Preview: this session is a draft.')
    }
    expect((await attendee(draft!.code, outsider)).status).toBe(404)

    await seeEveryLead(false)
    expect((await attendee(draft!.code, reader)).status).toBe(404)
    expect((await attendee(draft!.code, owner)).status).toBe(200)
  })
})
