import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { workspaces } from '~/db/schema/workspaces'
import { QR_DOWNLOADS } from '~/lib/short-link'
import { buildPath, discoverRoutes, type RouteModule } from '../fuzz/routes'
import { sessionForm } from './app-utils'
import { call, makeRequest } from './utils'
import { twoWorkspaces, type Workspace } from './workspace-fixtures'

// Issue 21 Deliver 8: another workspace's id answers 404 on every /app route and download, and a
// member (who sees the leads of the sessions they run) gets 404 for another member's session and for
// people seen only there. With "Members see every lead" on (issue 29 Deliver 1) the same member reads
// those people and sessions, and every change of a session stays refused (403); another workspace's
// ids stay 404. The routes are found on disk as the fuzz suite finds them
// (tests/fuzz/routes.ts): a new /app route with a param fails the coverage test until it has a row
// in ID_ROUTES saying which fixture id each param takes and how its action is posted.

type Kind = 'session' | 'talk' | 'person' | 'webhook' | 'member' | 'event' | 'eventSpeaker' | 'followUp'
/** A param filled with a fixture's id of that kind, or with each of these fixed values. */
type Param = Kind | { values: readonly string[] }
/** What a member of A gets for A's owner's item of this route: 404, 403 (role), or the page (talks are shared). */
type MemberOutcome = 'not-found' | 'forbidden' | 'shared'
type IdRoute = {
  params: Record<string, Param>
  /** Plausible POSTs (valid where validation comes first), given the target workspace's fixture. */
  actions?: (w: Workspace) => Record<string, string>[]
  member: MemberOutcome
  /** For a 'shared' page: what a member's POSTs get (403 where the action needs a role above member). */
  memberPost?: 'forbidden'
  /** What the member gets with "Members see every lead" on, where it differs from `member`. */
  seesAll?: { member: MemberOutcome; memberPost?: 'forbidden' }
}

const personActions = (w: Workspace): Record<string, string>[] => [
  { intent: 'pipeline', status: 'contacted', dealValue: '', dealCurrency: 'EUR' },
  { intent: 'add-tags', tags: 'vip' },
  { intent: 'remove-tag', tag: 'vip' },
  { intent: 'add-note', body: 'A note' },
  { intent: 'edit-note', noteId: w.people.ownerOnly.noteId, body: 'Changed' },
  { intent: 'delete-note', noteId: w.people.ownerOnly.noteId },
  { intent: 'delete' },
]

