import { readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_HOME_PATH, ADMIN_LOGIN_PATH, DEFAULT_RETURN_TO } from '~/lib/constants'
import { get, post, type Fn } from './auth-utils'
import { call, signedInAs } from './utils'

// Table-driven guard test: visitor / speaker / admin × every protected route and action.
// ADD A ROW when you add a protected route or action (the coverage check at the bottom fails for
// any loader/action of an admin or premium route module that has no row). Rules: spec 001 §6 and
// docs/decisions/0004-guards.md.

/** How a guarded call must end for one kind of viewer. */
type Outcome =
  /** Let through: no guard redirect and no 401/403 (a 400 for an empty form, a 404 or a redirect elsewhere is fine). */
  | 'ok'
  /** Refused by an action's re-check: 401/403, or a redirect to a sign-in screen or the submissions page. */
  | 'denied'
  /** Exactly this redirect (path and query). */
  | { redirect: string }

type Row = {
  /** Route module, relative to app/routes. */
  module: string
  fn: 'loader' | 'action'
  path: string
  form?: Record<string, string>
  visitor: Outcome
  speaker: Outcome
  admin: Outcome
}

const NO_ID = '00000000-0000-4000-8000-000000000000'
const adminLogin = (from: string) => ({ redirect: `${ADMIN_LOGIN_PATH}?return_to=${encodeURIComponent(from)}` })
const toSubmissions = { redirect: DEFAULT_RETURN_TO }

/** An admin list or editor page: visitor → admin login (and back), non-admin → submissions. */
const adminListLoader = (module: string, path: string): Row => ({
  module,
  fn: 'loader',
  path,
  visitor: adminLogin(path),
  speaker: toSubmissions,
  admin: 'ok',
})
/** An admin action: the server re-checks whatever the page showed. */
const adminAction = (module: string, path: string, form: Record<string, string>): Row => ({
  module,
  fn: 'action',
  path,
  form,
  visitor: 'denied',
  speaker: 'denied',
  admin: 'ok',
})

/** A workspace page or action: visitor → /login and back; speakers and admins are let through. */
function workspace(fn: 'loader' | 'action', module: string, path: string, form?: Record<string, string>): Row[] {
  return [
    { module, fn, path, form, visitor: { redirect: `/login?return_to=${encodeURIComponent(path)}` }, speaker: 'ok', admin: 'ok' },
  ]
}

