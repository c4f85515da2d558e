import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { action, loader } from '~/routes/app.profile'
import { call, makeRequest, signedInAs } from './utils'
import { seedSpeaker, speakerForm } from './speakers-utils'

// /app/profile (issue 20 §7b): the profile submissions of spec 001 §4 inside the workspace — the
// same loader and action rules as /premium/speaker-profile-submissions, coming back to /app/profile.

const PATH = '/app/profile'
type Answer = Response & { data: { result: { error?: Record<string, string[]> } }; init?: { status?: number } }

describe('/app/profile', () => {
  it('sends a signed-out visitor to log in', async () => {
    const res = (await call(loader, makeRequest(PATH)).catch((e: unknown) => e)) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toMatch(/^\/login\?/)
  })

  it('lists only the speaker’s own profiles and opens one to edit; another’s id is 404', async () => {
    const { user, cookie } = await signedInAs(`profile-${Date.now()}@example.com`)
    const mine = await seedSpeaker({ name: 'Mine Profile', company: 'Me' }, { userId: user.id, isPublished: false })
    const theirs = await seedSpeaker({ name: 'Their Profile', company: 'Them' }, { isPublished: true })
    const list = (await call(loader, makeRequest(PATH, { cookie }))) as unknown as { data: { own: { name: string }[] } }
    expect(list.data.own.map((s) => s.name)).toEqual(['Mine Profile'])
    const edit = (await call(loader, makeRequest(`${PATH}?id=${mine.id}`, { cookie }))) as unknown as {
      data: { editId: string }
    }
    expect(edit.data.editId).toBe(mine.id)
    const other = (await call(loader, makeRequest(`${PATH}?id=${theirs.id}`, { cookie }))) as unknown as Answer
    expect(other.init?.status).toBe(404)
  })

  it('saves unpublished and comes back to /app/profile; bad input is 400 by the field', async () => {
    const { user, cookie } = await signedInAs(`profile-save-${Date.now()}@example.com`)
    const bad = (await call(action, makeRequest(PATH, { form: speakerForm({ email: 'nope' }), cookie }))) as unknown as Answer
    expect(bad.init?.status).toBe(400)
    expect(bad.data.result.error?.email).toEqual(['Please enter a valid email address'])

    const res = (await call(action, makeRequest(PATH, { form: speakerForm({ name: 'Workspace Grace' }), cookie }))) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`${PATH}?created=1`)
    const [row] = await getDb().select().from(speakers).where(eq(speakers.userId, user.id))
    expect(row).toMatchObject({ name: 'Workspace Grace', isPublished: false })

    const updated = (await call(
      action,
      makeRequest(`${PATH}?id=${row!.id}`, { form: speakerForm({ name: 'Workspace Grace', company: 'Navy' }), cookie }),
    )) as Response
    expect(updated.headers.get('Location')).toBe(PATH)
    const [after] = await getDb().select().from(speakers).where(eq(speakers.id, row!.id))
    expect(after!.company).toBe('Navy')
  })
})
