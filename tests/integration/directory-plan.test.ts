import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakerMessages, speakers } from '~/db/schema/directory'
import { workspaceInvitations } from '~/db/schema/invitations'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { notListedMessage, type Plan } from '~/lib/plans'
import { recomputeEntitlement, setManualPlan } from '~/models/billing.server'
import { acceptInvitation } from '~/models/invitation-accept.server'
import { hashToken } from '~/models/invitations.server'
import { leaveWorkspace, removeMember } from '~/models/memberships.server'
import { listSpeakersByOwner } from '~/models/speakers.server'
import { createWorkspace, deleteWorkspace } from '~/models/workspace-lifecycle.server'
import { pageCacheGeneration, pageCacheStats, purgePageCache, storeCachedPage } from '~/platform/page-store.server'
import { loader as directoryLoader } from '~/routes/speakers._index'
import { ADMIN_NOT_LISTED, loader as adminListLoader } from '~/routes/speakers.admin._index'
import { action as profileAction, loader as profileLoader, meta as profileMeta } from '~/routes/speakers.$slug/route'
import { sitemap } from '~/services/feeds.server'
import { seedSpeaker } from './speakers-utils'
import { call, createUser, makeRequest, sessionCookie } from './utils'

// The directory rule (issue 22 Deliver 6, spec 000 §6 "Only Pro or Teams appear in the directory"):
// a published profile is listed — /speakers and its count, the sitemap, the profile page for the
// public, Contact Speaker — only while its owner is in a workspace on Professional or Teams. It
// leaves after a downgrade and comes back after an upgrade; nothing is deleted; its owner and
// admins still see the page, unindexed. A plan change empties the page cache.

const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'billing-admin@example.com' }
const tag = () => randomBytes(3).toString('hex')
type Directory = Awaited<ReturnType<typeof directoryLoader>>
type Profile = Awaited<ReturnType<typeof profileLoader>>

async function ownerWithProfile(plan: Plan | null, name = `Owner ${tag()}`) {
  const user = await createUser(`owner-${tag()}@example.com`)
  if (plan) await setManualPlan(user.id, plan, admin)
  const profile = await seedSpeaker({ name, company: `Co ${tag()}`, email: `${tag()}@private.example` }, { userId: user.id })
  return { user, profile, name }
}

async function directoryNames(q: string) {
  const data = (await call(directoryLoader, makeRequest(`/speakers?q=${encodeURIComponent(q)}`))) as Directory
  return { names: data.speakers.map((s) => s.name), total: data.total }
}

async function inSitemap(slug: string) {
  return (await (await sitemap()).text()).includes(`/speakers/${slug}<`)
}

async function profileAs(slug: string, cookie?: string) {
  return call(profileLoader, makeRequest(`/speakers/${slug}`, { cookie }), { slug }).catch((e: unknown) => e) as Promise<
    Profile | { init: { status: number } }
  >
}

async function listed(slug: string, name: string) {
  const dir = await directoryNames(name)
  const page = await profileAs(slug)
  return {
    directory: dir.names.includes(name),
    count: dir.total,
    sitemap: await inSitemap(slug),
    publicPage: 'speaker' in (page as object) ? 200 : (page as { init: { status: number } }).init.status,
  }
}

