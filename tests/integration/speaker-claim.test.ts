import { and, desc, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { eventSpeakers } from '~/db/schema/events'
import { workspaceInvitations } from '~/db/schema/invitations'
import { jobs } from '~/db/schema/jobs'
import { talkSessions } from '~/db/schema/talks'
import { auditEvents, workspaceMembers } from '~/db/schema/workspaces'
import { LOCKED_TEXT } from '~/lib/speaker-page'
import { defaultMembership } from '~/models/workspaces.server'
import { loader as appLoader } from '~/routes/app'
import { action as invitationsAction, loader as invitationsLoader } from '~/routes/app.events.$id.invitations'
import { action as speakingAction, loader as speakingLoader } from '~/routes/app.speaking._index'
import { action as teamAction, loader as teamLoader } from '~/routes/app.team._index/route'
import { action as inviteAction, loader as inviteLoader } from '~/routes/invite.$token'
import { claimSpeaker, organiserWithEvent, type OrganiserFixture } from './event-fixtures'
import { call, createUser, makeRequest } from './utils'
import { cookieFor } from './workspace-fixtures'

// Issue 23 Deliver 4: speakers claim their page by invitation (the teams mechanism, role 'speaker'),
// through the event's Invitations page, the invitation link and /app/speaking, on PGlite and Postgres.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const bodyOf = (r: unknown) => JSON.stringify((r as { data?: unknown }).data ?? r)

let fx: OrganiserFixture
let ownerCookie: string
beforeEach(async () => {
  fx = await organiserWithEvent()
  ownerCookie = await cookieFor(fx.owner.id, fx.workspaceId)
})

const invitationsPath = () => `/app/events/${fx.event.id}/invitations?workspace=${fx.workspaceId}`
const post = (form: Record<string, string>, cookie = ownerCookie) =>
  call(invitationsAction, makeRequest(invitationsPath(), { cookie, form }), { id: fx.event.id })
const page = async (cookie = ownerCookie) =>
  (await call(invitationsLoader, makeRequest(invitationsPath(), { cookie }), { id: fx.event.id })) as {
    toInvite: number
    speakers: { id: string; name: string; text: string; button: string }[]
  }

async function mailTo(to: string) {
  const rows = await getDb()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.kind, 'email'))
    .orderBy(desc(jobs.createdAt))
  const mail = rows.map((r) => r.payload as { to: string; subject: string; text: string }).find((m) => m.to === to)
  expect(mail, `an email to ${to}`).toBeTruthy()
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1]
  expect(token).toBeTruthy()
  return { mail: mail!, token: token! }
}

const speakerRow = async (id: string) => (await getDb().select().from(eventSpeakers).where(eq(eventSpeakers.id, id)))[0]!
const runnerOf = async (sessionId: string) =>
  (await getDb().select({ userId: talkSessions.userId }).from(talkSessions).where(eq(talkSessions.id, sessionId)))[0]!.userId
const roleIn = async (userId: string) =>
  (
    await getDb()
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, fx.workspaceId), eq(workspaceMembers.userId, userId)))
  )[0]?.role ?? null
const accept = async (token: string, userId: string) =>
  call(inviteAction, makeRequest(`/invite/${token}`, { cookie: await cookieFor(userId, userId), form: {} }), { token })

