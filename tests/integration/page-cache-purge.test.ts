import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { featuredSections, posts } from '~/db/schema/content'
import { createComment, deleteComment } from '~/models/comments.server'
import { createSection, deleteSection, updateSection } from '~/models/featured-sections.server'
import { deletePost } from '~/models/posts.server'
import { createSpeaker, deleteSpeaker, updateSpeaker } from '~/models/speakers.server'
import { pageCacheGeneration, pageCacheStats, purgePageCache, storeCachedPage } from '~/platform/page-store.server'
import { loader as resourcesLoader } from '~/routes/resources._index'
import { loadArticle } from '~/services/article.server'
import { backfillContentHtml, updatePost } from '~/services/post-save.server'
import { seedPost } from './content-utils'
import { speakerInput } from './speakers-utils'
import { call, createUser, makeRequest, signedInAs } from './utils'

// Every write that changes a public page empties the page cache (docs/decisions/0008-page-cache.md),
// and post content is stored rendered beside its markdown.

function cacheSomething() {
  purgePageCache()
  const body = Buffer.from('<html></html>')
  storeCachedPage(
    '/\nUSD\nundecided',
    { status: 200, headers: [], body, gzip: body, br: body, etag: 'W/"x"', scriptHashes: [], storedAt: Date.now() },
    pageCacheGeneration(),
  )
  expect(pageCacheStats().entries).toBe(1)
}

async function expectPurgedBy(write: () => Promise<unknown>) {
  cacheSomething()
  await write()
  expect(pageCacheStats().entries).toBe(0)
}

const SECTION = {
  title: 'Card',
  description: 'A card.',
  page: 'resources' as const,
  buttonLabel: 'Go',
  buttonLink: '/pricing',
  icon: '',
  sortOrder: 1,
}

describe('page cache purge on writes', () => {
  beforeEach(() => purgePageCache())

  it('posts: create, update, delete', async () => {
    let id = ''
    await expectPurgedBy(async () => (id = (await seedPost({ title: 'Purge post' })).id))
    const post = (await getDb().select().from(posts).where(eq(posts.id, id)))[0]!
    await expectPurgedBy(() => updatePost(id, { ...post, title: 'Purge post 2' }))
    await expectPurgedBy(() => deletePost(id))
  })

  it('comments: create, delete', async () => {
    const post = await seedPost({ title: 'Purge comments' })
    const user = await createUser('purge-commenter@example.com')
    let commentId = ''
    await expectPurgedBy(async () => (commentId = (await createComment({ postId: post.id, userId: user.id, content: 'Hi' })).id))
    await expectPurgedBy(() => deleteComment(post.id, commentId))
  })

  it('speakers: create, update, delete', async () => {
    let id = ''
    await expectPurgedBy(
      async () => (id = (await createSpeaker(speakerInput({ name: 'Purge Speaker' }), { userId: null, isPublished: true })).id),
    )
    await expectPurgedBy(() => updateSpeaker(id, speakerInput({ name: 'Purge Speaker' }), { isPublished: false }))
    await expectPurgedBy(() => deleteSpeaker(id))
  })

  it('featured sections: create, update, delete', async () => {
    let id = ''
    await expectPurgedBy(async () => (id = (await createSection(SECTION)).id))
    await expectPurgedBy(() => updateSection(id, { ...SECTION, title: 'Card 2' }))
    await expectPurgedBy(() => deleteSection(id))
  })
})

describe('shared data of the listings', () => {
  beforeEach(() => purgePageCache())

  type Listing = Awaited<ReturnType<typeof resourcesLoader>>
  const cards = async (query: string, cookie?: string) =>
    ((await call(resourcesLoader, makeRequest(`/resources${query}`, { cookie }))) as Listing).cards.map((c) => c.title)

  it('reads the featured cards once for every search, and again after a section is saved', async () => {
    const { id } = await createSection({ ...SECTION, title: 'Kept card' })
    expect(await cards('?q=one')).toEqual(['Kept card'])
    // A row written behind the models' back is not seen until the next purge: the cards were kept.
    await getDb()
      .insert(featuredSections)
      .values({ ...SECTION, title: 'Unseen card', sortOrder: 2, isActive: true })
    expect(await cards('?q=two')).toEqual(['Kept card'])
    expect(await cards('', (await signedInAs('cards-reader@example.com')).cookie)).toEqual(['Kept card'])

    await updateSection(id, { ...SECTION, title: 'Renamed card' })
    expect(await cards('?q=three')).toEqual(['Renamed card', 'Unseen card'])
    await deleteSection(id)
    expect(await cards('?q=four')).toEqual(['Unseen card'])
  })
})

describe('post content rendered at save time', () => {
  it('stores the HTML on create and re-renders it on update', async () => {
    const post = await seedPost({ title: 'Rendered post', content: '## Hello\n\n[site](https://example.com)' })
    expect(post.contentHtml).toContain('<h2>Hello</h2>')
    expect(post.contentHtml).toContain('href="https://example.com"')
    const updated = await updatePost(post.id, { ...post, content: '**bold** <script>alert(1)</script>' })
    expect(updated!.contentHtml).toContain('<strong>bold</strong>')
    expect(updated!.contentHtml).not.toContain('<script')
  })

  it('renders rows without HTML at start-up, and the article serves the stored HTML', async () => {
    const post = await seedPost({ title: 'Backfilled post', content: '# Old row' })
    await getDb().update(posts).set({ contentHtml: null }).where(eq(posts.id, post.id))
    expect(await backfillContentHtml()).toBeGreaterThanOrEqual(1)
    const [row] = await getDb().select().from(posts).where(eq(posts.id, post.id))
    expect(row!.contentHtml).toBe('<h1>Old row</h1>')
    await getDb().update(posts).set({ contentHtml: '<p>stored</p>' }).where(eq(posts.id, post.id))
    const article = await loadArticle(makeRequest(`/resources/${post.slug}`), 'resource', post.slug)
    expect(article.post.contentHtml).toBe('<p>stored</p>')
    expect(article.post).not.toHaveProperty('content')
  })
})
