import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { speakers } from '~/db/schema/directory'
import { workspaces } from '~/db/schema/workspaces'
import { action as submitAction, loader as submitLoader } from '~/routes/premium.speaker-profile-submissions/route'
import { loader as profileLoader } from '~/routes/speakers.$slug/route'
import { action as adminListAction, loader as adminListLoader } from '~/routes/speakers.admin._index'
import { action as editorAction, loader as editorLoader } from '~/routes/speakers.admin.editor'
import { call, makeRequest, signedInAs } from './utils'
import { seedSpeaker, speakerForm } from './speakers-utils'

// visitor, other speaker, owner, admin × view, edit, delete, publish.
type Who = 'visitor' | 'other' | 'owner' | 'admin'
const WHO: Who[] = ['visitor', 'other', 'owner', 'admin']

let ownerId = ''
let speakerId = ''
let slug = ''
const cookies: Partial<Record<Who, string>> = {}

beforeEach(async () => {
  const owner = await signedInAs('owner@example.com')
  ownerId = owner.user.id
  // Published profiles are public while the owner's plan lists them (Professional or Teams, docs/billing.md).
  await getDb().update(workspaces).set({ plan: 'pro' }).where(eq(workspaces.id, ownerId))
  cookies.owner = owner.cookie
  cookies.other = (await signedInAs('other@example.com')).cookie
  cookies.admin = (await signedInAs('admin@example.com', 'admin')).cookie
  await getDb().delete(speakers)
  const row = await seedSpeaker({ name: 'Owned Speaker', company: 'Own Co' }, { userId: ownerId, isPublished: false })
  speakerId = row.id
  slug = row.slug
})

const current = async () => (await getDb().select().from(speakers).where(eq(speakers.id, speakerId)))[0]
const status = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200))