describe('inviting speakers', () => {
  it('invites one speaker: a hashed single-use token, the email, invited_at and the audit entry', async () => {
    const { ada } = fx.speakers
    expect((await page()).toInvite).toBe(2)
    const res = await post({ intent: 'invite', speakerId: ada.speakerId })
    expect(statusOf(res), bodyOf(res)).toBe(302)
    const { mail, token } = await mailTo(ada.email)
    expect(mail.text).toContain(`DevConf ${fx.suffix}`)
    expect(mail.text).toContain(fx.event.name)
    expect(mail.text).toContain('edit your page, download your session')
    expect(mail.text).toContain('see the leads attendees give to you')
    expect(mail.text).toMatch(/expires on \w+ \d+, \d{4} \(UTC\)/)
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.speakerId, ada.speakerId))
    expect(row!.role).toBe('speaker')
    expect(row!.tokenHash).not.toContain(token)
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(6.9 * 24 * 3600 * 1000)
    expect((await speakerRow(ada.speakerId)).invitedAt).not.toBeNull()
    const audit = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, fx.workspaceId), eq(auditEvents.kind, 'speaker.invited')))
    expect(audit.map((a) => a.subject)).toEqual([ada.email])
    // Pending: a second "Invite" is refused (resend instead), and the page says so.
    expect(statusOf(await post({ intent: 'invite', speakerId: ada.speakerId }))).toBe(409)
    const rowView = (await page()).speakers.find((s) => s.id === ada.speakerId)!
    expect(rowView.text).toMatch(/^Invited on .* the link expires on /)
    expect(rowView.button).toBe('resend')
  })

  it('"Send N invitations" reaches every speaker not claimed and not invited in the last 7 days', async () => {
    const { ada, grace } = fx.speakers
    await post({ intent: 'invite', speakerId: ada.speakerId })
    expect((await page()).toInvite).toBe(1)
    expect(statusOf(await post({ intent: 'invite-all' }))).toBe(302)
    await mailTo(grace.email)
    expect((await page()).toInvite).toBe(0)
    const invitations = await getDb()
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, fx.workspaceId))
    expect(invitations).toHaveLength(2)
    // Invited over 7 days ago and never claimed: invited again.
    await getDb()
      .update(eventSpeakers)
      .set({ invitedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(eventSpeakers.id, grace.speakerId))
    expect((await page()).toInvite).toBe(1)
  })

  it('resends: the old link answers 410 at once, the new one works', async () => {
    const { ada } = fx.speakers
    await post({ intent: 'invite', speakerId: ada.speakerId })
    const first = (await mailTo(ada.email)).token
    expect(statusOf(await post({ intent: 'resend', speakerId: ada.speakerId }))).toBe(302)
    const second = (await mailTo(ada.email)).token
    expect(second).not.toBe(first)
    expect(statusOf(await call(inviteLoader, makeRequest(`/invite/${first}`), { token: first }))).toBe(410)
    expect(statusOf(await call(inviteLoader, makeRequest(`/invite/${second}`), { token: second }))).toBe(200)
  })

  it('is the owner’s and admins’: a speaker gets 404, another workspace’s event 404', async () => {
    const speaker = await claimSpeaker(fx.workspaceId, fx.speakers.grace.speakerId, `claimed-${fx.suffix}@example.com`)
    const speakerCookie = await cookieFor(speaker.id, fx.workspaceId)
    expect(statusOf(await page(speakerCookie))).toBe(404)
    expect(statusOf(await post({ intent: 'invite-all' }, speakerCookie))).toBe(404)
    const other = await organiserWithEvent()
    const res = await call(invitationsLoader, makeRequest(invitationsPath(), { cookie: ownerCookie }), { id: other.event.id })
    expect(statusOf(res)).toBe(404)
  })
})

