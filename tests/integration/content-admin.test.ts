import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { posts } from '~/db/schema/content'
import { analyticsEvents } from '~/db/schema/marketing'
import { action as listAction, loader as listLoader } from '~/routes/resources.admin._index'
import { action as editorAction, loader as editorLoader } from '~/routes/resources.admin.editor/route'
import { answer, errorsOf, seedPost } from './content-utils'
import { call, makeRequest, signedInAs } from './utils'

let admin = ''
let speaker = ''

type List = Awaited<ReturnType<typeof listLoader>>
const list = async (query = '') => (await call(listLoader, makeRequest(`/resources/admin${query}`, { cookie: admin }))) as List

const postForm = (overrides: Record<string, string> = {}) => ({
  intent: 'draft',
  title: 'Lead capture at events',
  type: 'resource',
  tags: ' marketing, , lead-generation ,speaking,',
  content: '# Hello\n\nBody',
  metaTitle: '',
  metaDescription: '',
  heroImageUrl: '',
  ...overrides,
})
const save = (form: Record<string, string> | FormData, cookie = admin) =>
  call(editorAction, makeRequest('/resources/admin/editor', { form, cookie }))

async function postBySlug(slug: string) {
  const [row] = await getDb().select().from(posts).where(eq(posts.slug, slug))
  return row
}
async function events(name: string) {
  return getDb().select().from(analyticsEvents).where(eq(analyticsEvents.name, name))
}

describe('admin posts list', () => {
  beforeAll(async () => {
    admin = (await signedInAs('admin@example.com', 'admin')).cookie
    speaker = (await signedInAs('speaker@example.com', 'speaker')).cookie
    for (let i = 1; i <= 7; i++) {
      await seedPost(
        { title: `Resource ${i}`, tags: i % 2 ? ['Odd'] : ['even'], isPublished: i <= 4 },
        new Date(Date.UTC(2025, 1, i)),
      )
    }
    await seedPost({ title: 'News item', type: 'news', tags: ['odd'] }, new Date(Date.UTC(2025, 1, 20)))
  })

  it('guards the list and its actions', async () => {
    const anon = (await call(listLoader, makeRequest('/resources/admin'))) as Response
    expect(anon.headers.get('Location')).toBe('/resources/admin/login?return_to=%2Fresources%2Fadmin')
    const denied = (await call(listLoader, makeRequest('/resources/admin', { cookie: speaker }))) as Response
    expect(denied.headers.get('Location')).toBe('/premium/speaker-profile-submissions')
    const target = await postBySlug('resource-1')
    const post = (await call(
      listAction,
      makeRequest('/resources/admin', { cookie: speaker, form: { intent: 'delete', id: target!.id, confirmed: '1' } }),
    )) as Response
    expect(post.status).toBe(302)
    expect(post.headers.get('Location')).toBe('/premium/speaker-profile-submissions')
    expect(await postBySlug('resource-1')).toBeDefined()
  })

  it('pages 5 at a time, newest first, and filters by title, tag, status and type on the server', async () => {
    const first = await list()
    expect(first.posts.map((p) => p.title)).toEqual(['News item', 'Resource 7', 'Resource 6', 'Resource 5', 'Resource 4'])
    expect(first.totalPages).toBe(2)
    expect((await list('?page=2')).posts.map((p) => p.title)).toEqual(['Resource 3', 'Resource 2', 'Resource 1'])
    expect((await list('?q=RESOURCE 7')).posts.map((p) => p.title)).toEqual(['Resource 7'])
    expect((await list('?tag=odd')).total).toBe(5)
    expect((await list('?tag=odd&type=resource')).total).toBe(4)
    expect((await list('?status=draft')).posts.map((p) => p.title)).toEqual(['Resource 7', 'Resource 6', 'Resource 5'])
    expect((await list('?status=published&type=news')).posts.map((p) => p.title)).toEqual(['News item'])
    expect((await list('?status=draft')).totalPages).toBe(1)
    expect(first.tags).toEqual(['even', 'odd'])
  })

  it('asks for confirmation before deleting, then deletes and records post_deleted', async () => {
    const target = await postBySlug('resource-2')
    const ask = (await call(
      listAction,
      makeRequest('/resources/admin', {
        cookie: admin,
        form: { intent: 'delete', id: target!.id, returnTo: '/resources/admin?status=draft' },
      }),
    )) as Response
    expect(ask.headers.get('Location')).toBe(`/resources/admin?status=draft&modal=delete&id=${target!.id}`)
    expect(await postBySlug('resource-2')).toBeDefined()
    const confirmView = await list(`?modal=delete&id=${target!.id}`)
    expect(confirmView.confirm).toEqual({ id: target!.id, title: 'Resource 2' })
    const done = (await call(
      listAction,
      makeRequest('/resources/admin', {
        cookie: admin,
        form: { intent: 'delete', id: target!.id, confirmed: '1', returnTo: 'https://evil.example/' },
      }),
    )) as Response
    expect(done.headers.get('Location')).toBe('/resources/admin')
    expect(await postBySlug('resource-2')).toBeUndefined()
    expect((await events('post_deleted')).map((e) => e.props)).toContainEqual({ postId: target!.id })
  })
})