describe('permission matrix', () => {
  it('view: the unpublished profile is public to nobody; the owner sees it in their area; admins in the editor', async () => {
    for (const who of WHO) {
      const r = await call(profileLoader, makeRequest(`/speakers/${slug}`, { cookie: cookies[who] }), { slug }).catch(
        (e: unknown) => e,
      )
      expect(status(r), who).toBe(404)
    }
    const own = (await call(
      submitLoader,
      makeRequest(`/premium/speaker-profile-submissions?id=${speakerId}`, { cookie: cookies.owner }),
    )) as { data: { editId: string | null } }
    expect(own.data.editId).toBe(speakerId)
    const other = (await call(
      submitLoader,
      makeRequest(`/premium/speaker-profile-submissions?id=${speakerId}`, { cookie: cookies.other }),
    )) as { data: { editId: string | null; editError: string }; init: { status: number } }
    expect(other.data.editId).toBeNull()
    expect(other.data.editError).toBe('Speaker not found or you do not have permission to edit this profile.')
    expect(other.init.status).toBe(404)
    const admin = (await call(
      editorLoader,
      makeRequest(`/speakers/admin/editor?id=${speakerId}`, { cookie: cookies.admin }),
    )) as { editId: string }
    expect(admin.editId).toBe(speakerId)
    for (const who of ['visitor', 'other', 'owner'] as const) {
      const r = (await call(
        editorLoader,
        makeRequest(`/speakers/admin/editor?id=${speakerId}`, { cookie: cookies[who] }),
      )) as Response
      expect(r.status, who).toBe(302)
      expect(r.headers.get('Location'), who).toBe(
        who === 'visitor'
          ? `/resources/admin/login?return_to=${encodeURIComponent(`/speakers/admin/editor?id=${speakerId}`)}`
          : '/premium/speaker-profile-submissions',
      )
    }
  })

  it('edit: only the owner (own area) and admins (editor)', async () => {
    const edit = (who: Who) =>
      call(
        submitAction,
        makeRequest(`/premium/speaker-profile-submissions?id=${speakerId}`, {
          cookie: cookies[who],
          form: speakerForm({ name: `Edited by ${who}` }),
        }),
      )
    expect(status(await edit('visitor'))).toBe(401)
    const other = (await edit('other')) as { data: { result: { error: Record<string, string[]> } }; init: { status: number } }
    expect(other.init.status).toBe(404)
    expect(other.data.result.error['']).toEqual(['Speaker not found or you do not have permission to edit this profile.'])
    expect((await current())!.name).toBe('Owned Speaker')
    expect(status(await edit('owner'))).toBe(302)
    expect((await current())!.name).toBe('Edited by owner')
    // The admin is sent to the admin area from the submission screen, and edits in the editor.
    expect(((await edit('admin')) as Response).headers.get('Location')).toBe('/resources/admin')
    const r = await call(
      editorAction,
      makeRequest(`/speakers/admin/editor?id=${speakerId}`, {
        cookie: cookies.admin,
        form: speakerForm({ name: 'Edited by admin', status: 'draft' }),
      }),
    )
    expect(status(r)).toBe(302)
    expect(await current()).toMatchObject({ name: 'Edited by admin', userId: ownerId })
  })

  it('publish: only admins; owners cannot publish themselves', async () => {
    await call(
      submitAction,
      makeRequest(`/premium/speaker-profile-submissions?id=${speakerId}`, {
        cookie: cookies.owner,
        form: speakerForm({ status: 'publish', publish: 'on' }),
      }),
    )
    expect((await current())!.isPublished).toBe(false)
    for (const who of ['visitor', 'other', 'owner'] as const) {
      const r = (await call(
        editorAction,
        makeRequest(`/speakers/admin/editor?id=${speakerId}`, { cookie: cookies[who], form: speakerForm({ status: 'publish' }) }),
      )) as { data: { result: { error: Record<string, string[]> } }; init: { status: number } }
      expect(r.init.status, who).toBe(403)
      expect(r.data.result.error['']).toEqual(['Access denied. Admin privileges required.'])
    }
    expect((await current())!.isPublished).toBe(false)
    await call(
      editorAction,
      makeRequest(`/speakers/admin/editor?id=${speakerId}`, { cookie: cookies.admin, form: speakerForm({ status: 'publish' }) }),
    )
    expect((await current())!.isPublished).toBe(true)
    const visible = await call(profileLoader, makeRequest(`/speakers/${(await current())!.slug}`), {
      slug: (await current())!.slug,
    })
    expect(status(visible)).toBe(200)
    await call(
      editorAction,
      makeRequest(`/speakers/admin/editor?id=${speakerId}`, { cookie: cookies.admin, form: speakerForm({ status: 'draft' }) }),
    )
    expect((await current())!.isPublished).toBe(false)
  })

  it('delete: admins only, re-checked on the server', async () => {
    for (const who of ['visitor', 'other', 'owner'] as const) {
      const r = (await call(
        adminListAction,
        makeRequest('/speakers/admin', { cookie: cookies[who], form: { intent: 'delete', id: speakerId } }),
      )) as { data: { error: string }; init: { status: number } }
      expect(r.init.status, who).toBe(403)
      expect(r.data.error).toBe('Access denied. Admin privileges required.')
      expect(await current(), who).toBeDefined()
    }
    const r = (await call(
      adminListAction,
      makeRequest('/speakers/admin', { cookie: cookies.admin, form: { intent: 'delete', id: speakerId } }),
    )) as Response
    expect(r.status).toBe(302)
    expect(await current()).toBeUndefined()
  })

  it('admin list: search, status filter, 10 a page; admin-created profiles have no owner', async () => {
    for (let i = 0; i < 11; i++) {
      const r = await call(
        editorAction,
        makeRequest('/speakers/admin/editor', {
          cookie: cookies.admin,
          form: speakerForm({ name: `Admin Made ${i}`, status: i % 2 ? 'publish' : 'draft' }),
        }),
      )
      expect(status(r)).toBe(302)
    }
    const made = await getDb().select().from(speakers).where(eq(speakers.company, 'US Navy'))
    expect(made).toHaveLength(11)
    expect(made.every((s) => s.userId === null)).toBe(true)
    type List = { total: number; speakers: { name: string }[]; pageCount: number }
    const all = (await call(adminListLoader, makeRequest('/speakers/admin', { cookie: cookies.admin }))) as List
    expect(all.total).toBe(12)
    expect(all.speakers).toHaveLength(10)
    expect(all.pageCount).toBe(2)
    const published = (await call(
      adminListLoader,
      makeRequest('/speakers/admin?status=published', { cookie: cookies.admin }),
    )) as List
    expect(published.total).toBe(5)
    const byJob = (await call(
      adminListLoader,
      makeRequest('/speakers/admin?q=rear%20admiral&status=draft', { cookie: cookies.admin }),
    )) as List
    expect(byJob.total).toBe(6)
    const byName = (await call(adminListLoader, makeRequest('/speakers/admin?q=owned', { cookie: cookies.admin }))) as List
    expect(byName.speakers.map((s) => s.name)).toEqual(['Owned Speaker'])
  })

  it('admin editor: the spec alert for missing fields and "Speaker not found"', async () => {
    const r = (await call(
      editorAction,
      makeRequest('/speakers/admin/editor', { cookie: cookies.admin, form: { name: ' ', status: 'publish' } }),
    )) as { init: { status: number }; data: { result: { error: Record<string, string[]> } } }
    expect(r.init.status).toBe(400)
    expect(r.data.result.error.name).toEqual(['Name is required'])
    const missing = await call(
      editorLoader,
      makeRequest('/speakers/admin/editor?id=00000000-0000-0000-0000-000000000000', { cookie: cookies.admin }),
    ).catch((e: unknown) => e)
    expect(missing).toMatchObject({ init: { status: 404 }, data: 'Speaker not found' })
  })
})