export const ID_ROUTES: Record<string, IdRoute> = {
  // An event's speakers (issue 23): owner and admins only — a member is refused (403) before any id is read.
  'app.events.$id.speakers._index.tsx': {
    params: { id: 'event' },
    actions: () => [{ intent: 'add', name: 'X', email: 'x@example.com', talkTitle: 'X', startTime: '2027-03-10T09:00' }],
    member: 'forbidden',
  },
  'app.events.$id.speakers.import.tsx': {
    params: { id: 'event' },
    actions: () => [{ intent: 'discard', importId: '00000000-0000-4000-8000-000000000000' }],
    member: 'forbidden',
  },
  'app.events.$id.speakers.template.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id.speakers.export.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id.speakers.$speakerId.tsx': {
    params: { id: 'event', speakerId: 'eventSpeaker' },
    actions: (): Record<string, string>[] => [{ intent: 'speaker', name: 'Renamed' }, { intent: 'remove' }],
    member: 'forbidden',
  },
  // An organiser's event (issue 23): its pages are the owner's and admins' ('events.manage'), so a member gets 403.
  'app.events.$id.insights.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id.insights_.sessions[.]csv.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id.insights_.speakers[.]csv.tsx': { params: { id: 'event' }, member: 'forbidden' },
  // With every lead seen, the member works the person too (their POSTs are not tried: they would succeed).
  'app.leads_.$id/route.tsx': {
    params: { id: 'person' },
    actions: personActions,
    member: 'not-found',
    seesAll: { member: 'shared' },
  },
  'app.leads_.$id_.export.tsx': { params: { id: 'person' }, member: 'not-found', seesAll: { member: 'shared' } },
  'app.leads_.$id_.vcard.tsx': { params: { id: 'person' }, member: 'not-found', seesAll: { member: 'shared' } },
  // A session: read by whoever sees every lead, changed only by its runner, the owner and admins.
  'app.sessions.$id._index.tsx': {
    params: { id: 'session' },
    actions: () => [{ intent: 'go-live' }, { intent: 'close' }, { intent: 'duplicate' }, { intent: 'delete' }],
    member: 'not-found',
    seesAll: { member: 'shared', memberPost: 'forbidden' },
  },
  'app.sessions.$id.edit.tsx': {
    params: { id: 'session' },
    actions: (w) => [sessionForm(w.talkId)],
    member: 'not-found',
    seesAll: { member: 'forbidden' },
  },
  // The session's languages (issue 31): changed, like the session, only by its runner, the owner and admins.
  'app.sessions.$id.languages.tsx': {
    params: { id: 'session' },
    actions: () => [{ mode: 'de' }],
    member: 'not-found',
    seesAll: { member: 'forbidden' },
  },
  // An organiser's event (issue 23): events.manage is the owner's and admins' (a member gets 403).
  'app.events.$id.qr[.]zip.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id.export.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id.export.csv.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id.export.json.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.sessions.$id.qr.$format.tsx': {
    params: { id: 'session', format: { values: QR_DOWNLOADS.map((d) => d.format) } },
    member: 'not-found',
    seesAll: { member: 'shared' },
  },
  'app.sessions.$id.roi.tsx': {
    params: { id: 'session' },
    actions: () => [{ fee: '100', travel: '', currency: 'EUR' }],
    member: 'not-found',
    seesAll: { member: 'shared', memberPost: 'forbidden' },
  },
  'app.sessions.$id_.leads.tsx': { params: { id: 'session' }, member: 'not-found', seesAll: { member: 'shared' } },
  // An event's speaker invitations (issue 23): the owner's and admins' ('events.manage': a member gets 403).
  'app.events.$id.invitations.tsx': {
    params: { id: 'event' },
    actions: () => [{ intent: 'invite-all' }],
    member: 'forbidden',
  },
  // Talks are the team's shared assets: a member opens and edits every talk of the workspace.
  'app.talks.$id.tsx': { params: { id: 'talk' }, actions: () => [{ title: 'Renamed', abstract: '', tag: '' }], member: 'shared' },
  'app.talks.$id_.roi.tsx': { params: { id: 'talk' }, member: 'shared' },
  'app.team_.members.$userId.tsx': {
    params: { userId: 'member' },
    actions: (w): Record<string, string>[] => [
      { intent: 'role', role: 'member' },
      { intent: 'remove', reassignTo: w.ownerUserId },
    ],
    member: 'shared',
    memberPost: 'forbidden',
  },
  // An organiser's events (issue 23): the owner and admins only ('events.manage': a member is refused, 403).
  'app.events.$id.tsx': { params: { id: 'event' }, member: 'forbidden' },
  'app.events.$id._index.tsx': {
    params: { id: 'event' },
    actions: () => [{ intent: 'status', status: 'archived' }],
    member: 'forbidden',
  },
  'app.events.$id.settings.tsx': {
    params: { id: 'event' },
    actions: (): Record<string, string>[] => [
      { intent: 'add-room', name: 'Stolen room' },
      {
        intent: 'save',
        name: 'Stolen',
        startsOn: '2027-01-01',
        endsOn: '2027-01-01',
        timeZone: 'UTC',
        venue: 'X',
        recipients: 'organiser',
      },
    ],
    member: 'forbidden',
  },
  // A session's feedback (issue 33): read like the session; approving or hiding a quote is a change of
  // the session (its runner, the owner and admins), the answer found by its id inside that scope.
  'app.sessions.$id.feedback.tsx': {
    params: { id: 'session' },
    actions: (w) => [
      { intent: 'approve', responseId: w.feedbackId },
      { intent: 'hide', responseId: w.feedbackId },
    ],
    member: 'not-found',
    seesAll: { member: 'shared', memberPost: 'forbidden' },
  },
  // Every delivery of a talk together: talks are shared, the answers are those of the sessions the
  // reader sees (a member's POSTs for the owner's answer find nothing: not tried here).
  'app.talks.$id_.feedback.tsx': {
    params: { id: 'talk' },
    actions: (w) => [{ intent: 'approve', responseId: w.feedbackId }],
    member: 'shared',
  },
  // A follow-up (issue 32): its author's scope — the owner's, seen by the owner and admins; a member
  // who sees only the sessions they run (and writes to those people) gets 404 for the owner's follow-up.
  'app.follow-ups.$id.tsx': {
    params: { id: 'followUp' },
    actions: (): Record<string, string>[] => [
      { intent: 'save', subject: 'Stolen', body: '<p>Stolen</p>' },
      { intent: 'test' },
      { intent: 'send' },
      { intent: 'schedule', date: '2027-01-01', time: '09:00' },
      { intent: 'unschedule' },
      { intent: 'cancel' },
    ],
    member: 'not-found',
    // With every lead seen, the member reads the workspace's follow-ups, but only their author, the
    // owner and admins change or send one (changesFollowUp): every POST on the owner's is 403.
    seesAll: { member: 'shared', memberPost: 'forbidden' },
  },
  // A session's automatic follow-up (issue 32 Deliver 7): opened like the session's follow-ups — a
  // member who sees only the sessions they run gets 404 for the owner's session; with every lead seen
  // they read it (their POSTs are not tried: writing their own would succeed).
  'app.sessions.$id.automatic-follow-up.tsx': {
    params: { id: 'session' },
    actions: (): Record<string, string>[] => [
      { intent: 'create', subject: 'Stolen', body: '<p>Stolen</p>', fromName: 'Thief' },
      { intent: 'save', subject: 'Stolen', body: '<p>Stolen</p>', fromName: 'Thief' },
      { intent: 'delay', delayHours: '5' },
      { intent: 'on' },
      { intent: 'pause' },
      { intent: 'resume' },
      { intent: 'test' },
    ],
    member: 'not-found',
    seesAll: { member: 'shared' },
  },
  'app.settings_.webhooks.$id.tsx': {
    params: { id: 'webhook' },
    actions: (w): Record<string, string>[] => [
      { intent: 'save', url: '' },
      { intent: 'enable' },
      { intent: 'disable' },
      { intent: 'rotate' },
      { intent: 'ping' },
      { intent: 'replay', deliveryId: w.deliveryId },
      { intent: 'delete' },
    ],
    member: 'forbidden',
  },
}