describe('post editor', () => {
  it('guards the editor loader and action', async () => {
    const anon = (await call(editorLoader, makeRequest('/resources/admin/editor'))) as Response
    expect(anon.headers.get('Location')).toContain('/resources/admin/login')
    const denied = (await save(postForm(), speaker)) as Response
    expect(denied.headers.get('Location')).toBe('/premium/speaker-profile-submissions')
    expect(await postBySlug('lead-capture-at-events')).toBeUndefined()
  })

  it('loads a post for editing, and 404 "Post not found" for unknown ids', async () => {
    const created = await seedPost({ title: 'Editable one', tags: ['a', 'b'] })
    const loaded = (await call(
      editorLoader,
      makeRequest(`/resources/admin/editor?id=${created.id}`, { cookie: admin }),
    )) as Awaited<ReturnType<typeof editorLoader>>
    expect(loaded.post).toMatchObject({ id: created.id, title: 'Editable one', tags: ['a', 'b'] })
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await expect(call(editorLoader, makeRequest(`/resources/admin/editor?id=${id}`, { cookie: admin }))).rejects.toMatchObject({
        init: { status: 404 },
        data: 'Post not found',
      })
    }
  })

  it('needs a title and content for a manual save', async () => {
    for (const form of [postForm({ title: '' }), postForm({ content: '   ' })]) {
      const res = await save(form)
      expect(answer(res).status).toBe(400)
      expect(errorsOf(res)['']).toEqual(['Title and content are required.'])
    }
  })

  it('saves a draft: slug from the title, tags split, meta title falls back to the title, post_created recorded', async () => {
    const res = (await save(postForm())) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/resources/admin')
    const row = await postBySlug('lead-capture-at-events')
    expect(row).toMatchObject({
      isPublished: false,
      tags: ['marketing', 'lead-generation', 'speaking'],
      metaTitle: 'Lead capture at events',
      metaDescription: '',
      heroImageUrl: '',
      type: 'resource',
    })
    expect((await events('post_created')).map((e) => e.props)).toContainEqual({
      title: 'Lead capture at events',
      tags: ['marketing', 'lead-generation', 'speaking'],
    })
  })

  it('publishes and updates an existing post (slug follows the title), recording post_updated', async () => {
    const row = await postBySlug('lead-capture-at-events')
    const res = (await save(
      postForm({ intent: 'publish', id: row!.id, title: 'Lead capture, revised!', metaTitle: 'Custom | Lectern', type: 'news' }),
    )) as Response
    expect(res.status).toBe(302)
    const updated = await postBySlug('lead-capture-revised')
    expect(updated).toMatchObject({ id: row!.id, isPublished: true, metaTitle: 'Custom | Lectern', type: 'news' })
    expect((await events('post_updated')).length).toBeGreaterThan(0)
    const draft = (await save(postForm({ intent: 'draft', id: row!.id, title: 'Lead capture, revised!' }))) as Response
    expect(draft.status).toBe(302)
    expect((await postBySlug('lead-capture-revised'))!.isPublished).toBe(false)
  })

  it('refuses an empty slug and a slug another post uses, as title field errors', async () => {
    const empty = await save(postForm({ title: '¿¿ ¡¡' }))
    expect(answer(empty).status).toBe(400)
    expect(errorsOf(empty).title?.[0]).toMatch(/at least one letter or number/)
    await seedPost({ title: 'Taken Title' })
    const taken = await save(postForm({ title: 'taken title!!' }))
    expect(answer(taken).status).toBe(400)
    expect(errorsOf(taken).title?.[0]).toContain('"taken-title"')
  })

  it('auto-saves: creates a new post once, then keeps editing it with the current published flag', async () => {
    const first = answer<{ ok: boolean; id: string }>(
      await save(postForm({ intent: 'autosave', title: 'Autosaved piece', published: 'on' })),
    )
    expect(first.data.ok).toBe(true)
    const again = answer<{ ok: boolean; id: string }>(
      await save(
        postForm({ intent: 'autosave', id: first.data.id, title: 'Autosaved piece', content: 'Changed', published: 'on' }),
      ),
    )
    expect(again.data.id).toBe(first.data.id)
    const rows = await getDb().select().from(posts).where(eq(posts.slug, 'autosaved-piece'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ content: 'Changed', isPublished: true })
    const bad = answer<{ ok: boolean; error: string }>(await save(postForm({ intent: 'autosave', title: '' })))
    expect(bad.status).toBe(400)
    expect(bad.data).toEqual({ ok: false, error: 'Title and content are required.' })
  })

  it('stores a hero image sent with the form (no JavaScript) and records hero_image_uploaded', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer()
    const form = new FormData()
    for (const [k, v] of Object.entries(postForm({ title: 'With hero image' }))) form.append(k, v)
    form.append('heroImage', new File([new Uint8Array(png)], 'hero.png', { type: 'image/png' }))
    const res = (await save(form)) as Response
    expect(res.status).toBe(302)
    const row = await postBySlug('with-hero-image')
    expect(row!.heroImageUrl).toMatch(/^\/uploads\/images\/\d+-hero\.webp$/)
    expect((await events('hero_image_uploaded')).map((e) => e.props)).toContainEqual({ postId: row!.id })

    const bad = new FormData()
    for (const [k, v] of Object.entries(postForm({ title: 'Bad hero' }))) bad.append(k, v)
    bad.append('heroImage', new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    const refused = await save(bad)
    expect(answer(refused).status).toBe(400)
    expect(errorsOf(refused).heroImage?.[0]).toMatch(/^Error uploading image: /)
  })

  it('refuses a hero image URL that is not ours or http(s)', async () => {
    const res = await save(postForm({ title: 'Sneaky', heroImageUrl: 'javascript:alert(1)' }))
    expect(answer(res).status).toBe(400)
    const proto = await save(postForm({ title: 'Sneaky', heroImageUrl: '//evil.example/x.png' }))
    expect(answer(proto).status).toBe(400)
  })
})
