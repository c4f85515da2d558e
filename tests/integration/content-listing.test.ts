import { beforeAll, describe, expect, it } from 'vitest'
import { createSection } from '~/models/featured-sections.server'
import { loader as newsArticle } from '~/routes/news.$slug'
import { loader as newsLoader } from '~/routes/news._index'
import { loader as resourceArticle } from '~/routes/resources.$slug'
import { loader as resourcesLoader } from '~/routes/resources._index'
import { seedPost } from './content-utils'
import { call, makeRequest } from './utils'

type Listing = Awaited<ReturnType<typeof resourcesLoader>>
const list = async (query = '') => (await call(resourcesLoader, makeRequest(`/resources${query}`))) as Listing
const titles = (l: Listing) => l.posts.map((p) => p.title).sort()

describe('public listings', () => {
  beforeAll(async () => {
    const day = (n: number) => new Date(Date.UTC(2025, 0, n))
    await seedPost({ title: 'Speaker Funnels', content: 'How to capture leads.', tags: ['Marketing', 'Events'] }, day(1))
    await seedPost(
      {
        title: 'QR code tips',
        content: 'Print it BIG on the last slide.',
        tags: ['marketing'],
        metaDescription: 'Scanning made easy',
      },
      day(2),
    )
    await seedPost({ title: 'Webinar follow-up', content: 'Email within 24 hours.', tags: ['Email', 'events '] }, day(3))
    await seedPost({ title: 'Secret draft', content: 'Not yet: capture leads', tags: ['marketing'], isPublished: false }, day(4))
    await seedPost({ title: 'Launch news', type: 'news', content: 'We launched. capture leads', tags: ['marketing'] }, day(5))
    await seedPost({ title: '100% wildcard_test', content: 'literal percent', tags: [] }, day(6))
    await createSection({
      title: 'Playbook',
      description: 'Line one\nLine two',
      page: 'resources',
      buttonLabel: 'Get it',
      buttonLink: 'https://example.com',
      icon: '/x.svg',
      sortOrder: 2,
    })
    await createSection({
      title: 'First',
      description: 'd',
      page: 'resources',
      buttonLabel: 'Go',
      buttonLink: 'https://example.com',
      icon: '/y.svg',
      sortOrder: 1,
    })
    await createSection({
      title: 'Press kit',
      description: 'd',
      page: 'news',
      buttonLabel: 'Go',
      buttonLink: 'https://example.com',
      icon: '/z.svg',
      sortOrder: 0,
    })
  })

  it('lists only published resources, newest first', async () => {
    const l = await list()
    expect(l.posts.map((p) => p.title)).toEqual(['100% wildcard_test', 'Webinar follow-up', 'QR code tips', 'Speaker Funnels'])
    expect(l.total).toBe(4)
  })

  it('searches title, content, meta description and tags, case-insensitively', async () => {
    expect(titles(await list('?q=FUNNELS'))).toEqual(['Speaker Funnels'])
    expect(titles(await list('?q=capture%20LEADS'))).toEqual(['Speaker Funnels'])
    expect(titles(await list('?q=scanning'))).toEqual(['QR code tips'])
    expect(titles(await list('?q=EMAIL'))).toEqual(['Webinar follow-up'])
    expect(titles(await list('?q=market'))).toEqual(['QR code tips', 'Speaker Funnels'])
    expect(titles(await list('?q=nothing-like-this'))).toEqual([])
  })

  it('treats LIKE wildcards in the search as literal text', async () => {
    expect(titles(await list('?q=100%25'))).toEqual(['100% wildcard_test'])
    expect(titles(await list('?q=%25'))).toEqual(['100% wildcard_test'])
    expect(titles(await list('?q=d_t'))).toEqual(['100% wildcard_test'])
  })

  it('combines selected tags with AND, ignoring case and spaces', async () => {
    expect(titles(await list('?tag=marketing'))).toEqual(['QR code tips', 'Speaker Funnels'])
    expect(titles(await list('?tag=Marketing&tag=events'))).toEqual(['Speaker Funnels'])
    expect(titles(await list('?tag=events'))).toEqual(['Speaker Funnels', 'Webinar follow-up'])
    expect(titles(await list('?tag=events&q=email'))).toEqual(['Webinar follow-up'])
    expect(titles(await list('?tag=email&tag=marketing'))).toEqual([])
  })

  it('summarises tags of published resources only', async () => {
    const l = await list()
    expect(l.tagSummary).toEqual([
      { tag: 'Events', count: 2 },
      { tag: 'Marketing', count: 2 },
      { tag: 'Email', count: 1 },
    ])
  })

  it('shows active highlight cards of the page by sort order', async () => {
    expect((await list()).cards.map((c) => c.title)).toEqual(['First', 'Playbook'])
    const news = (await call(newsLoader, makeRequest('/news'))) as Listing
    expect(news.cards.map((c) => c.title)).toEqual(['Press kit'])
    expect(news.posts.map((p) => p.title)).toEqual(['Launch news'])
  })

  it('paginates 12 a page', async () => {
    for (let i = 0; i < 20; i++)
      await seedPost({ title: `Paged item ${i}`, tags: ['paging'] }, new Date(Date.UTC(2024, 0, i + 1)))
    const first = await list('?tag=paging')
    expect(first.posts).toHaveLength(12)
    expect(first.totalPages).toBe(2)
    const second = await list('?tag=paging&page=2')
    expect(second.posts).toHaveLength(8)
    expect(second.posts[7]!.title).toBe('Paged item 0')
    expect((await list('?tag=paging&page=abc')).page).toBe(1)
  })

  it('pages through a search that matches many posts (capped count, date-ordered reads)', async () => {
    for (let i = 0; i < 90; i++)
      await seedPost(
        { title: `Dense ${i}`, content: 'common word everywhere', tags: ['dense'] },
        new Date(Date.UTC(2023, 0, 1, i)),
      )
    const first = await list('?q=EVERYWHERE')
    expect(first.posts.map((p) => p.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Dense ${89 - i}`))
    // Counted up to 5 pages ahead of page 1: 6 × 12 + 1 = 73 matches seen, so 7 pages are offered.
    expect(first.totalPages).toBe(7)
    const seventh = await list('?q=everywhere&page=7')
    expect(seventh.posts.map((p) => p.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Dense ${17 - i}`))
    expect(seventh.totalPages).toBe(8)
    const last = await list('?q=everywhere&page=8')
    expect(last.posts.map((p) => p.title)).toEqual(['Dense 5', 'Dense 4', 'Dense 3', 'Dense 2', 'Dense 1', 'Dense 0'])
    expect(last.totalPages).toBe(8)
  })

  it('serves published articles by type and slug; drafts and wrong types are 404 with the spec texts', async () => {
    const ok = (await call(resourceArticle, makeRequest('/resources/speaker-funnels'), { slug: 'speaker-funnels' })) as Awaited<
      ReturnType<typeof resourceArticle>
    >
    expect(ok.post.title).toBe('Speaker Funnels')
    expect(ok.url).toBe('http://localhost:3000/resources/speaker-funnels')
    await expect(call(resourceArticle, makeRequest('/resources/secret-draft'), { slug: 'secret-draft' })).rejects.toMatchObject({
      init: { status: 404 },
      data: { title: 'Resource Not Found', body: "The resource you're looking for doesn't exist." },
    })
    await expect(call(resourceArticle, makeRequest('/resources/launch-news'), { slug: 'launch-news' })).rejects.toMatchObject({
      init: { status: 404 },
    })
    await expect(call(newsArticle, makeRequest('/news/speaker-funnels'), { slug: 'speaker-funnels' })).rejects.toMatchObject({
      init: { status: 404 },
      data: { title: 'Article Not Found', body: "The article you're looking for doesn't exist." },
    })
  })
})
