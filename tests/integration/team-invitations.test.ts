import { createHash } from 'node:crypto'
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { workspaceInvitations } from '~/db/schema/invitations'
import { jobs } from '~/db/schema/jobs'
import { auditEvents, workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { HOURLY_LIMIT_TEXT } from '~/lib/invitations'
import { INVITATION_TTL_MS, INVITATIONS_PER_HOUR } from '~/lib/permissions'
import { action as inviteAction, loader as inviteLoader } from '~/routes/invite.$token'
import { action as teamAction, loader as teamLoader } from '~/routes/app.team._index/route'
import { action as integrationsAction, loader as integrationsLoader } from '~/routes/app.settings_.integrations/route'
import { loader as webhooksLoader } from '~/routes/app.settings_.webhooks._index'
import { call, makeRequest, signedInAs } from './utils'

// Invitations (issue 21 Deliver 3 and 4) through the team page's action and the invitation link's
// loader and action, on PGlite and on Postgres (where the concurrent accepts really run at once).

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
type Reply = {
  result?: { error?: Record<string, string[] | null> }
  view?: { kind: string; message?: string }
  error?: string | null
}
const dataOf = (r: unknown) => ((r as { data?: Reply }).data ?? r) as Reply
const errorsOf = (r: unknown) => JSON.stringify(dataOf(r).result?.error ?? {})

type Person = { id: string; email: string; cookie: string }
let seq = 0
async function person(prefix: string): Promise<Person> {
  const s = await signedInAs(`${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`)
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}

let owner: Person
beforeEach(async () => {
  owner = await person('owner')
  await getDb().update(workspaces).set({ plan: 'pro', name: 'Acme Talks' }).where(eq(workspaces.id, owner.id))
})

const teamPost = (who: Person, form: Record<string, string>, workspaceId = owner.id) =>
  call(teamAction, makeRequest(`/app/team?index&workspace=${workspaceId}`, { cookie: who.cookie, form }))
const invite = (who: Person, email: string, role = 'member') => teamPost(who, { intent: 'invite', email, role })
const openLink = (token: string, who?: Person) =>
  call(inviteLoader, makeRequest(`/invite/${token}`, { cookie: who?.cookie }), { token })
const accept = (token: string, who: Person) =>
  call(inviteAction, makeRequest(`/invite/${token}`, { cookie: who.cookie, form: {} }), { token })

/** The newest invitation email to this address, and the token of its link. */
async function invitationMail(to: string) {
  const rows = await getDb()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.kind, 'email'))
    .orderBy(desc(jobs.createdAt))
  const mails = rows
    .map((r) => r.payload as { to: string; subject: string; text: string; html: string })
    .filter((m) => m.to === to)
  const mail = mails.find((m) => /\/invite\//.test(m.text))
  expect(mail, `an invitation email to ${to}`).toBeTruthy()
  const token = /http:\/\/localhost:3000\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1]
  expect(token, 'the accept link in the email').toBeTruthy()
  return { mail: mail!, token: token! }
}

async function invited(email: string, role = 'member', by: Person = owner) {
  const res = await invite(by, email, role)
  expect(statusOf(res), errorsOf(res)).toBe(302)
  return (await invitationMail(email.trim().toLowerCase())).token
}

const membership = async (workspaceId: string, userId: string) =>
  (
    await getDb()
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
  )[0]

async function joinAs(role: 'admin' | 'member'): Promise<Person> {
  const p = await person(role)
  const res = await accept(await invited(p.email, role), p)
  expect(statusOf(res)).toBe(302)
  return p
}

/**
 * Runs two requests so that their transactions overlap. On Postgres another transaction first holds
 * the invitations' rows: both requests start their transactions and wait on those rows (or the
 * workspace lock), and are let go together. PGlite runs one transaction at a time anyway.
 */