const modules = import.meta.glob<Record<string, unknown>>(['/app/routes/*.tsx', '/app/routes/*/route.tsx'])
type Fn = Parameters<typeof call>[0]

async function routeFn(file: string, fn: 'loader' | 'action') {
  const mod = await modules[`/app/routes/${file}`]!()
  return mod[fn] as Fn
}

/** Status and body of whatever a loader or action ended with (a thrown data() counts too). */
async function outcome(fn: Fn, request: Request, params: Record<string, string>) {
  let result: unknown
  try {
    result = await call(fn, request, params)
  } catch (thrown) {
    if ((thrown as { type?: string })?.type !== 'DataWithResponseInit') throw thrown
    result = thrown
  }
  if (result instanceof Response) return { status: result.status, body: await result.text() }
  const value = result as { type?: string; init?: { status?: number } | null; data?: unknown }
  if (value?.type === 'DataWithResponseInit') return { status: value.init?.status ?? 200, body: JSON.stringify(value.data) }
  return { status: 200, body: JSON.stringify(result) }
}

function idOf(w: Workspace, kind: Kind) {
  return {
    session: w.sessions.owner,
    talk: w.talkId,
    person: w.people.ownerOnly.id,
    webhook: w.webhookId,
    member: w.ownerUserId,
    event: w.eventId,
    eventSpeaker: w.eventSpeakerId,
    followUp: w.followUpId,
  }[kind]
}

/** Every path of a route with the target workspace's ids (one per fixed value of a fixed param). */
function pathsFor(route: RouteModule, row: IdRoute, w: Workspace) {
  let sets: Record<string, string>[] = [{}]
  for (const [name, param] of Object.entries(row.params)) {
    const values = typeof param === 'string' ? [idOf(w, param)] : [...param.values]
    sets = sets.flatMap((set) => values.map((v) => ({ ...set, [name]: v })))
  }
  return sets.map((params) => ({ path: buildPath(route, params), params }))
}

const appRoutes = discoverRoutes().filter((r) => r.segments[0] === 'app')

describe('every /app route with an id is in the isolation table', () => {
  it('finds the /app routes on disk', () => {
    expect(appRoutes.length).toBeGreaterThan(15)
  })

  it('has a row for every /app route with a param, each param mapped, an action form where there is an action', () => {
    const problems: string[] = []
    for (const route of appRoutes.filter((r) => r.params.length > 0)) {
      const row = ID_ROUTES[route.file]
      if (!row) {
        problems.push(`${route.file}: add a row to ID_ROUTES (which fixture id each of ${route.params.join(', ')} takes)`)
        continue
      }
      for (const p of route.params) if (!(p in row.params)) problems.push(`${route.file}: unknown param "${p}"`)
      if (route.hasAction && !row.actions) problems.push(`${route.file}: has an action; add plausible POSTs`)
    }
    for (const file of Object.keys(ID_ROUTES))
      if (!appRoutes.some((r) => r.file === file)) problems.push(`${file}: no such route on disk`)
    expect(problems).toEqual([])
  })
})