describe('accepting a speaker invitation', () => {
  async function invitedToken(speakerId: string, email: string) {
    await post({ intent: 'invite', speakerId })
    return (await mailTo(email)).token
  }

  it('claims the page: the speaker role, the roster entry and every session of it, the audit entry', async () => {
    const { ada, grace } = fx.speakers
    const token = await invitedToken(ada.speakerId, ada.email)
    const user = await createUser(ada.email)
    const res = await accept(token, user.id)
    expect(statusOf(res)).toBe(302)
    expect((res as Response).headers.get('Location')).toBe('/app/speaking')
    expect(await roleIn(user.id)).toBe('speaker')
    const entry = await speakerRow(ada.speakerId)
    expect(entry.userId).toBe(user.id)
    expect(entry.claimedAt).not.toBeNull()
    expect(await runnerOf(ada.sessionId)).toBe(user.id)
    expect(await runnerOf(grace.sessionId)).toBe(fx.owner.id)
    const kinds = (await getDb().select().from(auditEvents).where(eq(auditEvents.workspaceId, fx.workspaceId))).map((a) => a.kind)
    expect(kinds).toContain('speaker.claimed')
    const claimed = (await page()).speakers.find((s) => s.id === ada.speakerId)!
    expect(claimed.text).toContain(`Claimed by ${ada.email}`)
    // The speaker's home lists their session only.
    const home = (await call(
      speakingLoader,
      makeRequest('/app/speaking', { cookie: await cookieFor(user.id, fx.workspaceId) }),
    )) as {
      sessions: { id: string }[]
    }
    expect(home.sessions.map((s) => s.id)).toEqual([ada.sessionId])
  })

  it('refuses with a clear page when another account claimed that page meanwhile, and changes nothing', async () => {
    const { ada } = fx.speakers
    const token = await invitedToken(ada.speakerId, ada.email)
    const someoneElse = await createUser(`someone-${fx.suffix}@example.com`)
    await getDb()
      .update(eventSpeakers)
      .set({ userId: someoneElse.id, claimedAt: new Date() })
      .where(eq(eventSpeakers.id, ada.speakerId))
    const user = await createUser(ada.email)
    const res = await accept(token, user.id)
    expect(statusOf(res)).toBe(409)
    expect(bodyOf(res)).toContain('has already been claimed by another account')
    expect(await roleIn(user.id)).toBeNull()
    expect((await speakerRow(ada.speakerId)).userId).toBe(someoneElse.id)
    const [inv] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.speakerId, ada.speakerId))
    expect(inv!.acceptedAt).toBeNull()
    // The link's page says so before anyone presses Accept.
    const shown = await call(inviteLoader, makeRequest(`/invite/${token}`, { cookie: await cookieFor(user.id, user.id) }), {
      token,
    })
    expect(statusOf(shown)).toBe(409)
  })

  it('an existing account keeps its own workspace and sees the organiser’s beside it in the switcher', async () => {
    const { ada } = fx.speakers
    const token = await invitedToken(ada.speakerId, ada.email)
    const user = await createUser(ada.email)
    const own = await defaultMembership(user)
    expect(own.role).toBe('owner')
    expect(statusOf(await accept(token, user.id))).toBe(302)
    const layout = (await call(appLoader, makeRequest('/app', { cookie: await cookieFor(user.id, user.id) }))) as {
      current: { id: string }
      workspaces: { id: string; roleLabel: string }[]
    }
    expect(layout.current.id).toBe(user.id)
    expect(layout.workspaces.map((w) => [w.id, w.roleLabel]).sort()).toEqual(
      [
        [user.id, 'Owner'],
        [fx.workspaceId, 'Speaker'],
      ].sort(),
    )
  })

  it('someone already on the team (an admin who speaks) keeps their role and claims the page', async () => {
    const { ada } = fx.speakers
    await getDb().update(eventSpeakers).set({ email: fx.admin.email }).where(eq(eventSpeakers.id, ada.speakerId))
    const token = await invitedToken(ada.speakerId, fx.admin.email)
    const res = await accept(token, fx.admin.id)
    expect(statusOf(res)).toBe(302)
    expect((res as Response).headers.get('Location')).toBe('/app')
    expect(await roleIn(fx.admin.id)).toBe('admin')
    expect((await speakerRow(ada.speakerId)).userId).toBe(fx.admin.id)
    expect(await runnerOf(ada.sessionId)).toBe(fx.admin.id)
    // The invitations page says so and offers no Remove (they are removed on the Team page, if at all).
    const row = (await page()).speakers.find((s) => s.id === ada.speakerId)!
    expect(row.text).toContain('(Admin of this workspace)')
    expect(row.button).toBeNull()
    expect(statusOf(await post({ intent: 'remove', speakerId: ada.speakerId }))).toBe(404)
    expect(await roleIn(fx.admin.id)).toBe('admin')
  })
})

