import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { accounts, sessions, users } from '~/db/schema/accounts'
import { speakers } from '~/db/schema/directory'
import { webhookEndpoints } from '~/db/schema/integrations'
import { jobs } from '~/db/schema/jobs'
import { leadConsents, leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { talkSessions, talks } from '~/db/schema/talks'
import { closeAccount } from '~/models/account-closure.server'
import { publicUrl, storageKey } from '~/services/storage.server'
import { getPublicSession } from '~/models/lead-capture.server'
import { action as settingsAction, loader as settingsLoader } from '~/routes/app.settings'
import { seedTalkAndSession, seedViewsAndLeads } from './app-utils'
import { call, makeRequest, signedInAs } from './utils'

// Settings → Close your account: everything the account holds goes in one transaction; nothing of
// anyone else's does.

const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200)
const dataOf = <T>(r: unknown) => ((r as { data?: T }).data ?? r) as T

type Speaker = { id: string; email: string; cookie: string }
let speaker: Speaker
let other: Speaker

async function newSpeaker(prefix: string): Promise<Speaker> {
  const s = await signedInAs(`${prefix}-${Math.random().toString(36).slice(2)}@example.com`)
  return { id: s.user.id, email: s.user.email, cookie: s.cookie }
}

/** A talk, a session with two captures, a directory profile with a local photo, a webhook and settings. */
async function fillAccount(owner: Speaker) {
  const offerFileKey = storageKey('offer.pdf')
  const photoKey = storageKey('photo.jpg')
  const { sessionId, code } = await seedTalkAndSession(owner.id, { offerKind: 'none' })
  await getDb().update(talkSessions).set({ status: 'live', offerFileKey }).where(eq(talkSessions.id, sessionId))
  await seedViewsAndLeads(sessionId, owner.id, { scans: 2, visits: 1, leadCount: 2 })
  await getDb()
    .insert(speakers)
    .values({
      slug: `closing-${owner.id.slice(0, 8)}`,
      name: 'Closing Speaker',
      jobTitle: 'CTO',
      company: 'Acme',
      location: 'Berlin',
      email: owner.email,
      bio: '<p>Hi</p>',
      profileImageUrl: publicUrl(photoKey),
      userId: owner.id,
      isPublished: true,
    })
  await getDb()
    .insert(webhookEndpoints)
    .values({ ownerId: owner.id, url: 'https://hooks.example/lectern', secret: 'x', events: ['lead.created'] })
  await getDb().insert(accounts).values({ userId: owner.id, displayName: 'Closing Speaker' })
  return { sessionId, code, storedKeys: [offerFileKey, photoKey] }
}

async function holdings(ownerId: string) {
  const db = getDb()
  const n = async (q: Promise<Array<unknown>>) => (await q).length
  return {
    user: await n(db.select().from(users).where(eq(users.id, ownerId))),
    talks: await n(db.select().from(talks).where(eq(talks.userId, ownerId))),
    sessions: await n(db.select().from(talkSessions).where(eq(talkSessions.userId, ownerId))),
    leads: await n(db.select().from(leads).where(eq(leads.ownerId, ownerId))),
    people: await n(db.select().from(contacts).where(eq(contacts.ownerId, ownerId))),
    profiles: await n(db.select().from(speakers).where(eq(speakers.userId, ownerId))),
    webhooks: await n(db.select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, ownerId))),
    settings: await n(db.select().from(accounts).where(eq(accounts.userId, ownerId))),
    signIns: await n(db.select().from(sessions).where(eq(sessions.userId, ownerId))),
  }
}

const close = (who: Speaker, confirmEmail: string | undefined) =>
  call(
    settingsAction,
    makeRequest('/app/settings', {
      cookie: who.cookie,
      form: confirmEmail === undefined ? { intent: 'close-account' } : { intent: 'close-account', confirmEmail },
    }),
  )

beforeEach(async () => {
  speaker = await newSpeaker('closing')
  other = await newSpeaker('staying')
})

describe('closing an account', () => {
  it('deletes everything the account holds, signs it out and leaves other accounts alone', async () => {
    const { code, storedKeys } = await fillAccount(speaker)
    const theirs = await fillAccount(other)
    const before = await holdings(speaker.id)
    expect(before).toEqual({
      user: 1,
      talks: 1,
      sessions: 1,
      leads: 2,
      people: 2,
      profiles: 1,
      webhooks: 1,
      settings: 1,
      signIns: 1,
    })
    const otherBefore = await holdings(other.id)

    const res = await close(speaker, `  ${speaker.email.toUpperCase()} `)
    expect(res).toBeInstanceOf(Response)
    const response = res as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
    // The session cookie is cleared alongside the toast.
    expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)

    expect(Object.values(await holdings(speaker.id)).every((n) => n === 0)).toBe(true)
    expect(await getPublicSession(code)).toBeNull()
    expect(await holdings(other.id)).toEqual(otherBefore)
    // Its stored files are queued for deletion once nothing uses them; the other account's are not.
    const queued = await getDb()
      .select({ key: sql<string>`${jobs.payload}->>'key'` })
      .from(jobs)
      .where(eq(jobs.kind, 'storage.delete'))
    const keys = queued.map((r) => r.key)
    expect(keys).toEqual(expect.arrayContaining(storedKeys))
    for (const key of theirs.storedKeys) expect(keys).not.toContain(key)
  })

  it('keeps the consent ledger, which holds no personal data', async () => {
    const { sessionId } = await fillAccount(speaker)
    const ledger = () => getDb().select().from(leadConsents).where(eq(leadConsents.sessionId, sessionId))
    const kept = await ledger()
    expect(await closeAccount(speaker.id)).toBe('closed')
    expect(await ledger()).toEqual(kept)
  })

  it('asks for the account email: a wrong or missing one is a 400 next to the field, and nothing is deleted', async () => {
    await fillAccount(speaker)
    const before = await holdings(speaker.id)
    for (const typed of [undefined, '', 'someone-else@example.com']) {
      const res = await close(speaker, typed)
      expect(statusOf(res)).toBe(400)
      expect(dataOf<{ closeAccount: { error: Record<string, string[]> } }>(res).closeAccount.error.confirmEmail).toEqual([
        'Type the email address you sign in with to confirm',
      ])
    }
    expect(await holdings(speaker.id)).toEqual(before)
  })

  it('is not offered to an admin, and refused if asked for', async () => {
    const admin = await signedInAs(`admin-${Math.random().toString(36).slice(2)}@example.com`, 'admin')
    const page = dataOf<{ isAdmin: boolean }>(await call(settingsLoader, makeRequest('/app/settings', { cookie: admin.cookie })))
    expect(page.isAdmin).toBe(true)
    const res = await call(
      settingsAction,
      makeRequest('/app/settings', { cookie: admin.cookie, form: { intent: 'close-account', confirmEmail: admin.user.email } }),
    )
    expect(statusOf(res)).toBe(403)
    expect(await getDb().select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1)
  })

  it('answers missing for an account that is already gone', async () => {
    expect(await closeAccount(speaker.id)).toBe('closed')
    expect(await closeAccount(speaker.id)).toBe('missing')
  })
})