export const GUARD_TABLE: Row[] = [
  adminListLoader('resources.admin._index.tsx', '/resources/admin'),
  adminAction('resources.admin._index.tsx', '/resources/admin', { intent: 'delete', id: NO_ID }),
  adminListLoader('resources.admin.editor/route.tsx', '/resources/admin/editor'),
  adminListLoader('resources.admin.editor/route.tsx', `/resources/admin/editor?id=${NO_ID}`),
  adminAction('resources.admin.editor/route.tsx', '/resources/admin/editor', { intent: 'draft', title: '', content: '' }),
  adminListLoader('resources.admin.featured/route.tsx', '/resources/admin/featured'),
  adminAction('resources.admin.featured/route.tsx', '/resources/admin/featured', { intent: 'delete', id: NO_ID }),
  adminListLoader('speakers.admin._index.tsx', '/speakers/admin'),
  adminAction('speakers.admin._index.tsx', '/speakers/admin', { intent: 'delete', id: NO_ID }),
  adminListLoader('speakers.admin.editor.tsx', '/speakers/admin/editor'),
  adminAction('speakers.admin.editor.tsx', '/speakers/admin/editor', { name: '' }),
  // The team inbox (first-party records of the public forms) is an admin list too.
  adminListLoader('admin.inbox/route.tsx', '/admin/inbox'),
  // Approving a startup application (issue 22): an admin action.
  adminAction('admin.inbox/route.tsx', '/admin/inbox', { intent: 'approve-startup', applicationId: NO_ID }),
  adminListLoader('admin.inbox_.export.tsx', '/admin/inbox/export?tab=contact'),
  adminListLoader('admin.analytics.tsx', '/admin/analytics'),
  // The submission screen: its path always passes the guard (signed out it shows the login form);
  // an admin opening it goes to the admin area.
  {
    module: 'premium.speaker-profile-submissions/route.tsx',
    fn: 'loader',
    path: DEFAULT_RETURN_TO,
    visitor: 'ok',
    speaker: 'ok',
    admin: { redirect: ADMIN_HOME_PATH },
  },
  {
    module: 'premium.speaker-profile-submissions/route.tsx',
    fn: 'action',
    path: DEFAULT_RETURN_TO,
    form: { name: '' },
    visitor: 'denied',
    speaker: 'ok',
    admin: { redirect: ADMIN_HOME_PATH },
  },
  // The admin login itself: public, but an admin moves on.
  {
    module: 'resources_.admin_.login.tsx',
    fn: 'loader',
    path: ADMIN_LOGIN_PATH,
    visitor: 'ok',
    speaker: 'ok',
    admin: { redirect: ADMIN_HOME_PATH },
  },
  // A signed-in non-admin cannot send links from it: back to its "Access denied" screen.
  {
    module: 'resources_.admin_.login.tsx',
    fn: 'action',
    path: ADMIN_LOGIN_PATH,
    form: { intent: 'magic-link-request', email: '' },
    visitor: 'ok',
    speaker: { redirect: ADMIN_LOGIN_PATH },
    admin: { redirect: ADMIN_HOME_PATH },
  },
  // The admin accounts page (issue 9 §8).
  adminListLoader('admin.accounts._index.tsx', '/admin/accounts'),
  adminAction('admin.accounts._index.tsx', '/admin/accounts', { intent: 'set-plan', userId: NO_ID, plan: 'free' }),
  adminListLoader('admin.accounts.$id.tsx', `/admin/accounts/${NO_ID}`),
  adminAction('admin.accounts.$id.tsx', `/admin/accounts/${NO_ID}`, { intent: 'unlock', sessionId: NO_ID }),
  // The speaker workspace (decision 13): signed-in speakers and admins; a visitor signs in and comes back.
  ...workspace('loader', 'app.tsx', '/app'),
  ...workspace('loader', 'app._index.tsx', '/app'),
  ...workspace('loader', 'app.talks._index.tsx', '/app/talks'),
  ...workspace('action', 'app.talks._index.tsx', '/app/talks', { intent: 'delete', id: NO_ID }),
  ...workspace('loader', 'app.talks.new.tsx', '/app/talks/new'),
  ...workspace('action', 'app.talks.new.tsx', '/app/talks/new', { title: '' }),
  ...workspace('loader', 'app.talks.$id.tsx', `/app/talks/${NO_ID}`),
  ...workspace('action', 'app.talks.$id.tsx', `/app/talks/${NO_ID}`, { title: '' }),
  ...workspace('loader', 'app.name.tsx', '/app/name'),
  ...workspace('action', 'app.name.tsx', '/app/name', { displayName: '' }),
  // Dismissing one's own notice (issue 29 Deliver 4): the signed-in team's, in their workspace.
  ...workspace('loader', 'app.notices.dismiss.tsx', '/app/notices/dismiss'),
  ...workspace('action', 'app.notices.dismiss.tsx', '/app/notices/dismiss', { id: 'not-an-id' }),
  ...workspace('loader', 'app.sessions.new.tsx', '/app/sessions/new'),
  ...workspace('action', 'app.sessions.new.tsx', '/app/sessions/new', { eventName: '' }),
  ...workspace('loader', 'app.sessions.$id._index.tsx', `/app/sessions/${NO_ID}`),
  ...workspace('action', 'app.sessions.$id._index.tsx', `/app/sessions/${NO_ID}`, { intent: 'go-live' }),
  ...workspace('loader', 'app.sessions.$id.edit.tsx', `/app/sessions/${NO_ID}/edit`),
  ...workspace('action', 'app.sessions.$id.edit.tsx', `/app/sessions/${NO_ID}/edit`, { eventName: '' }),
  ...workspace('loader', 'app.sessions.$id.languages.tsx', `/app/sessions/${NO_ID}/languages`),
  ...workspace('action', 'app.sessions.$id.languages.tsx', `/app/sessions/${NO_ID}/languages`, { mode: 'de' }),
  // What the speaker sees of the feedback (issue 33 Deliver 4): a session's and a talk's, read with the leads
  // pages' scope; approve / hide with the change scope. An unknown or another workspace's session or talk: 404.
  ...workspace('loader', 'app.sessions.$id.feedback.tsx', `/app/sessions/${NO_ID}/feedback`),
  ...workspace('action', 'app.sessions.$id.feedback.tsx', `/app/sessions/${NO_ID}/feedback`, {
    intent: 'approve',
    responseId: NO_ID,
  }),
  ...workspace('loader', 'app.talks.$id_.feedback.tsx', `/app/talks/${NO_ID}/feedback`),
  ...workspace('action', 'app.talks.$id_.feedback.tsx', `/app/talks/${NO_ID}/feedback`, { intent: 'hide', responseId: NO_ID }),
  // An organiser's event QR ZIP: the workspace's owner passes the role check, an unknown event is a 404.
  ...workspace('loader', 'app.events.$id.qr[.]zip.tsx', `/app/events/${NO_ID}/qr.zip`),
  // The lawful export of an event's leads: its page and the two downloads, the same guard.
  ...workspace('loader', 'app.events.$id.export.tsx', `/app/events/${NO_ID}/export`),
  ...workspace('loader', 'app.events.$id.export.csv.tsx', `/app/events/${NO_ID}/export/csv`),
  ...workspace('loader', 'app.events.$id.export.json.tsx', `/app/events/${NO_ID}/export/json`),
  ...workspace('loader', 'app.sessions.$id.qr.$format.tsx', `/app/sessions/${NO_ID}/qr/svg`),
  ...workspace('loader', 'app.sessions.$id_.leads.tsx', `/app/sessions/${NO_ID}/leads`),
  ...workspace('loader', 'app.settings.tsx', '/app/settings'),
  ...workspace('action', 'app.settings.tsx', '/app/settings', { leadNotify: 'off' }),
  // The leads workspace (issue 10): signed-in speakers and admins, each on their own data.
  ...workspace('loader', 'app.leads._index/route.tsx', '/app/leads'),
  ...workspace('action', 'app.leads._index/route.tsx', '/app/leads', { intent: 'bulk-status', status: 'contacted' }),
  ...workspace('loader', 'app.leads.export.tsx', '/app/leads/export'),
  ...workspace('loader', 'app.leads_.$id/route.tsx', `/app/leads/${NO_ID}`),
  ...workspace('action', 'app.leads_.$id/route.tsx', `/app/leads/${NO_ID}`, { intent: 'status', status: 'contacted' }),
  ...workspace('loader', 'app.leads_.$id_.export.tsx', `/app/leads/${NO_ID}/export`),
  ...workspace('loader', 'app.leads_.$id_.vcard.tsx', `/app/leads/${NO_ID}/vcard`),
  ...workspace('loader', 'app.sessions.$id.automatic-follow-up.tsx', `/app/sessions/${NO_ID}/automatic-follow-up`),
  ...workspace('action', 'app.sessions.$id.automatic-follow-up.tsx', `/app/sessions/${NO_ID}/automatic-follow-up`, {
    intent: 'on',
  }),
  ...workspace('loader', 'app.sessions.$id.roi.tsx', `/app/sessions/${NO_ID}/roi`),
  ...workspace('action', 'app.sessions.$id.roi.tsx', `/app/sessions/${NO_ID}/roi`, { fee: '' }),
  ...workspace('loader', 'app.talks.$id_.roi.tsx', `/app/talks/${NO_ID}/roi`),
  ...workspace('loader', 'app.settings_.integrations/route.tsx', '/app/settings/integrations'),
  ...workspace('action', 'app.settings_.integrations/route.tsx', '/app/settings/integrations', { intent: 'disconnect' }),
  // Settings → Billing (issue 22): the owner and admins see it, the owner alone acts (billing-settings.test.ts has the roles).
  ...workspace('loader', 'app.settings_.billing/route.tsx', '/app/settings/billing'),
  ...workspace('action', 'app.settings_.billing/route.tsx', '/app/settings/billing', { intent: 'portal' }),
  // Settings → API (issue 30): the workspace's API keys.
  ...workspace('loader', 'app.settings_.api.tsx', '/app/settings/api'),
  ...workspace('action', 'app.settings_.api.tsx', '/app/settings/api', { intent: 'revoke', id: NO_ID }),
  // Settings → Sending domain (issue 32 Deliver 6): the owner and admins ('sendingDomain.manage'; a member's 403
  // is in sending-domains.test.ts). With no domain stored, removing one is a 404; the guard viewers' Free
  // workspaces have no sending domain in their plan, so adding one is refused (403) once the guard let them through.
  ...workspace('loader', 'app.settings_.sending-domain.tsx', '/app/settings/sending-domain'),
  ...workspace('action', 'app.settings_.sending-domain.tsx', '/app/settings/sending-domain', { intent: 'remove' }),
  ...workspace('action', 'app.settings_.sending-domain.tsx', '/app/settings/sending-domain', {
    fromAddress: 'hello@guard.example',
  }).map((r) => ({ ...r, speaker: 'denied' as const, admin: 'denied' as const })),
  // Follow-ups (issue 32 Deliver 1–3): owner, admins and members ('followUps.send'; a colleague's follow-up and
  // a member's scope are in follow-up-compose.test.ts). An unknown source or follow-up is a 404 on every intent.
  ...workspace('loader', 'app.follow-ups._index.tsx', '/app/follow-ups'),
  ...workspace('loader', 'app.follow-ups.new.tsx', `/app/follow-ups/new?session=${NO_ID}`),
  ...workspace('action', 'app.follow-ups.new.tsx', '/app/follow-ups/new', { source: 'session', sourceId: NO_ID, subject: '' }),
  // No source at all: still the sign-in redirect first (the 404 comes after the guard).
  ...workspace('loader', 'app.follow-ups.new.tsx', '/app/follow-ups/new'),
  ...workspace('action', 'app.follow-ups.new.tsx', '/app/follow-ups/new', {}),
  ...workspace('loader', 'app.follow-ups.$id.tsx', `/app/follow-ups/${NO_ID}`),
  ...workspace('action', 'app.follow-ups.$id.tsx', `/app/follow-ups/${NO_ID}`, { intent: 'cancel' }),
  ...workspace('loader', 'app.settings_.webhooks._index.tsx', '/app/settings/webhooks'),
  ...workspace('loader', 'app.settings_.webhooks.new.tsx', '/app/settings/webhooks/new'),
  ...workspace('action', 'app.settings_.webhooks.new.tsx', '/app/settings/webhooks/new', { url: '' }),
  ...workspace('loader', 'app.settings_.webhooks.guide.tsx', '/app/settings/webhooks/guide'),
  ...workspace('loader', 'app.settings_.webhooks.$id.tsx', `/app/settings/webhooks/${NO_ID}`),
  ...workspace('action', 'app.settings_.webhooks.$id.tsx', `/app/settings/webhooks/${NO_ID}`, { intent: 'ping' }),
  // Members and the workspace itself (issue 21 Deliver 6).
  ...workspace('loader', 'app.team_.members.$userId.tsx', `/app/team/members/${NO_ID}`),
  ...workspace('action', 'app.team_.members.$userId.tsx', `/app/team/members/${NO_ID}`, { intent: 'role', role: 'member' }),
  ...workspace('loader', 'app.team_.workspace/route.tsx', '/app/team/workspace'),
  ...workspace('action', 'app.team_.workspace/route.tsx', '/app/team/workspace', { intent: 'rename', name: '' }),
  ...workspace('loader', 'app.workspaces.new.tsx', '/app/workspaces/new'),
  ...workspace('action', 'app.workspaces.new.tsx', '/app/workspaces/new', { name: '' }),
  // The audit log: the owner and admins of the workspace (a member's 403 is in team-audit.test.ts).
  ...workspace('loader', 'app.team_.audit._index.tsx', '/app/team/audit'),
  ...workspace('loader', 'app.team_.audit.export.tsx', '/app/team/audit/export'),
  // The team page (issue 21): everyone in the workspace sees it; the invite form is the owner's and admins'.
  ...workspace('loader', 'app.team._index/route.tsx', '/app/team'),
  ...workspace('action', 'app.team._index/route.tsx', '/app/team?index', { intent: 'invite', email: '', role: 'member' }),
  // Events (issue 23): the owner and admins ('events.manage'; a member's 403 and a speaker's 404 are in
  // events-organiser.test.ts). The guard viewers' personal workspaces are on the Free plan, which has no
  // events: creating one is refused (403) once the guard let them through.
  ...workspace('loader', 'app.events._index.tsx', '/app/events'),
  ...workspace('loader', 'app.events.new.tsx', '/app/events/new'),
  ...workspace('action', 'app.events.new.tsx', '/app/events/new', { name: '' }).map((r) => ({
    ...r,
    speaker: 'denied' as const,
    admin: 'denied' as const,
  })),
  ...workspace('loader', 'app.events.$id.tsx', `/app/events/${NO_ID}`),
  ...workspace('loader', 'app.events.$id._index.tsx', `/app/events/${NO_ID}`),
  ...workspace('action', 'app.events.$id._index.tsx', `/app/events/${NO_ID}`, { intent: 'status', status: 'published' }),
  ...workspace('loader', 'app.events.$id.settings.tsx', `/app/events/${NO_ID}/settings`),
  ...workspace('action', 'app.events.$id.settings.tsx', `/app/events/${NO_ID}/settings`, { intent: 'add-room', name: 'Hall' }),
  // An event's speakers (issue 23 Deliver 2 and 3): the owner and admins only ('events.manage'); an id
  // that is not the workspace's event or the event's speaker is a 404.
  ...workspace('loader', 'app.events.$id.speakers._index.tsx', `/app/events/${NO_ID}/speakers`),
  ...workspace('action', 'app.events.$id.speakers._index.tsx', `/app/events/${NO_ID}/speakers`, { intent: 'add', name: '' }),
  ...workspace('loader', 'app.events.$id.speakers.import.tsx', `/app/events/${NO_ID}/speakers/import`),
  ...workspace('action', 'app.events.$id.speakers.import.tsx', `/app/events/${NO_ID}/speakers/import`, {
    intent: 'confirm',
    importId: NO_ID,
  }),
  ...workspace('loader', 'app.events.$id.speakers.template.tsx', `/app/events/${NO_ID}/speakers/template`),
  ...workspace('loader', 'app.events.$id.speakers.export.tsx', `/app/events/${NO_ID}/speakers/export`),
  ...workspace('loader', 'app.events.$id.speakers.$speakerId.tsx', `/app/events/${NO_ID}/speakers/${NO_ID}`),
  ...workspace('action', 'app.events.$id.speakers.$speakerId.tsx', `/app/events/${NO_ID}/speakers/${NO_ID}`, {
    intent: 'remove',
  }),
  // Insights by event, speaker and session (issue 23 Deliver 7) and their CSVs: the owner and admins.
  ...workspace('loader', 'app.events.$id.insights.tsx', `/app/events/${NO_ID}/insights`),
  ...workspace('loader', 'app.events.$id.insights_.sessions[.]csv.tsx', `/app/events/${NO_ID}/insights/sessions.csv`),
  ...workspace('loader', 'app.events.$id.insights_.speakers[.]csv.tsx', `/app/events/${NO_ID}/insights/speakers.csv`),
  ...workspace('loader', 'app.events.insights.tsx', '/app/events/insights'),
  ...workspace('loader', 'app.events.insights_.speakers[.]csv.tsx', '/app/events/insights/speakers.csv'),
  ...workspace('loader', 'app.events.insights_.events[.]csv.tsx', '/app/events/insights/events.csv'),
  // An invitation link is public: a signed-out visitor sees what it is (an unknown token: 404).
  { module: 'invite.$token.tsx', fn: 'loader', path: `/invite/${'x'.repeat(43)}`, visitor: 'ok', speaker: 'ok', admin: 'ok' },
  // Checkout (issue 22): a signed-out buyer signs up and comes back to the same checkout; the return page asks to sign in.
  {
    module: 'billing.checkout.tsx',
    fn: 'loader',
    path: '/billing/checkout?plan=pro',
    visitor: { redirect: `/signup?return_to=${encodeURIComponent('/billing/checkout?plan=pro')}` },
    speaker: 'ok',
    admin: 'ok',
  },
  {
    module: 'billing.checkout.tsx',
    fn: 'action',
    path: '/billing/checkout',
    form: { plan: 'pro' },
    visitor: { redirect: `/signup?return_to=${encodeURIComponent('/billing/checkout?plan=pro')}` },
    speaker: 'ok',
    admin: 'ok',
  },
  {
    module: 'billing.return.tsx',
    fn: 'loader',
    path: '/billing/return?session_id=cs_test_guard',
    visitor: { redirect: `/login?return_to=${encodeURIComponent('/billing/return?session_id=cs_test_guard')}` },
    speaker: 'ok',
    admin: 'ok',
  },
  // The startup programme's offer link: an unknown token is a 404 for anyone (signed out is sent to sign-up only for a real offer).
  {
    module: 'startup-program_.offer.$token.tsx',
    fn: 'loader',
    path: `/startup-program/offer/${'x'.repeat(43)}`,
    visitor: 'ok',
    speaker: 'ok',
    admin: 'ok',
  },
  // The workspace's Profile: the submissions screen's rules, so admins go to their home (spec 001 §2).
  ...workspace('loader', 'app.profile.tsx', '/app/profile').map((r) => ({ ...r, admin: { redirect: ADMIN_HOME_PATH } })),
  ...workspace('action', 'app.profile.tsx', '/app/profile', { name: '' }).map((r) => ({
    ...r,
    admin: { redirect: ADMIN_HOME_PATH },
  })),
  // Speakers claim their page (issue 23 Deliver 4): an event's Invitations page is the owner's and admins' (an
  // unknown event: 404); My talks is an event speaker's alone (this table's signed-in people own a workspace: 403).
  ...workspace('loader', 'app.events.$id.invitations.tsx', `/app/events/${NO_ID}/invitations`),
  ...workspace('action', 'app.events.$id.invitations.tsx', `/app/events/${NO_ID}/invitations`, { intent: 'invite-all' }),
  ...workspace('loader', 'app.speaking._index.tsx', '/app/speaking').map((r) => ({
    ...r,
    speaker: 'denied' as const,
    admin: 'denied' as const,
  })),
  ...workspace('action', 'app.speaking._index.tsx', '/app/speaking?index', { intent: 'leave' }).map((r) => ({
    ...r,
    speaker: 'denied' as const,
    admin: 'denied' as const,
  })),
  // Uploads: any signed-in user (a JSON endpoint answers 401 rather than redirecting).
  {
    module: 'api.uploads.image.tsx',
    fn: 'action',
    path: '/api/uploads/image',
    form: {},
    visitor: 'denied',
    speaker: 'ok',
    admin: 'ok',
  },
]