async function atOnce<A, B>(emails: string[], first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') return Promise.all([first(), second()])
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held!: () => void
  const holding = new Promise<void>((resolve) => (held = resolve))
  const blocker = getDb().transaction(async (tx) => {
    await tx
      .select({ id: workspaceInvitations.id })
      .from(workspaceInvitations)
      .where(inArray(workspaceInvitations.email, emails))
      .for('update')
    held()
    await released
  })
  await holding
  const running = Promise.all([first(), second()])
  // Both requests are inside their transactions, waiting on a lock, before the rows are let go.
  for (let waited = 0; ; waited += 20) {
    const [row] = await getDb()
      .select({ n: count() })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`)
    if ((row?.n ?? 0) >= 2 || waited > 5_000) break
    await new Promise((r) => setTimeout(r, 20))
  }
  release()
  await blocker
  return running
}

describe('inviting', () => {
  it('queues an email naming the workspace and the inviter, with the accept link and the expiry; audited', async () => {
    const res = await invite(owner, '  New.Person@Example.COM ')
    expect(statusOf(res)).toBe(302)
    expect((res as Response).headers.get('Location')).toBe('/app/team')
    const { mail } = await invitationMail('new.person@example.com')
    expect(mail.subject).toContain('Acme Talks')
    expect(mail.subject).toContain(owner.email)
    expect(mail.text).toContain(`${owner.email} invited you to join the workspace Acme Talks`)
    expect(mail.text).toMatch(/expires on \w+ \d+, \d{4}/)
    expect(mail.html).toContain('Acme Talks')
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, owner.id))
    expect(row).toMatchObject({
      email: 'new.person@example.com',
      role: 'member',
      inviterEmail: owner.email,
      acceptedAt: null,
      revokedAt: null,
    })
    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.id), eq(auditEvents.kind, 'member.invited')))
    expect(audit).toMatchObject({ actorId: owner.id, subject: 'new.person@example.com' })
  })

  it('stores the token only as its SHA-256', async () => {
    const token = await invited('hashed@example.com')
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'hashed@example.com'))
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
    // Nowhere in the row, whatever the column.
    const [{ n }] = (await getDb()
      .select({ n: count() })
      .from(workspaceInvitations)
      .where(sql`"workspace_invitations"::text like ${`%${token}%`}`)) as [{ n: number }]
    expect(n).toBe(0)
    const audits = await getDb().select().from(auditEvents).where(eq(auditEvents.workspaceId, owner.id))
    expect(JSON.stringify(audits)).not.toContain(token)
  })

  it('a member cannot invite (403); nobody gives a role above their own, nor owner', async () => {
    const member = await joinAs('member')
    const refused = await invite(member, 'x@example.com')
    expect(statusOf(refused)).toBe(403)
    expect(await (refused as Response).text()).toBe("Only the workspace's owner and admins can invite people.")

    const byOwner = await invite(owner, 'would-be-owner@example.com', 'owner')
    expect(statusOf(byOwner)).toBe(403)
    expect(errorsOf(byOwner)).toContain('You can invite people as Admin or Member only.')

    const admin = await joinAs('admin')
    const byAdmin = await invite(admin, 'another-owner@example.com', 'owner')
    expect(statusOf(byAdmin)).toBe(403)
    expect(
      await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'another-owner@example.com')),
    ).toEqual([])
    // An admin may give admin (their own rank) and member.
    expect(statusOf(await invite(admin, 'admin-two@example.com', 'admin'))).toBe(302)
  })

  it('refuses an address already in the workspace or already invited (any case)', async () => {
    const member = await joinAs('member')
    const again = await invite(owner, member.email.toUpperCase())
    expect(statusOf(again)).toBe(409)
    expect(errorsOf(again)).toContain('is already a member of this workspace')
    await invited('twice@example.com')
    const dup = await invite(owner, 'Twice@Example.com')
    expect(statusOf(dup)).toBe(409)
    expect(errorsOf(dup)).toContain('has a pending invitation already')
  })

  it('bad input comes back next to the field with 400', async () => {
    const res = await invite(owner, 'not-an-address')
    expect(statusOf(res)).toBe(400)
    expect(dataOf(res).result?.error?.email).toEqual(['Enter a valid email address, like name@example.com'])
  })

  it('counts pending invitations as seats: a full plan refuses, saying why', async () => {
    for (const n of [1, 2, 3, 4]) await invited(`seat${n}@example.com`)
    const full = await invite(owner, 'seat5@example.com')
    expect(statusOf(full)).toBe(409)
    expect(errorsOf(full)).toContain('Your plan has 5 seats and all are in use (members and pending invitations).')
    const page = dataOf(await call(teamLoader, makeRequest('/app/team', { cookie: owner.cookie }))) as unknown as {
      manage: { seats: { members: number; pending: number; limit: number } }
    }
    expect(page.manage.seats).toMatchObject({ members: 1, pending: 4, limit: 5 })
  })

  it('a plan that fell below the member count keeps everyone but refuses new invitations, saying why', async () => {
    const member = await joinAs('member')
    await getDb().update(workspaces).set({ plan: 'solo' }).where(eq(workspaces.id, owner.id))
    const res = await invite(owner, 'one-more@example.com')
    expect(statusOf(res)).toBe(409)
    expect(errorsOf(res)).toContain('Your plan has 1 seat but this workspace has 2 members. Everyone keeps their access')
    expect(await membership(owner.id, member.id)).toBeTruthy()
  })

  it(`allows ${INVITATIONS_PER_HOUR} invitations an hour per workspace`, async () => {
    // Revoked rows: they hold no seat but count towards the hour.
    await getDb()
      .insert(workspaceInvitations)
      .values(
        Array.from({ length: INVITATIONS_PER_HOUR }, (_, i) => ({
          workspaceId: owner.id,
          email: `burst${i}@example.com`,
          role: 'member' as const,
          tokenHash: `burst-${owner.id}-${i}`,
          inviterEmail: owner.email,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
          revokedAt: new Date(),
        })),
      )
    const res = await invite(owner, 'one-too-many@example.com')
    expect(statusOf(res)).toBe(429)
    expect(errorsOf(res)).toContain(HOURLY_LIMIT_TEXT)
    await getDb()
      .update(workspaceInvitations)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(workspaceInvitations.workspaceId, owner.id))
    expect(statusOf(await invite(owner, 'one-too-many@example.com'))).toBe(302)
  })
})

describe('accepting', () => {
  it('is not expired right after creation; a signed-out visitor sees the summary and a sign-in that returns here', async () => {
    const token = await invited('fresh@example.com', 'admin')
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'fresh@example.com'))
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + INVITATION_TTL_MS))).toBeLessThan(60_000)
    const page = await openLink(token)
    expect(statusOf(page)).toBe(200)
    expect(dataOf(page).view).toMatchObject({
      kind: 'signed-out',
      invite: { workspaceName: 'Acme Talks', inviterEmail: owner.email, roleLabel: 'Admin', email: 'fresh@example.com' },
      loginHref: `/login?return_to=${encodeURIComponent(`/invite/${token}`)}`,
    })
  })

  it('joins with the invited role, makes the workspace current and says so; audited', async () => {
    const invitee = await person('invitee')
    const token = await invited(invitee.email, 'admin')
    expect(dataOf(await openLink(token, invitee)).view?.kind).toBe('ready')
    const res = (await accept(token, invitee)) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/app')
    expect(res.headers.get('Set-Cookie')).toContain('lectern_workspace=')
    expect(res.headers.get('Set-Cookie')).toContain('lectern_toast=')
    expect(await membership(owner.id, invitee.id)).toMatchObject({ role: 'admin' })
    const [used] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, invitee.email))
    expect(used).toMatchObject({ acceptedBy: invitee.id })
    const joined = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.id), eq(auditEvents.kind, 'member.joined')))
    expect(joined.map((a) => a.actorId)).toEqual([invitee.id])
  })

  it('matches the address case-insensitively', async () => {
    const invitee = await person('casey')
    const token = await invited(invitee.email.toUpperCase())
    expect(statusOf(await accept(token, invitee))).toBe(302)
    expect(await membership(owner.id, invitee.id)).toBeTruthy()
  })

  it('another account changes nothing and is told whom the invitation is for', async () => {
    const token = await invited('meant-for@example.com')
    const stranger = await person('stranger')
    const page = dataOf(await openLink(token, stranger)).view as { kind: string; invite: { email: string }; switchTo: string }
    expect(page).toMatchObject({ kind: 'wrong-account', invite: { email: 'meant-for@example.com' } })
    expect(page.switchTo).toBe(`/login?return_to=${encodeURIComponent(`/invite/${token}`)}`)
    const res = await accept(token, stranger)
    expect(statusOf(res)).toBe(403)
    expect(await membership(owner.id, stranger.id)).toBeUndefined()
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'meant-for@example.com'))
    expect(row).toMatchObject({ acceptedAt: null, acceptedBy: null, revokedAt: null })
  })

  it('expired → 410 naming the inviter', async () => {
    const invitee = await person('late')
    const token = await invited(invitee.email)
    await getDb()
      .update(workspaceInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(workspaceInvitations.email, invitee.email))
    const page = await openLink(token, invitee)
    expect(statusOf(page)).toBe(410)
    expect(dataOf(page).view?.message).toBe(`This invitation has expired. Ask ${owner.email} to send you a new one.`)
    expect(statusOf(await accept(token, invitee))).toBe(410)
    expect(await membership(owner.id, invitee.id)).toBeUndefined()
  })

  it('revoked → 410 naming the inviter; audited', async () => {
    const invitee = await person('revoked')
    const token = await invited(invitee.email)
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, invitee.email))
    expect(statusOf(await teamPost(owner, { intent: 'revoke', invitationId: row!.id }))).toBe(302)
    const res = await accept(token, invitee)
    expect(statusOf(res)).toBe(410)
    expect(dataOf(res).view?.message).toContain(`Ask ${owner.email}`)
    expect(await membership(owner.id, invitee.id)).toBeUndefined()
    expect(await getDb().select().from(auditEvents).where(eq(auditEvents.kind, 'invitation.revoked'))).toHaveLength(1)
  })

  it('resent: the old link answers 410, the new one works', async () => {
    const invitee = await person('resent')
    const oldToken = await invited(invitee.email)
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, invitee.email))
    expect(statusOf(await teamPost(owner, { intent: 'resend', invitationId: row!.id }))).toBe(302)
    const { token: newToken } = await invitationMail(invitee.email)
    expect(newToken).not.toBe(oldToken)
    expect(statusOf(await openLink(oldToken, invitee))).toBe(410)
    expect(statusOf(await accept(oldToken, invitee))).toBe(410)
    expect(statusOf(await accept(newToken, invitee))).toBe(302)
    expect(await membership(owner.id, invitee.id)).toBeTruthy()
  })

  it('another workspace cannot revoke or resend this one’s invitation (404)', async () => {
    await invited('mine@example.com')
    const [row] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, 'mine@example.com'))
    const other = await person('other-owner')
    await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, other.id))
    expect(statusOf(await teamPost(other, { intent: 'revoke', invitationId: row!.id }, other.id))).toBe(404)
    expect(statusOf(await teamPost(other, { intent: 'resend', invitationId: row!.id }, other.id))).toBe(404)
    const [still] = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.id, row!.id))
    expect(still!.revokedAt).toBeNull()
  })

  it('used twice → 410 (one after the other, and two accepts of one link at once: one wins)', async () => {
    const invitee = await person('twice')
    const token = await invited(invitee.email)
    const both = await atOnce(
      [invitee.email],
      () => accept(token, invitee),
      () => accept(token, invitee),
    )
    expect(both.map(statusOf).sort()).toEqual([302, 410])
    const again = await accept(token, invitee)
    expect(statusOf(again)).toBe(410)
    expect(dataOf(again).view?.message).toBe(
      `This invitation has already been used. Ask ${owner.email} to invite you again if you need access.`,
    )
    const members = await getDb().select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.id))
    expect(members).toHaveLength(2)
  })

  it('two people accepting the last seat at once: exactly one joins, the other is told why', async () => {
    const [a, b] = [await person('race-a'), await person('race-b')]
    const tokenA = await invited(a.email)
    const tokenB = await invited(b.email)
    // Billing cut the seats to 2 after both were invited: the owner and one of them.
    await getDb().update(workspaces).set({ seats: 2 }).where(eq(workspaces.id, owner.id))
    const results = await atOnce(
      [a.email, b.email],
      () => accept(tokenA, a),
      () => accept(tokenB, b),
    )
    expect(results.map(statusOf).sort()).toEqual([302, 409])
    const loser = results.find((r) => statusOf(r) === 409)!
    expect(dataOf(loser).error).toBe(
      `This workspace (Acme Talks) has no free seat left. Ask ${owner.email} to free a seat or move to a plan with more seats, then open this link again.`,
    )
    const members = await getDb().select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.id))
    expect(members).toHaveLength(2)
    // The loser's invitation is still pending: once a seat frees up, the same link works.
    const loserToken = statusOf(results[0]) === 409 ? tokenA : tokenB
    const loserPerson = statusOf(results[0]) === 409 ? a : b
    const pending = await getDb().select().from(workspaceInvitations).where(eq(workspaceInvitations.email, loserPerson.email))
    expect(pending[0]).toMatchObject({ acceptedAt: null, revokedAt: null })
    await getDb().update(workspaces).set({ seats: null }).where(eq(workspaces.id, owner.id))
    expect(statusOf(await accept(loserToken, loserPerson))).toBe(302)
  })
})

describe('what a member may not open', () => {
  it('integrations and webhooks answer 403 to a member, in loader and action', async () => {
    const member = await joinAs('member')
    const asMember = (path: string) => makeRequest(`${path}?workspace=${owner.id}`, { cookie: member.cookie })
    expect(statusOf(await call(integrationsLoader, asMember('/app/settings/integrations')))).toBe(403)
    expect(
      statusOf(
        await call(
          integrationsAction,
          makeRequest(`/app/settings/integrations?workspace=${owner.id}`, {
            cookie: member.cookie,
            form: { intent: 'disconnect' },
          }),
        ),
      ),
    ).toBe(403)
    expect(statusOf(await call(webhooksLoader, asMember('/app/settings/webhooks')))).toBe(403)
    // The owner still opens them.
    expect(statusOf(await call(webhooksLoader, makeRequest('/app/settings/webhooks', { cookie: owner.cookie })))).toBe(200)
  })

  it('everyone in the workspace sees the member list; only owner and admins see invitations', async () => {
    const member = await joinAs('member')
    const page = dataOf(
      await call(teamLoader, makeRequest(`/app/team?workspace=${owner.id}`, { cookie: member.cookie })),
    ) as unknown as {
      members: { email: string; roleLabel: string }[]
      manage: unknown
    }
    expect(page.members.map((m) => [m.email, m.roleLabel])).toEqual([
      [owner.email, 'Owner'],
      [member.email, 'Member'],
    ])
    expect(page.manage).toBeNull()
  })
})