describe('leaving and removal unclaim the page', () => {
  it('a speaker who leaves: the entry is unclaimed, their sessions go back to the owner', async () => {
    const { ada } = fx.speakers
    const speaker = await claimSpeaker(fx.workspaceId, ada.speakerId, `leaver-${fx.suffix}@example.com`)
    const cookie = await cookieFor(speaker.id, fx.workspaceId)
    const res = await call(
      speakingAction,
      makeRequest(`/app/speaking?workspace=${fx.workspaceId}`, { cookie, form: { intent: 'leave' } }),
    )
    expect(statusOf(res)).toBe(302)
    expect(await roleIn(speaker.id)).toBeNull()
    const entry = await speakerRow(ada.speakerId)
    expect(entry.userId).toBeNull()
    expect(entry.claimedAt).toBeNull()
    expect(await runnerOf(ada.sessionId)).toBe(fx.owner.id)
    expect((await page()).toInvite).toBe(2)
  })

  it('an admin removes a speaker from the invitations page: the same', async () => {
    const { grace } = fx.speakers
    const speaker = await claimSpeaker(fx.workspaceId, grace.speakerId, `removed-${fx.suffix}@example.com`)
    const res = await post({ intent: 'remove', speakerId: grace.speakerId }, await cookieFor(fx.admin.id, fx.workspaceId))
    expect(statusOf(res), bodyOf(res)).toBe(302)
    expect(await roleIn(speaker.id)).toBeNull()
    expect((await speakerRow(grace.speakerId)).userId).toBeNull()
    expect(await runnerOf(grace.sessionId)).toBe(fx.owner.id)
  })
})