const routesDir = path.resolve('app/routes')
const modules = import.meta.glob<Record<string, unknown>>(['/app/routes/*.tsx', '/app/routes/*/route.tsx'])

async function load(row: Row): Promise<Fn> {
  const loader = modules[`/app/routes/${row.module}`]
  expect(loader, `route module app/routes/${row.module} exists`).toBeTruthy()
  const mod = await loader!()
  const fn = mod[row.fn]
  expect(typeof fn, `${row.module} exports ${row.fn}`).toBe('function')
  return fn as Fn
}

/** Like call(), but a thrown data(...) (e.g. a 404 "not found") is a result too. */
async function settle(fn: Fn, request: Request) {
  try {
    return await call(fn, request)
  } catch (thrown) {
    if ((thrown as { type?: string })?.type === 'DataWithResponseInit') return thrown
    throw thrown
  }
}

function describeResult(result: unknown): { status: number; location: string | null } {
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') }
  const value = result as { type?: string; init?: { status?: number } | null }
  if (value && value.type === 'DataWithResponseInit') return { status: value.init?.status ?? 200, location: null }
  return { status: 200, location: null }
}

const SIGN_IN_OR_DENIED = [ADMIN_LOGIN_PATH, '/login', DEFAULT_RETURN_TO]
const isGuardRedirect = (location: string | null) =>
  location !== null && SIGN_IN_OR_DENIED.some((p) => location === p || location.startsWith(`${p}?`))

