import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { emailOutbox } from '~/db/schema/jobs'
import { talks, talkSessions, type SessionQuestion } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import type { Plan } from '~/lib/plans'
import { encodeShortCode } from '~/lib/short-link'
import { issueSubmissionToken } from '~/platform/lead-tokens.server'
import { action as captureAction } from '~/routes/t.$code'
import { call, createUser, makeRequest } from './utils'

// Talks and sessions written straight to the database: the attendee side's tests do not depend on
// the speaker screens that create them.

type SessionRow = typeof talkSessions.$inferInsert

export const QUESTIONS: SessionQuestion[] = [
  { id: 'topic', kind: 'text', label: 'What should I talk about next?', required: false, options: [] },
  { id: 'role', kind: 'single', label: 'Your role', required: true, options: ['Engineering', 'Marketing', 'Sales'] },
  { id: 'interests', kind: 'multi', label: 'Interested in', required: false, options: ['Slides', 'Workshop', 'Consulting'] },
]

export async function createOwner(
  email = `speaker-${randomBytes(4).toString('hex')}@example.com`,
  options: { plan?: Plan; leadNotify?: 'instant' | 'hourly' | 'daily' | 'off'; profile?: boolean } = {},
) {
  const user = await createUser(email)
  // The account's personal workspace (made with the user, same id) holds the plan; its membership the notify mode.
  if (options.plan) await getDb().update(workspaces).set({ plan: options.plan }).where(eq(workspaces.id, user.id))
  if (options.leadNotify) {
    await getDb().update(workspaceMembers).set({ leadNotify: options.leadNotify }).where(eq(workspaceMembers.userId, user.id))
  }
  if (options.profile !== false) {
    await getDb()
      .insert(speakers)
      .values({
        slug: `ada-${randomBytes(4).toString('hex')}`,
        name: 'Ada Lovelace',
        jobTitle: 'CTO',
        company: 'Analytical Engines',
        location: 'London',
        email: 'ada@speakers.example',
        bio: '<p>Hi</p>',
        userId: user.id,
        websiteUrl: 'https://ada.example',
        isPublished: true,
      })
  }
  return user
}

export async function createLiveSession(ownerId: string, overrides: Partial<SessionRow> = {}) {
  const db = getDb()
  const [talk] = await db
    .insert(talks)
    .values({ workspaceId: ownerId, userId: ownerId, title: 'Engines of Tomorrow' })
    .returning()
  const [session] = await db
    .insert(talkSessions)
    .values({
      workspaceId: ownerId,
      userId: ownerId,
      talkId: talk!.id,
      code: encodeShortCode(randomBytes(9)),
      status: 'live',
      eventName: 'DevConf 2026',
      startsAt: new Date('2026-11-24T10:00:00Z'),
      timeZone: 'Europe/London',
      city: 'London',
      offerTitle: 'The slides',
      offerPromise: 'All 42 slides as a PDF',
      offerKind: 'url',
      offerUrl: 'https://ada.example/slides.pdf',
      fields: { company: true, jobTitle: true, phone: true, linkedin: true },
      questions: QUESTIONS,
      consentText: 'Ada will email you the slides and may follow up about this talk.',
      marketingText: 'Send me Ada’s monthly newsletter too',
      wentLiveAt: new Date(),
      ...overrides,
    })
    .returning()
  return { talk: talk!, session: session! }
}

export async function outboxTo(address: string) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, address))
}

/** The submission token from a rendered attendee page. */
export function tokenFrom(html: string) {
  const match = /name="submission" value="([^"]+)"/.exec(html)
  if (!match) throw new Error('No submission token in the page')
  return match[1]!
}

let attendees = 0
/** A fresh attendee address per call, so tests in one file never share a lead or an inbox. */
export const attendeeEmail = () => `grace-${++attendees}-${randomBytes(3).toString('hex')}@example.com`

export function validForm(token: string, overrides: Record<string, string | string[]> = {}) {
  return { submission: token, first_name: 'Grace', email: attendeeEmail(), company: 'Navy', q_role: 'Engineering', ...overrides }
}

/** An attendee's sign-up through the attendee page's action (validForm with these fields); expects its redirect. */
export async function signUp(session: { code: string; id: string }, form: Record<string, string> = {}) {
  const token = issueSubmissionToken(session.id)
  const res = (await call(captureAction, makeRequest(`/t/${session.code}`, { form: validForm(token, form) }), {
    code: session.code,
  })) as Response
  expect(res.status).toBe(303)
}
