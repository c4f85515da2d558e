import type { Express } from 'express'
import express from 'express'
import { and, eq, sql } from 'drizzle-orm'
import { createUserSession } from '../app/auth/session.server'
import { getDb } from '../app/db/client.server'
import { randomBytes, randomUUID } from 'node:crypto'
import { users } from '../app/db/schema/accounts'
import { speakers } from '../app/db/schema/directory'
import { eventRooms, events, eventSpeakers } from '../app/db/schema/events'
import { followUpRecipients, followUps } from '../app/db/schema/follow-ups'
import { contacts } from '../app/db/schema/people'
import { talkSessions, talks } from '../app/db/schema/talks'
import { workspaceMembers, workspaces } from '../app/db/schema/workspaces'
import { isPlan } from '../app/lib/plans'
import { defaultConsentText, defaultMarketingText } from '../app/lib/session-wording'
import { upsertProgrammeRow } from '../app/models/event-programme.server'
import { sendFollowUpNow } from '../app/models/follow-up-sending.server'
import { createFollowUpDraft } from '../app/models/follow-ups.server'
import { senderFrom } from '../app/services/follow-up-send.server'
import { listRooms, purgeEventPages } from '../app/models/events.server'
import { subscribe } from '../app/models/newsletter.server'
import { createStartupApplication } from '../app/models/startup-applications.server'
import { getConfig } from '../app/config.server'
import { sha256Hex } from '../app/platform/lead-tokens.server'
import type { InFlightHandlers } from './in-flight'

/**
 * End-to-end test support: creates a signed-in session without the email round trip.
 * Mounted only when NODE_ENV=test AND E2E_TEST_HOOKS=1 (see docs/decisions/0002-e2e-session-hook.md);
 * never in development or production.
 */
/** The request's `email`, trimmed and lower-cased as accounts store it ('' when missing). */
function bodyEmail(body: { email?: unknown } | undefined) {
  return String(body?.email ?? '')
    .trim()
    .toLowerCase()
}

/** The account of this address, made first when there is none (its personal workspace with it). */
async function ensureUser(email: string) {
  const db = getDb()
  await db.insert(users).values({ email }).onConflictDoNothing({ target: users.email })
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user
}