describe('directory rule: Professional or Teams only', () => {
  beforeEach(() => purgePageCache())

  it('lists a Professional or Teams owner, not a Free, Solo or Event Organiser one', async () => {
    // Paying owners first: someone else's Professional plan must not list a Free owner's profile.
    for (const [plan, shown] of [
      ['pro', true],
      ['teams', true],
      [null, false],
      ['solo', false],
      ['organiser', false],
    ] as const) {
      const { profile, name } = await ownerWithProfile(plan)
      expect(await listed(profile.slug, name), plan ?? 'free').toEqual(
        shown
          ? { directory: true, count: 1, sitemap: true, publicPage: 200 }
          : { directory: false, count: 0, sitemap: false, publicPage: 404 },
      )
    }
  })

  it('a downgrade takes the profile out, an upgrade brings it back, and nothing is deleted', async () => {
    const { user, profile, name } = await ownerWithProfile('pro')
    expect((await listed(profile.slug, name)).directory).toBe(true)

    await setManualPlan(user.id, null, admin)
    expect(await listed(profile.slug, name)).toEqual({ directory: false, count: 0, sitemap: false, publicPage: 404 })
    const [row] = await getDb().select().from(speakers).where(eq(speakers.id, profile.id))
    expect(row).toMatchObject({ isPublished: true, userId: user.id, name })
    expect(await listSpeakersByOwner(user.id)).toEqual([
      expect.objectContaining({ id: profile.id, isPublished: true, listed: false }),
    ])

    await setManualPlan(user.id, 'teams', admin)
    expect(await listed(profile.slug, name)).toEqual({ directory: true, count: 1, sitemap: true, publicPage: 200 })
    expect(await listSpeakersByOwner(user.id)).toEqual([expect.objectContaining({ listed: true })])
  })

  it('a member of a Teams workspace is listed while that workspace is on Teams, whatever their own plan', async () => {
    const teamOwner = await createUser(`team-owner-${tag()}@example.com`)
    const team = await createWorkspace(teamOwner, 'Speakers United')
    const { user: member, profile, name } = await ownerWithProfile(null)
    await getDb().insert(workspaceMembers).values({ workspaceId: team, userId: member.id, role: 'member' })
    expect((await listed(profile.slug, name)).directory).toBe(false)

    await setManualPlan(team, 'teams', admin)
    expect(await listed(profile.slug, name)).toEqual({ directory: true, count: 1, sitemap: true, publicPage: 200 })

    await setManualPlan(team, null, admin)
    expect((await listed(profile.slug, name)).directory).toBe(false)
  })

  it('keeps listing a profile an administrator made (no owner, no plan to check)', async () => {
    const name = `Curated ${tag()}`
    const profile = await seedSpeaker({ name, company: `Co ${tag()}` }, { userId: null })
    expect(await listed(profile.slug, name)).toEqual({ directory: true, count: 1, sitemap: true, publicPage: 200 })
  })

  it('shows an unlisted profile to its owner and to admins, unindexed, and to nobody else', async () => {
    const { profile } = await ownerWithProfile(null)
    const owner = (await getDb().select({ userId: speakers.userId }).from(speakers).where(eq(speakers.id, profile.id)))[0]!
      .userId!
    const asOwner = (await profileAs(profile.slug, await sessionCookie(owner))) as Profile
    expect(asOwner.notListed).toBe(notListedMessage('owner'))
    expect(asOwner.notListed).toBe(
      'Only you and administrators can see this page: it is not listed in the speaker directory. Profiles appear there while you are on a Professional or Teams plan.',
    )
    const meta = profileMeta({ data: asOwner, matches: [], params: {}, location: {} } as unknown as Parameters<
      typeof profileMeta
    >[0])
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' })

    const siteAdmin = await createUser(`site-admin-${tag()}@example.com`, 'admin')
    const asAdmin = (await profileAs(profile.slug, await sessionCookie(siteAdmin.id))) as Profile
    expect(asAdmin.notListed).toBe(notListedMessage('admin'))

    const stranger = await createUser(`stranger-${tag()}@example.com`)
    expect(await profileAs(profile.slug, await sessionCookie(stranger.id))).toMatchObject({
      init: { status: 404 },
      data: 'Speaker not found',
    })

    // A listed profile is indexed as before.
    await setManualPlan(owner, 'pro', admin)
    const listedPage = (await profileAs(profile.slug)) as Profile
    expect(listedPage.notListed).toBeNull()
    const listedMeta = profileMeta({ data: listedPage, matches: [], params: {}, location: {} } as unknown as Parameters<
      typeof profileMeta
    >[0])
    expect(listedMeta).not.toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('tells admins which published profiles the directory leaves out, in their list', async () => {
    const { user, profile, name } = await ownerWithProfile(null)
    const curated = await seedSpeaker({ name: `Curated ${tag()}`, company: `Co ${tag()}` }, { userId: null })
    const siteAdmin = await createUser(`list-admin-${tag()}@example.com`, 'admin')
    const cookie = await sessionCookie(siteAdmin.id)
    const row = async (q: string) => {
      const list = (await call(
        adminListLoader,
        makeRequest(`/speakers/admin?q=${encodeURIComponent(q)}`, { cookie }),
      )) as Awaited<ReturnType<typeof adminListLoader>>
      return list.speakers[0]!
    }
    expect(await row(name)).toMatchObject({ id: profile.id, isPublished: true, listed: false })
    expect(await row(curated.slug.split('-')[0]!)).toMatchObject({ listed: true })
    await setManualPlan(user.id, 'pro', admin)
    expect(await row(name)).toMatchObject({ id: profile.id, listed: true })
    expect(ADMIN_NOT_LISTED).toBe('Not in the directory: the owner is not on a Professional or Teams plan')
  })

  it('Contact Speaker reaches only a listed profile', async () => {
    const { user, profile } = await ownerWithProfile(null)
    const form = { senderName: 'Olive', senderEmail: `olive-${tag()}@events.example`, message: 'Keynote?', js: '1' }
    const send = () =>
      call(
        profileAction,
        makeRequest(`/speakers/${profile.slug}?modal=contact-speaker`, {
          form,
          headers: { 'X-Lectern-Remote-Addr': `10.9.${Math.floor(Math.random() * 250)}.1` },
        }),
        {
          slug: profile.slug,
        },
      ).catch((e: unknown) => e)
    await send()
    expect(await getDb().select().from(speakerMessages).where(eq(speakerMessages.senderEmail, form.senderEmail))).toEqual([])
    await setManualPlan(user.id, 'pro', admin)
    await send()
    expect(await getDb().select().from(speakerMessages).where(eq(speakerMessages.senderEmail, form.senderEmail))).toHaveLength(1)
  })
})

describe('directory rule and the page cache', () => {
  function cacheSomething() {
    purgePageCache()
    const body = Buffer.from('<html></html>')
    storeCachedPage(
      '/speakers\nUSD\nundecided',
      { status: 200, headers: [], body, gzip: body, br: body, etag: 'W/"x"', scriptHashes: [], storedAt: Date.now() },
      pageCacheGeneration(),
    )
    expect(pageCacheStats().entries).toBe(1)
  }

  it('a plan change that moves a workspace in or out of the directory empties the cache; one that does not, keeps it', async () => {
    const user = await createUser(`cache-${tag()}@example.com`)
    cacheSomething()
    await setManualPlan(user.id, 'pro', admin)
    expect(pageCacheStats().entries).toBe(0)

    cacheSomething()
    await setManualPlan(user.id, 'teams', admin)
    expect(pageCacheStats().entries).toBe(1)

    cacheSomething()
    await setManualPlan(user.id, 'solo', admin)
    expect(pageCacheStats().entries).toBe(0)

    // The paid period of a canceled plan ending is the same recompute, without an admin.
    cacheSomething()
    await recomputeEntitlement(user.id)
    expect(pageCacheStats().entries).toBe(1)
  })
})

describe('directory rule and the page cache: joining and leaving a team', () => {
  function cacheSomething() {
    purgePageCache()
    const body = Buffer.from('<html></html>')
    storeCachedPage(
      '/speakers\nUSD\nundecided',
      { status: 200, headers: [], body, gzip: body, br: body, etag: 'W/"x"', scriptHashes: [], storedAt: Date.now() },
      pageCacheGeneration(),
    )
  }
  const cached = () => pageCacheStats().entries

  async function teamWithInvite(plan: Plan | null) {
    const owner = await createUser(`team-${tag()}@example.com`)
    const team = await createWorkspace(owner, `Team ${tag()}`)
    if (plan) await setManualPlan(team, plan, admin)
    const person = await createUser(`joiner-${tag()}@example.com`)
    const token = randomBytes(32).toString('base64url')
    await getDb()
      .insert(workspaceInvitations)
      .values({
        workspaceId: team,
        email: person.email,
        role: 'member',
        tokenHash: hashToken(token),
        invitedBy: owner.id,
        inviterEmail: owner.email,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
    return { owner, team, person, token }
  }

  it('joining, leaving, being removed from or deleting a Teams workspace empties the cache; an Event Organiser team (not listed) keeps it', async () => {
    const { owner, team, person, token } = await teamWithInvite('teams')
    await seedSpeaker({ name: `Joiner ${tag()}`, company: `Co ${tag()}` }, { userId: person.id })
    cacheSomething()
    expect(await acceptInvitation(token, person)).toMatchObject({ ok: true })
    expect(cached()).toBe(0)
    cacheSomething()
    expect(await leaveWorkspace(team, person)).toBe('left')
    expect(cached()).toBe(0)

    await getDb().insert(workspaceMembers).values({ workspaceId: team, userId: person.id, role: 'member' })
    cacheSomething()
    expect(await removeMember(team, owner, person.id, owner.id)).toBe('removed')
    expect(cached()).toBe(0)
    cacheSomething()
    expect(
      await deleteWorkspace(team, owner, (await getDb().select().from(workspaces).where(eq(workspaces.id, team)))[0]!.name),
    ).toBe('deleted')
    expect(cached()).toBe(0)

    const organiser = await teamWithInvite('organiser')
    cacheSomething()
    expect(await acceptInvitation(organiser.token, organiser.person)).toMatchObject({ ok: true })
    expect(await leaveWorkspace(organiser.team, organiser.person)).toBe('left')
    expect(cached()).toBe(1)
  })
})
