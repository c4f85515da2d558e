import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { feedbackConsents, feedbackResponses } from '~/db/schema/feedback'
import { talkSessions } from '~/db/schema/talks'
import { setTestimonialApproval } from '~/models/feedback-report.server'
import { deleteSession } from '~/models/talk-sessions.server'
import { LiveBus, startLiveBus, stopLiveBus } from '~/platform/live-bus.server'
import { applyPageCachePurges, PAGE_CACHE_CHANNEL } from '~/platform/page-purge.server'
import { getCachedPage, pageCacheGeneration, storeCachedPage, type CachedPage } from '~/platform/page-store.server'
import { action as eraseAction, loader as eraseLoader } from '~/routes/t.$code_.erase.$token'
import { loader as eventLoader } from '~/routes/e.$slug._index'
import { loader as profileLoader } from '~/routes/speakers.$slug/route'
import { speakers } from '~/db/schema/directory'
import { workspaces } from '~/db/schema/workspaces'
import { claimSpeaker, organiserWithEvent } from './event-fixtures'
import { approvedQuote, feedbackOn, pendingQuote } from './feedback-fixtures'
import { withDatabase } from './global-setup'
import { call, makeRequest } from './utils'

// Approved testimonials on the public speaker profile and the talk's event page with only the
// permitted name parts (issue 33 Deliver 2); withdrawing from the confirmation email's link, or an
// erasure, takes the quote off both at once — this process's page cache purged, and the other
// processes' through the live bus (LISTEN/NOTIFY on Postgres).

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'

async function databaseUrl() {
  const rows = await getDb().execute<{ name: string }>(sql`select current_database() as name`)
  const [row] = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { name: string }[] }).rows) as { name: string }[]
  return withDatabase(process.env.TEST_DATABASE_URL!, row!.name)
}

let off: () => void
beforeAll(async () => {
  await startLiveBus(onPostgres ? await databaseUrl() : undefined)
  off = applyPageCachePurges()
})
afterAll(async () => {
  off()
  await stopLiveBus()
})

type Quote = { quote: string; author: string }
async function shownOnProfile(slug: string) {
  const page = (await call(profileLoader, makeRequest(`/speakers/${slug}`), { slug })) as { testimonials: Quote[] }
  return page.testimonials
}
async function shownOnEventPage(slug: string) {
  // The event page answers data(…, { headers }): it names its language (issue 31).
  const page = (await call(eventLoader, makeRequest(`/e/${slug}`), { slug })) as unknown as { data: { testimonials: Quote[] } }
  return page.data.testimonials
}

const cachedPage = (): CachedPage => ({
  status: 200,
  headers: [],
  body: Buffer.from('<p>cached profile</p>'),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
  etag: 'e',
  scriptHashes: [],
  storedAt: Date.now(),
})