export function mountTestHooks(app: Express, track: InFlightHandlers['track']) {
  app.post(
    '/__e2e/session',
    express.json(),
    track(async (req, res) => {
      const email = bodyEmail(req.body)
      const role = req.body?.role === 'admin' ? 'admin' : 'speaker'
      if (!email.includes('@')) return res.status(400).json({ error: 'email required' })
      const db = getDb()
      await db.insert(users).values({ email, role }).onConflictDoUpdate({ target: users.email, set: { role } })
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
      const cookie = await createUserSession(user!.id)
      res.setHeader('Set-Cookie', cookie)
      res.json({ ok: true, userId: user!.id })
    }),
  )

  // A live session page (talk, session and a directory profile for the owner) without the speaker
  // screens, for tests of the attendee side: answers its code and id.
  app.post(
    '/__e2e/lead-session',
    express.json(),
    track(async (req, res) => {
      const email = bodyEmail(req.body)
      if (!email.includes('@')) return res.status(400).json({ error: 'email required' })
      const status = ['draft', 'live', 'closed'].includes(req.body?.status) ? req.body.status : 'live'
      const db = getDb()
      const user = await ensureUser(email)
      // Optional plan of the owner's personal workspace (free by default), for plan-gated screens.
      if (isPlan(req.body?.plan)) {
        await db.update(workspaces).set({ plan: req.body.plan }).where(eq(workspaces.id, user!.id))
      }
      const [profile] = await db
        .select({ id: speakers.id, slug: speakers.slug })
        .from(speakers)
        .where(eq(speakers.userId, user!.id))
        .limit(1)
      // `profile: false`: a speaker with no directory profile, so with no name until they give one.
      let slug = profile?.slug ?? null
      if (!profile && req.body?.profile !== false) {
        slug = `e2e-${randomBytes(4).toString('hex')}`
        await db.insert(speakers).values({
          slug,
          // `published: true`: /speakers/{slug} shows it (with a listing plan), as for the room's quotes.
          isPublished: req.body?.published === true,
          name: 'Ada Lovelace',
          jobTitle: 'CTO',
          company: 'Analytical Engines',
          location: 'London',
          email,
          bio: '<p>Speaker</p>',
          websiteUrl: 'https://ada.example',
          userId: user!.id,
        })
      }
      const [talk] = await db
        .insert(talks)
        .values({ workspaceId: user!.id, userId: user!.id, title: 'Engines of Tomorrow' })
        .returning()
      const [session] = await db
        .insert(talkSessions)
        .values({
          workspaceId: user!.id,
          userId: user!.id,
          talkId: talk!.id,
          code: randomBytes(6).toString('base64url'),
          status,
          eventName: 'DevConf 2026',
          startsAt: new Date(),
          // `feedback: true`: feedback on, its window open now (it opens at the start), so the page
          // shows the rating and the booking question (issue 33).
          ...(req.body?.feedback === true ? { feedbackEnabled: true, durationMinutes: 60 } : {}),
          timeZone: 'Europe/London',
          offerTitle: 'The slides',
          offerPromise: 'All 42 slides as a PDF',
          offerKind: 'url',
          offerUrl: 'https://ada.example/slides.pdf',
          fields: { company: true, jobTitle: true, phone: false, linkedin: false },
          questions: req.body?.questions ?? [
            { id: 'role', kind: 'single', label: 'Your role', required: true, options: ['Engineering', 'Marketing'] },
            { id: 'score', kind: 'rating', label: 'How useful was the talk?', required: false, options: [] },
          ],
          // `wording: 'default'`: Lectern's default wordings, which exist in every language (issue 31),
          // so the page follows the browser's language; otherwise the speaker's own, in English only.
          ...(req.body?.wording === 'default'
            ? {
                consentText: defaultConsentText({ speaker: 'Ada Lovelace' }),
                marketingText: defaultMarketingText('Ada Lovelace'),
              }
            : {
                consentText: 'Ada will email you the slides and may follow up about this talk.',
                marketingText: 'Send me Ada’s monthly newsletter too',
              }),
        })
        .returning()
      res.json({ ok: true, code: session!.code, sessionId: session!.id, userId: user!.id, slug })
    }),
  )

  // Puts a person (made if new) into a workspace with a role, optionally with a talk and a live
  // session they run there, for the team tests before invitations are driven through the screens.
  app.post(
    '/__e2e/workspace-member',
    express.json(),
    track(async (req, res) => {
      const email = bodyEmail(req.body)
      const workspaceId = String(req.body?.workspaceId ?? '')
      const role = req.body?.role === 'admin' ? 'admin' : 'member'
      if (!email.includes('@') || !workspaceId) return res.status(400).json({ error: 'email and workspaceId required' })
      const db = getDb()
      const user = await ensureUser(email)
      if (isPlan(req.body?.plan)) await db.update(workspaces).set({ plan: req.body.plan }).where(eq(workspaces.id, workspaceId))
      await db.insert(workspaceMembers).values({ workspaceId, userId: user!.id, role }).onConflictDoNothing()
      let code: string | null = null
      if (req.body?.session) {
        const [talk] = await db.insert(talks).values({ workspaceId, userId: user!.id, title: 'Team talk' }).returning()
        const [session] = await db
          .insert(talkSessions)
          .values({
            workspaceId,
            userId: user!.id,
            talkId: talk!.id,
            code: randomBytes(6).toString('base64url'),
            status: 'live',
            eventName: 'TeamConf 2026',
            startsAt: new Date(),
            timeZone: 'Europe/London',
            offerTitle: 'The slides',
            offerPromise: 'All 42 slides as a PDF',
            offerKind: 'url',
            offerUrl: 'https://team.example/slides.pdf',
            fields: { company: true, jobTitle: false, phone: false, linkedin: false },
            questions: [],
            consentText: 'The team will email you the slides.',
            marketingText: '',
          })
          .returning()
        code = session!.code
      }
      res.json({ ok: true, userId: user!.id, code })
    }),
  )

  // An organiser (issue 23): the person's own workspace on the Event Organiser plan, with (unless
  // `event` is false) one published event (rooms Main Hall and Room B) and, unless `speakers` is
  // false, two speakers with a session each, made by the import's own autogeneration
  // (upsertProgrammeRow). Answers the ids.
  // `today: true` puts the event and its sessions (09:00 and 10:00 UTC) on today's date, so captures
  // made now fall within the event's days (the insights' leads per 15 minutes).
  app.post(
    '/__e2e/organiser-event',
    express.json(),
    track(async (req, res) => {
      const email = bodyEmail(req.body)
      if (!email.includes('@')) return res.status(400).json({ error: 'email required' })
      const db = getDb()
      const user = await ensureUser(email)
      await db.update(workspaces).set({ plan: 'organiser' }).where(eq(workspaces.id, user!.id))
      if (req.body?.event === false) return res.json({ ok: true, userId: user!.id })
      const suffix = randomBytes(3).toString('hex')
      const day = req.body?.today === true ? new Date().toISOString().slice(0, 10) : '2027-03-10'
      const [event] = await db
        .insert(events)
        .values({
          workspaceId: user!.id,
          slug: `e2e-conf-${suffix}`,
          name: String(req.body?.name ?? `E2E Conf ${suffix}`),
          startsOn: day,
          endsOn: req.body?.today === true ? day : '2027-03-11',
          timeZone: 'Europe/London',
          venue: 'ExCeL',
          city: 'London',
          status: 'published',
          ...(['organiser', 'speaker', 'both'].includes(req.body?.recipients) ? { recipients: req.body.recipients } : {}),
        })
        .returning()
      const [main, side] = await db
        .insert(eventRooms)
        .values([
          { eventId: event!.id, name: 'Main Hall', nameKey: 'main hall', position: 0 },
          { eventId: event!.id, name: 'Room B', nameKey: 'room b', position: 1 },
        ])
        .returning()
      const sessions: { email: string; sessionId: string; speakerId: string; code: string }[] = []
      if (req.body?.speakers !== false) {
        const rows = [
          ['ada', 'Ada Lovelace', 'Notes on the engine', `${day}T09:00:00Z`, main!.id],
          ['grace', 'Grace Hopper', 'Compilers for everyone', `${day}T10:00:00Z`, side!.id],
        ] as const
        await db.transaction(async (tx) => {
          for (const [key, name, talkTitle, startsAt, roomId] of rows) {
            const made = await upsertProgrammeRow(tx, event!, user!.id, {
              email: `${key}-${suffix}@example.com`,
              name,
              jobTitle: '',
              company: '',
              bio: '',
              talkTitle,
              talkDescription: '',
              startsAt: new Date(startsAt),
              durationMinutes: 30,
              roomId,
            })
            // Speaker claim tests: live sessions take sign-ups at once; `locked` fields of the speakers' pages.
            if (req.body?.live)
              await tx
                .update(talkSessions)
                .set({ status: 'live', wentLiveAt: new Date() })
                .where(eq(talkSessions.id, made.sessionId))
            if (Array.isArray(req.body?.locked))
              await tx
                .update(eventSpeakers)
                .set({ lockedFields: req.body.locked.map(String) })
                .where(eq(eventSpeakers.id, made.speakerId))
            const [row] = await tx
              .select({ code: talkSessions.code })
              .from(talkSessions)
              .where(eq(talkSessions.id, made.sessionId))
            sessions.push({
              email: `${key}-${suffix}@example.com`,
              sessionId: made.sessionId,
              speakerId: made.speakerId,
              code: row!.code,
            })
          }
        })
      }
      res.json({ ok: true, userId: user!.id, eventId: event!.id, slug: event!.slug, sessions })
    }),
  )

  // A startup application as the public form stores it, without the form's per-address limit (five an
  // hour): the specs that start from an application (the admin's approval) would otherwise use up the
  // budget of the specs that test the form itself.
  app.post(
    '/__e2e/startup-application',
    express.json(),
    track(async (req, res) => {
      const email = bodyEmail(req.body)
      const companyName = String(req.body?.companyName ?? '').trim()
      if (!email.includes('@') || !companyName) return res.status(400).json({ error: 'email and companyName required' })
      const config = getConfig()
      const row = await createStartupApplication(
        {
          fullName: 'Ada Founder',
          email,
          companyName,
          website: null,
          yearFounded: 2024,
          employees: 3,
          revenueStage: '<$100k',
          role: null,
          why: null,
        },
        { teamEmail: config.teamEmail, brand: config.BRAND_NAME, appUrl: config.appUrl },
      )
      res.json({ ok: true, id: row.id })
    }),
  )

  // An event's programme rows through the import's own autogeneration (upsertProgrammeRow: roster
  // speaker, talk, draft session), for the event tests that do not drive the CSV import's screens.
  // Rooms are named as in the CSV; the workspace's owner is the actor. Answers each row's outcome.
  app.post(
    '/__e2e/event-programme',
    express.json(),
    track(async (req, res) => {
      const eventId = String(req.body?.eventId ?? '')
      const rows: Record<string, unknown>[] = Array.isArray(req.body?.rows) ? req.body.rows : []
      const db = getDb()
      const [event] = /^[0-9a-f-]{36}$/.test(eventId) ? await db.select().from(events).where(eq(events.id, eventId)).limit(1) : []
      if (!event) return res.status(404).json({ error: 'no such event' })
      const [owner] = await db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, event.workspaceId), eq(workspaceMembers.role, 'owner')))
        .limit(1)
      const rooms = new Map((await listRooms(event.id)).map((r) => [r.nameKey, r.id]))
      const text = (v: unknown) => (typeof v === 'string' ? v : '')
      const outcomes = await db.transaction(async (tx) => {
        const done = []
        for (const row of rows)
          done.push(
            await upsertProgrammeRow(tx, event, owner?.userId ?? event.workspaceId, {
              email: text(row.email).trim().toLowerCase(),
              name: text(row.name),
              jobTitle: text(row.jobTitle),
              company: text(row.company),
              bio: text(row.bio),
              talkTitle: text(row.talkTitle),
              talkDescription: text(row.talkDescription),
              startsAt: new Date(text(row.startsAt)),
              durationMinutes: Number(row.durationMinutes) || 30,
              roomId: rooms.get(text(row.room).trim().toLowerCase()) ?? null,
            }),
          )
        return done
      })
      purgeEventPages(event.slug)
      res.json({ ok: true, outcomes })
    }),
  )

  // A newsletter sign-up that waits `delayMs` before it writes: a handler still running after its
  // client has gone, for the shutdown test (tests/integration/server-shutdown.test.ts).
  app.post(
    '/__e2e/slow-subscribe',
    express.json(),
    track(async (req, res) => {
      const email = String(req.body?.email ?? '')
      const delayMs = Math.min(Number(req.body?.delayMs) || 0, 5_000)
      if (!email.includes('@')) return res.status(400).json({ error: 'email required' })
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      await subscribe({ email, source: 'shutdown-test' })
      res.json({ ok: true })
    }),
  )

  // A follow-up as the sender leaves it once sent (issue 32): one person of the owner's workspace
  // and their recipient row with a fresh token, for the tests of its unsubscribe and click links.
  // Answers the token (only a message would carry it) and the stored links.
  app.post(
    '/__e2e/sent-follow-up',
    express.json(),
    track(async (req, res) => {
      const email = bodyEmail(req.body)
      const to = String(req.body?.to ?? '')
        .trim()
        .toLowerCase()
      if (!email.includes('@') || !to.includes('@')) return res.status(400).json({ error: 'email and to required' })
      const db = getDb()
      const owner = await ensureUser(email)
      const [person] = await db
        .insert(contacts)
        .values({ ownerId: owner!.id, email: to, firstName: 'Grace', marketingConsent: true })
        .returning({ id: contacts.id })
      const links = ['https://ada.example/slides.pdf']
      const [followUp] = await db
        .insert(followUps)
        .values({
          ownerId: owner!.id,
          source: 'session',
          sourceId: randomUUID(),
          subject: 'The slides, as promised',
          status: 'sent',
          fromName: String(req.body?.fromName ?? 'Ada Lovelace via Lectern'),
          links,
          recipientCount: 1,
          sentCount: 1,
        })
        .returning({ id: followUps.id })
      const token = randomBytes(24).toString('base64url')
      await db.insert(followUpRecipients).values({
        followUpId: followUp!.id,
        ownerId: owner!.id,
        contactId: person!.id,
        email: to,
        batch: 0,
        status: 'sent',
        providerMessageId: randomUUID(),
        tokenHash: sha256Hex(token),
        sentAt: new Date(),
      })
      res.json({ ok: true, token, links, followUpId: followUp!.id, contactId: person!.id })
    }),
  )

  // Issue 32's kill -9 test (tests/integration/follow-up-crash.test.ts): `people` consenting people
  // at a session made by /__e2e/lead-session, written in one statement, and a follow-up to them sent
  // at once — the server's own worker then sends its batches.
  app.post(
    '/__e2e/follow-up-send',
    express.json(),
    track(async (req, res) => {
      const userId = String(req.body?.userId ?? '')
      const sessionId = String(req.body?.sessionId ?? '')
      const people = Math.min(Math.max(Number(req.body?.people) || 0, 1), 20_000)
      const db = getDb()
      const tag = randomBytes(4).toString('hex')
      await db.execute(sql`
        with people as (
          insert into contacts (owner_id, email, first_name, marketing_consent)
          select ${userId}::uuid, 'p' || g || '-' || ${tag} || '@example.com', 'Person ' || g, true
          from generate_series(1, ${people}::int) g
          returning id, email, first_name
        )
        insert into leads (session_id, owner_id, contact_id, email, first_name, marketing_consent, erase_token_hash)
        select ${sessionId}::uuid, ${userId}::uuid, id, email, first_name, true, md5(random()::text || id::text)
        from people`)
      const scope = { ownerId: userId, userId, runnerId: null }
      const followUp = await createFollowUpDraft(scope, {
        subject: 'The slides',
        bodyHtml: '<p>Hi, <a href="https://ada.example/slides.pdf">the slides</a>.</p>',
        fromName: 'Ada Lovelace',
        replyTo: null,
        source: 'session',
        sourceId: sessionId,
      })
      if (!followUp) return res.status(404).json({ error: 'no such session' })
      const started = await sendFollowUpNow(scope, followUp.id, { id: userId, email: 'e2e@example.com' }, (f) => senderFrom(f))
      res.json({ ok: started === 'started', followUpId: followUp.id, started })
    }),
  )
}
