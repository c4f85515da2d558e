import { randomBytes } from 'node:crypto'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { contacts } from '~/db/schema/people'
import { sessionViews } from '~/db/schema/talks'
import { createSession, type SessionInput } from '~/models/talk-sessions.server'
import { createTalk } from '~/models/talks.server'

// Helpers for the speaker-workspace integration tests.

/** A complete, valid session form as the browser posts it. */
export function sessionForm(talkId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    talkId,
    eventName: 'JSConf EU',
    startsAt: '2026-05-14T09:30',
    timeZone: 'Europe/Berlin',
    city: 'Berlin',
    audienceSize: '300',
    headline: '',
    offerKind: 'url',
    offerTitle: 'The slides',
    offerPromise: 'Every slide and link from the talk.',
    offerUrl: 'https://example.com/slides.pdf',
    'fields.company': 'on',
    'fields.jobTitle': 'on',
    'questions[0].kind': 'single',
    'questions[0].label': 'What is your role?',
    'questions[0].options': 'Developer\nManager',
    'questions[1].kind': '',
    'questions[2].kind': 'rating',
    'questions[2].label': 'How useful was the talk?',
    accentColor: '#4f46e5',
    consentText: 'Ada receives your details. Privacy notice: http://localhost:3000/privacy-policy',
    marketingText: 'Yes, Ada may email me about future talks.',
    ...overrides,
  }
}

export function sessionInput(talkId: string, overrides: Partial<SessionInput> = {}): SessionInput {
  return {
    talkId,
    eventName: 'DevDays',
    startsAt: new Date('2026-06-01T08:00:00Z'),
    timeZone: 'UTC',
    city: 'Vilnius',
    isOnline: false,
    audienceSize: null,
    headline: '',
    offerKind: 'none',
    offerTitle: '',
    offerPromise: '',
    offerUrl: null,
    fields: { company: true, jobTitle: false, phone: false, linkedin: false },
    questions: [],
    accentColor: '#4f46e5',
    consentText: 'Notice',
    marketingText: '',
    ...overrides,
  }
}

/** A talk and a draft session of it in the workspace, made by `userId` (its owner's personal workspace by default). */
export async function seedTalkAndSession(ownerId: string, overrides: Partial<SessionInput> = {}, userId = ownerId) {
  const talk = await createTalk({ ownerId, userId }, { title: 'Nanoseconds', abstract: '', tag: 'Keynote' })
  const session = await createSession({ ownerId, userId }, sessionInput(talk.id, overrides))
  return { talkId: talk.id, sessionId: session!.id, code: session!.code }
}

export async function seedViewsAndLeads(
  sessionId: string,
  ownerId: string,
  { scans, visits, leadCount }: { scans: number; visits: number; leadCount: number },
) {
  const views = [
    ...Array.from({ length: scans }, (_, i) => ({ sessionId, kind: 'scan' as const, visitor: `s${i}` })),
    ...Array.from({ length: visits }, (_, i) => ({ sessionId, kind: 'visit' as const, visitor: `v${i}` })),
  ]
  if (views.length) await getDb().insert(sessionViews).values(views)
  for (let i = 0; i < leadCount; i++) {
    const email = `lead${i}-${randomBytes(3).toString('hex')}@example.com`
    const [contact] = await getDb()
      .insert(contacts)
      .values({ ownerId, email, firstName: `Lead ${i}` })
      .returning()
    await getDb()
      .insert(leads)
      .values({
        sessionId,
        ownerId,
        contactId: contact!.id,
        email,
        firstName: `Lead ${i}`,
        eraseTokenHash: randomBytes(16).toString('hex'),
      })
  }
}