describe('workspace isolation: every /app route with an id', () => {
  let fx: Awaited<ReturnType<typeof twoWorkspaces>>
  beforeAll(async () => {
    fx = await twoWorkspaces()
  })

  const covered = appRoutes.filter((r) => ID_ROUTES[r.file])

  for (const route of covered) {
    const row = ID_ROUTES[route.file]!
    it(`A's owner gets 404 for B's ids: ${route.file}`, async () => {
      for (const { path, params } of pathsFor(route, row, fx.B)) {
        const requests: [string, () => Request][] = [[`GET ${path}`, () => makeRequest(path, { cookie: fx.cookies.ownerA })]]
        if (route.hasAction)
          for (const form of row.actions!(fx.B))
            requests.push([`POST ${path} ${JSON.stringify(form)}`, () => makeRequest(path, { cookie: fx.cookies.ownerA, form })])
        for (const [label, request] of requests) {
          const fn = await routeFn(route.file, label.startsWith('GET') ? 'loader' : 'action')
          const { status, body } = await outcome(fn, request(), params)
          expect(status, label).toBe(404)
          for (const secret of fx.secretsOfB) expect(body, `${label} shows B's data`).not.toContain(secret)
        }
      }
    })

    it(`A's member gets ${row.member} for A's owner's item, and 404/403 for B's: ${route.file}`, async () => {
      await expectMemberOutcomes(fx, route, row, row)
    })
  }

  it("leaves A's owner's data as it was after every refused request", async () => {
    const fn = await routeFn('app.leads_.$id/route.tsx', 'loader')
    const { status, body } = await outcome(
      fn,
      makeRequest(`/app/leads/${fx.A.people.ownerOnly.id}`, { cookie: fx.cookies.ownerA }),
      { id: fx.A.people.ownerOnly.id },
    )
    expect(status).toBe(200)
    expect(body).toContain(fx.A.people.ownerOnly.email)
    expect(body).toContain(`Note about`)
    const session = await routeFn('app.sessions.$id._index.tsx', 'loader')
    expect(
      (
        await outcome(session, makeRequest(`/app/sessions/${fx.A.sessions.owner}`, { cookie: fx.cookies.ownerA }), {
          id: fx.A.sessions.owner,
        })
      ).status,
    ).toBe(200)
  })
})

type Fixture = Awaited<ReturnType<typeof twoWorkspaces>>

/** A's member on A's owner's item gets `expected.member` (POSTs: memberPost); on B's, 404 or the role's 403. */
async function expectMemberOutcomes(
  fx: Fixture,
  route: RouteModule,
  row: IdRoute,
  expected: { member: MemberOutcome; memberPost?: 'forbidden' },
) {
  for (const [target, outcomeExpected] of [
    [fx.A, expected.member],
    // B's ids: a role's refusal (row.member, whatever the setting) comes first, else 404.
    [fx.B, row.member === 'forbidden' ? 'forbidden' : 'not-found'],
  ] as const) {
    for (const { path, params } of pathsFor(route, row, target)) {
      const loader = await routeFn(route.file, 'loader')
      const got = await outcome(loader, makeRequest(path, { cookie: fx.cookies.memberA }), params)
      if (outcomeExpected === 'shared') expect(got.status, `GET ${path}`).toBe(200)
      else expect(got.status, `GET ${path}`).toBe(outcomeExpected === 'forbidden' ? 403 : 404)
      if (target === fx.B)
        for (const secret of fx.secretsOfB) expect(got.body, `GET ${path} shows B's data`).not.toContain(secret)
      if (!route.hasAction) continue
      // A role check comes before the id is looked at: 403 then, for any id (row.memberPost). A
      // session's change is refused by its id instead: 403 for A's session the member reads, and
      // B's, which they cannot open, stays 404.
      const postExpected =
        (target === fx.A ? expected.memberPost : row.memberPost) ?? (outcomeExpected === 'shared' ? undefined : outcomeExpected)
      if (!postExpected) continue
      for (const form of row.actions!(target)) {
        const action = await routeFn(route.file, 'action')
        const posted = await outcome(action, makeRequest(path, { cookie: fx.cookies.memberA, form }), params)
        expect(posted.status, `POST ${path} ${JSON.stringify(form)}`).toBe(postExpected === 'forbidden' ? 403 : 404)
      }
    }
  }
}

describe('workspace isolation with "Members see every lead" on: every /app route with an id', () => {
  let fx: Fixture
  beforeAll(async () => {
    fx = await twoWorkspaces()
    await getDb().update(workspaces).set({ membersSeeAllLeads: true }).where(eq(workspaces.id, fx.A.id))
  })

  for (const route of appRoutes.filter((r) => ID_ROUTES[r.file])) {
    const row = ID_ROUTES[route.file]!
    const expected = row.seesAll ?? row
    it(`A's member gets ${expected.member} for A's owner's item, and 404/403 for B's: ${route.file}`, async () => {
      await expectMemberOutcomes(fx, route, row, expected)
    })
  }

  it("leaves A's owner's session as it was after every refused change", async () => {
    const session = await routeFn('app.sessions.$id._index.tsx', 'loader')
    const { status, body } = await outcome(
      session,
      makeRequest(`/app/sessions/${fx.A.sessions.owner}`, { cookie: fx.cookies.ownerA }),
      { id: fx.A.sessions.owner },
    )
    expect(status).toBe(200)
    expect(body).toContain(fx.A.eventNames.owner)
    expect(JSON.parse(body).session.status).toBe('draft')
  })
})