function expectOutcome(result: unknown, outcome: Outcome, label: string) {
  const { status, location } = describeResult(result)
  if (outcome === 'ok') {
    expect(isGuardRedirect(location), `${label}: not a guard redirect (got ${location})`).toBe(false)
    expect([401, 403], `${label}: not refused (got ${status})`).not.toContain(status)
  } else if (outcome === 'denied') {
    const refused = status === 401 || status === 403 || isGuardRedirect(location)
    expect(refused, `${label}: refused (got ${status} ${location ?? ''})`).toBe(true)
  } else {
    expect(location, `${label}: redirect`).toBe(outcome.redirect)
  }
}

describe('guard table: visitor / speaker / admin × protected routes', () => {
  const viewers: Record<'visitor' | 'speaker' | 'admin', string | undefined> = {
    visitor: undefined,
    speaker: undefined,
    admin: undefined,
  }
  beforeAll(async () => {
    viewers.speaker = (await signedInAs('guard-speaker@example.com', 'speaker')).cookie
    viewers.admin = (await signedInAs('guard-admin@example.com', 'admin')).cookie
  })

  for (const row of GUARD_TABLE) {
    for (const who of ['visitor', 'speaker', 'admin'] as const) {
      const label = `${who} ${row.fn === 'loader' ? 'GET' : 'POST'} ${row.path} (${row.module})`
      it(label, async () => {
        const fn = await load(row)
        const cookie = viewers[who]
        const headers = cookie ? { Cookie: cookie } : undefined
        const request = row.fn === 'loader' ? get(row.path, { headers }) : post(row.path, row.form ?? {}, { headers })
        expectOutcome(await settle(fn, request), row[who], label)
      })
    }
  }
})

