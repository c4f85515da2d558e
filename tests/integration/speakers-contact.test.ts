import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakerMessages } from '~/db/schema/directory'
import { emailOutbox } from '~/db/schema/jobs'
import { action, loader } from '~/routes/speakers.$slug/route'
import { call, makeRequest } from './utils'
import { seedSpeaker } from './speakers-utils'

let slug = ''
let draftSlug = ''

const form = (overrides: Record<string, string> = {}) => ({
  senderName: 'Olive Organiser',
  senderEmail: 'olive@events.example',
  senderCompany: 'Big Conf',
  message: 'Would you keynote our conference?',
  js: '1',
  ...overrides,
})

type Answer = Response & {
  data: { sent?: boolean; speakerName?: string; result: { error: Record<string, string[]> } }
  init: { status: number }
}

async function post(body: Record<string, string>, ip = '10.0.0.1', target = slug): Promise<Answer> {
  return (await call(
    action,
    makeRequest(`/speakers/${target}?modal=contact-speaker`, { form: body, headers: { 'X-Lectern-Remote-Addr': ip } }),
    { slug: target },
  )) as unknown as Answer
}

describe('/speakers/:slug', () => {
  beforeAll(async () => {
    slug = (
      await seedSpeaker({ name: 'Sam Speaker', email: 'sam@private.example', videoEmbedUrl: 'https://youtu.be/dQw4w9WgXcQ' })
    ).slug
    draftSlug = (await seedSpeaker({ name: 'Dora Draft', email: 'dora@private.example' }, { isPublished: false })).slug
  })

  it('shows a published profile without the email and converts the video link', async () => {
    const result = (await call(loader, makeRequest(`/speakers/${slug}`), { slug })) as Awaited<ReturnType<typeof loader>>
    expect(result.speaker.name).toBe('Sam Speaker')
    expect(result.videoSrc).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ')
    expect(JSON.stringify(result)).not.toContain('sam@private.example')
  })

  it('answers 404 for unpublished or unknown slugs', async () => {
    for (const s of [draftSlug, 'nobody-here']) {
      const thrown = await call(loader, makeRequest(`/speakers/${s}`), { slug: s }).catch((e: unknown) => e)
      expect(thrown).toMatchObject({ init: { status: 404 }, data: 'Speaker not found' })
    }
  })

  it('stores the message and queues the email to the speaker with reply-to = sender, in one go', async () => {
    const res = await post(form())
    expect(res.data).toMatchObject({ sent: true, speakerName: 'Sam Speaker' })
    const [message] = await getDb().select().from(speakerMessages).where(eq(speakerMessages.senderEmail, 'olive@events.example'))
    expect(message).toMatchObject({
      senderName: 'Olive Organiser',
      senderCompany: 'Big Conf',
      message: 'Would you keynote our conference?',
    })
    const [email] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.replyTo, 'olive@events.example'))
    expect(email?.to).toBe('sam@private.example')
    expect(email?.text).toContain('Would you keynote our conference?')
  })

  it('never takes the recipient from the client', async () => {
    await post(
      form({ senderEmail: 'eve@events.example', speakerEmail: 'victim@evil.example', to: 'victim@evil.example' }),
      '10.0.0.2',
    )
    const rows = await getDb().select().from(emailOutbox).where(eq(emailOutbox.replyTo, 'eve@events.example'))
    expect(rows.map((r) => r.to)).toEqual(['sam@private.example'])
  })

  it('redirects without JavaScript (PRG) to the sent state', async () => {
    const res = await post(form({ js: '', senderEmail: 'nojs@events.example' }), '10.0.0.3')
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/speakers/${slug}?modal=contact-speaker&sent=1`)
  })

  it('validates name, email format and message (400)', async () => {
    const res = await post({ senderName: '', senderEmail: 'nope', message: '', js: '1' }, '10.0.0.4')
    expect(res.init.status).toBe(400)
    expect(res.data.result.error).toMatchObject({
      senderName: ['Full name is required'],
      senderEmail: ['Please enter a valid email address'],
      message: ['Message is required'],
    })
  })

  it('answers a filled honeypot like success and stores nothing', async () => {
    const res = await post(form({ senderEmail: 'bot@spam.example', company_website: 'http://spam.example' }), '10.0.0.5')
    expect(res.data.sent).toBe(true)
    expect(await getDb().select().from(speakerMessages).where(eq(speakerMessages.senderEmail, 'bot@spam.example'))).toHaveLength(
      0,
    )
    expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.replyTo, 'bot@spam.example'))).toHaveLength(0)
  })

  it('limits messages per IP', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await post(form({ senderEmail: `flood${i}@events.example` }), '10.9.9.9')
      statuses.push(res.init?.status ?? 200)
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
    const limited = await post(form({ senderEmail: 'flood-last@events.example' }), '10.9.9.9')
    expect(limited.data.result.error['']).toEqual(['Failed to send message. Please try again.'])
  })

  it('refuses messages to unpublished speakers', async () => {
    const res = await post(form({ senderEmail: 'x@events.example' }), '10.0.0.6', draftSlug)
    expect(res.init.status).toBe(404)
    expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, 'dora@private.example'))).toHaveLength(0)
  })
})