describe('testimonials on the public pages', () => {
  it('shows an approved quote on the profile and the event page with only the permitted name parts', async () => {
    const fx = await approvedQuote('The pairing rota changed our team')
    for (const shown of [await shownOnProfile(fx.profile.slug), await shownOnEventPage(fx.event.slug)]) {
      expect(shown).toMatchObject([{ quote: 'The pairing rota changed our team', author: 'Grace, Rear Admiral' }])
      // The company was not permitted.
      expect(JSON.stringify(shown)).not.toContain('US Navy')
    }
  })

  it('withdraws from the confirmation email’s link: gone from both pages and from the page cache at once, recorded in the ledger', async () => {
    const fx = await approvedQuote('Withdraw me')
    const params = { code: fx.session.code, token: fx.token }
    const confirm = (await call(eraseLoader, makeRequest(`/t/${fx.session.code}/erase/${fx.token}`), params)) as Response
    expect(await confirm.text()).toContain('Withdraw my quote only')

    expect(storeCachedPage(`/speakers/${fx.profile.slug}`, cachedPage(), pageCacheGeneration())).toBe(true)
    // Another server process: its own bus on its own LISTEN connection, purging its own cache.
    let otherPurged = 0
    const other = new LiveBus({ databaseUrl: onPostgres ? await databaseUrl() : undefined, applicationName: 'fb-other' })
    await other.start()
    other.subscribe(PAGE_CACHE_CHANNEL, (p) => p && otherPurged++)
    try {
      const res = (await call(
        eraseAction,
        makeRequest(`/t/${fx.session.code}/erase/${fx.token}`, { form: { intent: 'withdraw-quote' } }),
        params,
      )) as Response
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe(`/t/${fx.session.code}/withdrawn?lang=en`)
      // This process: purged before the answer.
      expect(getCachedPage(`/speakers/${fx.profile.slug}`)).toBeNull()
      if (onPostgres) {
        const end = Date.now() + 3_000
        while (otherPurged === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
        expect(otherPurged).toBe(1)
      }
    } finally {
      await other.stop()
    }
    expect(await shownOnProfile(fx.profile.slug)).toEqual([])
    expect(await shownOnEventPage(fx.event.slug)).toEqual([])
    // The details stay with the speaker; the ledger has the withdrawal with the same wording.
    const [row] = await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.id, fx.responseId))
    expect(row!.leadId).toBe(fx.lead.leadId)
    expect(row!.withdrawnAt).not.toBeNull()
    const ledger = await getDb()
      .select()
      .from(feedbackConsents)
      .where(eq(feedbackConsents.responseId, fx.responseId))
      .orderBy(feedbackConsents.id)
    expect(ledger.map((r) => r.testimonialConsent)).toEqual([true, false])
    expect(ledger[1]!.testimonialHash).toBe(ledger[0]!.testimonialHash)
    // Approving it again is refused: it is withdrawn.
    expect(
      await setTestimonialApproval({ ownerId: fx.owner.id, userId: fx.owner.id, runnerId: null }, fx.responseId, 'approved'),
    ).toBe(false)
    // The link no longer offers it.
    const again = (await call(eraseLoader, makeRequest(`/t/${fx.session.code}/erase/${fx.token}`), params)) as Response
    expect(await again.text()).not.toContain('Withdraw my quote only')
  })

  it('an erasure takes the quote off both pages and purges the cache', async () => {
    const fx = await approvedQuote('Erase me')
    expect(await shownOnProfile(fx.profile.slug)).toHaveLength(1)
    expect(storeCachedPage(`/e/${fx.event.slug}`, cachedPage(), pageCacheGeneration())).toBe(true)
    const res = (await call(eraseAction, makeRequest(`/t/${fx.session.code}/erase/${fx.token}`, { form: {} }), {
      code: fx.session.code,
      token: fx.token,
    })) as Response
    expect(res.status).toBe(303)
    expect(getCachedPage(`/e/${fx.event.slug}`)).toBeNull()
    expect(await shownOnProfile(fx.profile.slug)).toEqual([])
    expect(await shownOnEventPage(fx.event.slug)).toEqual([])
    const [row] = await getDb().select().from(feedbackResponses).where(eq(feedbackResponses.id, fx.responseId))
    expect(row).toMatchObject({ leadId: null })
    expect(row!.withdrawnAt).not.toBeNull()
  })

  it('deleting the session takes its quotes off the pages', async () => {
    const fx = await approvedQuote('Session gone')
    await getDb().update(talkSessions).set({ status: 'closed' }).where(eq(talkSessions.id, fx.session.id))
    expect(await deleteSession({ ownerId: fx.owner.id, userId: fx.owner.id, runnerId: null }, fx.session.id)).toBe(true)
    expect(await shownOnProfile(fx.profile.slug)).toEqual([])
  })
})