describe('guard table coverage', () => {
  it('has a row for every loader and action of every admin and premium route module', async () => {
    const files = readdirSync(routesDir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? existsSync(path.join(routesDir, entry.name, 'route.tsx'))
          ? [`${entry.name}/route.tsx`]
          : []
        : [entry.name],
    )
    const protectedModules = files.filter((f) => /(^|\.)(admin|premium)(\.|_|\/)/.test(f) || /^app(\.|\/)/.test(f))
    expect(protectedModules.length).toBeGreaterThan(0)
    const missing: string[] = []
    for (const file of protectedModules) {
      const mod = await modules[`/app/routes/${file}`]!()
      for (const fn of ['loader', 'action'] as const) {
        if (typeof mod[fn] === 'function' && !GUARD_TABLE.some((r) => r.module === file && r.fn === fn))
          missing.push(`${file} ${fn}`)
      }
    }
    expect(missing, 'add these to GUARD_TABLE').toEqual([])
  })

  it('a session whose row was deleted is no session at all', async () => {
    const { cookie } = await signedInAs('revoked-guard@example.com', 'admin')
    const { getDb } = await import('~/db/client.server')
    const { sessions, users } = await import('~/db/schema/accounts')
    const { eq } = await import('drizzle-orm')
    const [user] = await getDb().select().from(users).where(eq(users.email, 'revoked-guard@example.com'))
    await getDb().delete(sessions).where(eq(sessions.userId, user!.id))
    const fn = await load(GUARD_TABLE[0]!)
    expectOutcome(
      await call(fn, get('/resources/admin', { headers: { Cookie: cookie } })),
      adminLogin('/resources/admin'),
      'revoked admin',
    )
  })
})
