import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { action, loader } from '~/routes/premium.speaker-profile-submissions/route'
import { call, makeRequest, signedInAs } from './utils'
import { seedSpeaker, speakerForm } from './speakers-utils'

const PATH = '/premium/speaker-profile-submissions'
type Answer = Response & {
  data: { result: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }
  init?: { status?: number }
}
const submit = async (form: Record<string, string | string[]>, cookie?: string, query = '') =>
  (await call(action, makeRequest(`${PATH}${query}`, { form, cookie }))) as unknown as Answer

describe('speaker profile submission', () => {
  it('refuses a signed-out POST with the spec message', async () => {
    const res = await submit(speakerForm())
    expect(res.init?.status).toBe(401)
    expect(res.data.result.error?.['']).toEqual(['You must be logged in to submit a profile.'])
  })

  it('sends an admin to /resources/admin', async () => {
    const { cookie } = await signedInAs('admin@example.com', 'admin')
    const res = (await call(loader, makeRequest(PATH, { cookie }))) as Response
    expect(res.headers.get('Location')).toBe('/resources/admin')
  })

  it('answers 400 with every required-field message', async () => {
    const { cookie } = await signedInAs('empty@example.com')
    const res = await submit({ bio: '<p> </p>', email: '' }, cookie)
    expect(res.init?.status).toBe(400)
    expect(res.data.result.error).toMatchObject({
      name: ['Name is required'],
      jobTitle: ['Job title is required'],
      company: ['Company is required'],
      location: ['Location is required'],
      email: ['Email is required'],
      bio: ['Bio is required'],
    })
    const bad = await submit(speakerForm({ email: 'not-an-email' }), cookie)
    expect(bad.data.result.error?.email).toEqual(['Please enter a valid email address'])
  })

  it('adds an event row without JavaScript (Conform intent) and saves nothing', async () => {
    const { cookie } = await signedInAs('rows@example.com')
    const res = await submit(
      {
        ...speakerForm(),
        __intent__: JSON.stringify({ type: 'insert', payload: { name: 'events', defaultValue: { name: '', url: '' } } }),
      },
      cookie,
    )
    expect(res.init?.status ?? 200).toBe(200)
    expect((res.data.result.initialValue?.events as unknown[]).length).toBe(2)
    expect(await getDb().select().from(speakers).where(eq(speakers.email, 'grace@speakers.example'))).toHaveLength(0)
  })

  it('saves a submission unpublished with the owner, sanitized, talks and events filtered; update stays unpublished', async () => {
    const { user, cookie } = await signedInAs('grace@example.com')
    const res = await submit(speakerForm({ bio: '<p>Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' }), cookie)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`${PATH}?created=1`)
    const [row] = await getDb().select().from(speakers).where(eq(speakers.userId, user.id))
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      isPublished: false,
      slug: 'grace-hopper-rear-admiral-us-navy-arlington-usa',
      region: 'north-america',
      topics: ['innovation'],
    })
    expect(row!.bio).toBe('<p>Hi</p>')
    expect(row!.signatureTalks).toEqual([{ title: 'Nanoseconds', description: 'What a nanosecond looks like.', tag: 'Keynote' }])
    expect(row!.eventAppearances).toEqual([{ name: 'PyCon', url: 'https://pycon.example' }])

    // An admin publishes it; the owner's next update sends it back to review.
    await getDb().update(speakers).set({ isPublished: true }).where(eq(speakers.id, row!.id))
    const updated = await submit(speakerForm({ company: 'Navy' }), cookie, `?id=${row!.id}`)
    expect(updated.status).toBe(302)
    const [after] = await getDb().select().from(speakers).where(eq(speakers.id, row!.id))
    expect(after).toMatchObject({ company: 'Navy', isPublished: false, userId: user.id })
  })

  it('gives the duplicate-slug messages with the support address', async () => {
    await seedSpeaker({ name: 'Dup Licate', jobTitle: 'CEO', company: 'Twin', location: 'Oslo' })
    const { cookie } = await signedInAs('dup@example.com')
    const res = await submit(speakerForm({ name: 'Dup Licate', jobTitle: 'CEO', company: 'Twin', location: 'Oslo' }), cookie)
    expect(res.init?.status).toBe(400)
    expect(res.data.result.error?.['']).toEqual([
      'A profile with this name already exists. Please choose a slightly different name or contact support if you believe this is your existing profile.',
      'If this is your existing profile, please contact support at admin@example.com',
    ])
  })

  it('lists only the signed-in user’s profiles, drafts included', async () => {
    const { user, cookie } = await signedInAs('lister@example.com')
    await seedSpeaker({ name: 'Mine Draft', company: 'Me' }, { userId: user.id, isPublished: false })
    await seedSpeaker({ name: 'Not Mine', company: 'Them' }, { isPublished: true })
    const res = (await call(loader, makeRequest(PATH, { cookie }))) as unknown as {
      data: { own: { name: string }[]; email: string }
    }
    expect(res.data.email).toBe('lister@example.com')
    expect(res.data.own.map((s) => s.name)).toEqual(['Mine Draft'])
  })

  it('takes the profile photo as a file without JavaScript, re-encoded; refuses a non-image', async () => {
    const { default: sharp } = await import('sharp')
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer()
    const { user, cookie } = await signedInAs('photo@example.com')
    const form = new FormData()
    for (const [k, v] of Object.entries(speakerForm({ name: 'Photo Person' })))
      for (const x of Array.isArray(v) ? v : [v]) form.append(k, x)
    form.append('profileImage', new File([png], 'me.png', { type: 'image/png' }))
    const res = (await call(action, makeRequest(PATH, { form, cookie }))) as Response
    expect(res.status).toBe(302)
    const [row] = await getDb().select().from(speakers).where(eq(speakers.userId, user.id))
    expect(row!.profileImageUrl).toMatch(/\.webp$/)

    const bad = new FormData()
    for (const [k, v] of Object.entries(speakerForm({ name: 'Text File' })))
      for (const x of Array.isArray(v) ? v : [v]) bad.append(k, x)
    bad.append('profileImage', new File(['hello'], 'me.txt', { type: 'text/plain' }))
    const refused = (await call(action, makeRequest(PATH, { form: bad, cookie }))) as unknown as Answer
    expect(refused.init?.status).toBe(400)
    expect(refused.data.result.error?.profileImageUrl?.[0]).toMatch(/^Error uploading image: /)
  })
})