// A speaker who runs a session at an organiser's event (a claimed roster entry: talk_sessions.user_id
// is theirs, the workspace the organiser's). The author consented to "{speaker}'s profile", so the
// quote may go there, and it does, once approved by someone who may approve in the session's
// workspace: its runner (the speaker, as a member) or the organiser. Nobody else's approval counts.
describe('testimonials from a session at an organiser’s event, on the speaker’s own profile', () => {
  async function organiserSessionOfAda() {
    const fx = await organiserWithEvent({ recipients: 'speaker' })
    const ada = await claimSpeaker(fx.workspaceId, fx.speakers.ada.speakerId, `ada-own-${fx.suffix}@example.com`)
    const grace = await claimSpeaker(fx.workspaceId, fx.speakers.grace.speakerId, `grace-own-${fx.suffix}@example.com`)
    // Ada's own directory profile, listed (her personal workspace is on Professional).
    await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, ada.id))
    const [profile] = await getDb()
      .insert(speakers)
      .values({
        slug: `ada-own-${fx.suffix}`,
        name: 'Ada Lovelace',
        jobTitle: 'Engineer',
        company: 'Analytical Engines',
        location: 'London',
        email: 'ada@own.example',
        bio: '<p>Hi</p>',
        userId: ada.id,
        isPublished: true,
      })
      .returning()
    await getDb()
      .update(talkSessions)
      .set({ ...feedbackOn, status: 'live', wentLiveAt: new Date() })
      .where(eq(talkSessions.id, fx.speakers.ada.sessionId))
    const session = { id: fx.speakers.ada.sessionId, code: fx.speakers.ada.code, workspaceId: fx.workspaceId }
    const { responseId } = await pendingQuote(session, 'Ada made the engine make sense')
    return { fx, ada, grace, profile: profile!, responseId }
  }

  it('shows only once approved by the session’s runner or its organiser; another workspace or another speaker cannot approve it', async () => {
    const { fx, ada, grace, profile, responseId } = await organiserSessionOfAda()
    // Pending: nowhere.
    expect(await shownOnProfile(profile.slug)).toEqual([])
    expect(await shownOnEventPage(fx.event.slug)).toEqual([])

    // Ada's personal workspace is not the session's: her approval there does nothing.
    expect(await setTestimonialApproval({ ownerId: ada.id, userId: ada.id, runnerId: null }, responseId, 'approved')).toBe(false)
    // Another speaker of the same event, a member who runs other sessions, cannot approve it.
    expect(
      await setTestimonialApproval({ ownerId: fx.workspaceId, userId: grace.id, runnerId: grace.id }, responseId, 'approved'),
    ).toBe(false)
    // Another organiser's workspace cannot either.
    const other = await organiserWithEvent()
    expect(
      await setTestimonialApproval(
        { ownerId: other.workspaceId, userId: other.owner.id, runnerId: null },
        responseId,
        'approved',
      ),
    ).toBe(false)
    expect(await shownOnProfile(profile.slug)).toEqual([])

    // Ada, as the member who runs the session, approves: on her own profile and on the event page.
    expect(
      await setTestimonialApproval({ ownerId: fx.workspaceId, userId: ada.id, runnerId: ada.id }, responseId, 'approved'),
    ).toBe(true)
    const quote = { quote: 'Ada made the engine make sense', author: 'Grace, Rear Admiral' }
    expect(await shownOnProfile(profile.slug)).toMatchObject([quote])
    expect(await shownOnEventPage(fx.event.slug)).toMatchObject([quote])

    // The organiser may approve or hide in their workspace too: hidden, it leaves her profile.
    const organiser = { ownerId: fx.workspaceId, userId: fx.owner.id, runnerId: null }
    expect(await setTestimonialApproval(organiser, responseId, 'hidden')).toBe(true)
    expect(await shownOnProfile(profile.slug)).toEqual([])
    expect(await setTestimonialApproval(organiser, responseId, 'approved')).toBe(true)
    expect(await shownOnProfile(profile.slug)).toMatchObject([quote])
  })
})