describe('the speaker edits their page and sessions, never a locked field', () => {
  async function claimed() {
    const { ada } = fx.speakers
    const speaker = await claimSpeaker(fx.workspaceId, ada.speakerId, `editor-${fx.suffix}@example.com`)
    const cookie = await cookieFor(speaker.id, fx.workspaceId)
    const send = (form: Record<string, string>) =>
      call(speakingAction, makeRequest(`/app/speaking?workspace=${fx.workspaceId}`, { cookie, form }))
    return { ada, send }
  }

  it('saves unlocked fields and refuses a change to a locked one (400, stored value kept)', async () => {
    const { ada, send } = await claimed()
    await getDb()
      .update(eventSpeakers)
      .set({ lockedFields: ['company'] })
      .where(eq(eventSpeakers.id, ada.speakerId))
    const refused = await send({ intent: 'profile', speakerId: ada.speakerId, name: 'Ada King', company: 'Babbage & Co' })
    expect(statusOf(refused)).toBe(400)
    expect(bodyOf(refused)).toContain(LOCKED_TEXT)
    let row = await speakerRow(ada.speakerId)
    expect(row.company).toBe('Analytical Engines')
    expect(row.name).toBe('Ada Lovelace')
    const saved = await send({
      intent: 'profile',
      speakerId: ada.speakerId,
      name: 'Ada King',
      jobTitle: 'Countess',
      bio: 'Poetical science.',
    })
    expect(statusOf(saved)).toBe(302)
    row = await speakerRow(ada.speakerId)
    expect([row.name, row.jobTitle, row.company, row.bio]).toEqual([
      'Ada King',
      'Countess',
      'Analytical Engines',
      'Poetical science.',
    ])
    // The same value as stored is no change: accepted.
    expect(
      statusOf(await send({ intent: 'profile', speakerId: ada.speakerId, name: 'Ada King', company: 'Analytical Engines' })),
    ).toBe(302)
  })

  it('edits the headline, refuses the offer when the organiser locked it', async () => {
    const { ada, send } = await claimed()
    await getDb()
      .update(talkSessions)
      .set({ lockedFields: ['offer'] })
      .where(eq(talkSessions.id, ada.sessionId))
    const refused = await send({ intent: 'session', sessionId: ada.sessionId, headline: 'Come see', offerTitle: 'Free notes' })
    expect(statusOf(refused)).toBe(400)
    expect(bodyOf(refused)).toContain(LOCKED_TEXT)
    expect(statusOf(await send({ intent: 'session', sessionId: ada.sessionId, headline: 'Come see' }))).toBe(302)
    const [s] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, ada.sessionId))
    expect([s!.headline, s!.offerTitle]).toEqual(['Come see', ''])
  })

  it('sets how they hear about new leads here (they have no Settings in this workspace), theirs only', async () => {
    const { send } = await claimed()
    const speaker = await getDb()
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, fx.workspaceId), eq(workspaceMembers.role, 'speaker')))
    const speakerId = speaker[0]!.userId
    const cookie = await cookieFor(speakerId, fx.workspaceId)
    const shown = async () =>
      (await call(speakingLoader, makeRequest(`/app/speaking?workspace=${fx.workspaceId}`, { cookie }))) as {
        leadNotify: string
        inSeveralWorkspaces: boolean
      }
    expect(await shown()).toMatchObject({ leadNotify: 'instant', inSeveralWorkspaces: true })
    const refused = await send({ intent: 'lead-notify', leadNotify: 'sometimes' })
    expect(statusOf(refused)).toBe(400)
    expect(bodyOf(refused)).toContain('Choose how to hear about new leads')
    expect(statusOf(await send({ intent: 'lead-notify', leadNotify: 'daily' }))).toBe(302)
    expect((await shown()).leadNotify).toBe('daily')
    // Only their membership here: the owner's, and the speaker's own workspace, keep theirs.
    const rows = await getDb()
      .select({
        workspaceId: workspaceMembers.workspaceId,
        userId: workspaceMembers.userId,
        leadNotify: workspaceMembers.leadNotify,
      })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, speakerId))
    expect(rows.map((r) => [r.workspaceId === fx.workspaceId, r.leadNotify]).sort()).toEqual([
      [false, 'instant'],
      [true, 'daily'],
    ])
    const [owner] = await getDb()
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, fx.workspaceId), eq(workspaceMembers.userId, fx.owner.id)))
    expect(owner!.leadNotify).toBe('instant')
  })

  it('another speaker’s page or session is not found', async () => {
    const { send } = await claimed()
    const { grace } = fx.speakers
    expect(statusOf(await send({ intent: 'profile', speakerId: grace.speakerId, name: 'X' }))).toBe(404)
    expect(statusOf(await send({ intent: 'session', sessionId: grace.sessionId, headline: 'X' }))).toBe(404)
  })
})

describe('the team page keeps speakers apart', () => {
  it('lists speakers under their own heading, never offers the role, refuses it when posted', async () => {
    const speaker = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, `apart-${fx.suffix}@example.com`)
    await post({ intent: 'invite', speakerId: fx.speakers.grace.speakerId })
    const team = (await call(teamLoader, makeRequest(`/app/team?workspace=${fx.workspaceId}`, { cookie: ownerCookie }))) as {
      members: { email: string }[]
      speakers: { email: string; roleLabel: string }[]
      manage: { roles: { value: string }[]; pending: { email: string }[] }
    }
    expect(team.members.map((m) => m.email)).not.toContain(speaker.email)
    expect(team.speakers.map((m) => [m.email, m.roleLabel])).toEqual([[speaker.email, 'Speaker']])
    expect(team.manage.roles.map((r) => r.value)).toEqual(['admin', 'member'])
    // A speaker's invitation is on the event's page, not among the team's pending invitations.
    expect(team.manage.pending.map((p) => p.email)).not.toContain(fx.speakers.grace.email)
    const posted = await call(
      teamAction,
      makeRequest(`/app/team?index&workspace=${fx.workspaceId}`, {
        cookie: ownerCookie,
        form: { intent: 'invite', email: `sneaky-${fx.suffix}@example.com`, role: 'speaker' },
      }),
    )
    expect(statusOf(posted)).toBe(403)
  })
})
