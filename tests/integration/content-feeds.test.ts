import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { loader as newsRss } from '~/routes/news.rss[.]xml'
import { loader as og } from '~/routes/og'
import { loader as resourcesRss } from '~/routes/resources.rss[.]xml'
import { loader as robots } from '~/routes/robots[.]txt'
import { loader as sitemap } from '~/routes/sitemap[.]xml'
import { seedPost } from './content-utils'
import { seedSpeaker } from './speakers-utils'
import { call, makeRequest } from './utils'

describe('feeds, sitemap, robots and OG images', () => {
  beforeAll(async () => {
    await seedPost({ title: 'Tips & <tricks>', metaDescription: 'Scan "fast" & win' })
    await seedPost({ title: 'Hidden draft', isPublished: false })
    await seedPost({ title: 'Press release', type: 'news' })
    await seedSpeaker({ name: 'Pat Public' })
    await seedSpeaker({ name: 'Dana Draft', email: 'dana@example.com' }, { isPublished: false })
  })

  it('sitemap lists public pages, published articles and published speakers only', async () => {
    const res = (await sitemap()) as Response
    expect(res.headers.get('Content-Type')).toContain('application/xml')
    const xml = await res.text()
    for (const path of [
      '/',
      '/pricing',
      '/speakers',
      '/resources',
      '/news',
      '/roadmap',
      '/docs/api',
      '/resources/tips-tricks',
      '/news/press-release',
    ]) {
      expect(xml).toContain(`<loc>http://localhost:3000${path === '/' ? '/' : path}</loc>`)
    }
    expect(xml).toMatch(/<loc>http:\/\/localhost:3000\/speakers\/pat-public[^<]*<\/loc>/)
    expect(xml).not.toContain('hidden-draft')
    expect(xml).not.toContain('dana-draft')
    expect(xml).not.toContain('/resources/admin')
  })

  it('RSS feeds carry published posts of their type, XML-escaped', async () => {
    const xml = await ((await resourcesRss()) as Response).text()
    expect(xml).toContain('<title>Tips &amp; &lt;tricks&gt;</title>')
    expect(xml).toContain('<description>Scan &quot;fast&quot; &amp; win</description>')
    expect(xml).not.toContain('Press release')
    expect(xml).not.toContain('Hidden draft')
    const news = await ((await newsRss()) as Response).text()
    expect(news).toContain('<link>http://localhost:3000/news/press-release</link>')
  })

  it('robots.txt points at the sitemap and keeps crawlers out of admin areas', async () => {
    const text = await ((await robots()) as Response).text()
    expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml')
    expect(text).toContain('Disallow: /resources/admin')
  })

  it('renders a cacheable 1200×630 PNG for a title', async () => {
    const res = (await call(og, makeRequest('/og?title=Lead%20capture%20that%20works'))) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('Cache-Control')).toContain('max-age=86400')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([1200, 630])
  })

  it('renders one new title asked for several times at once (the disk cache is written once, none fails)', async () => {
    const path = `/og?title=${encodeURIComponent(`Asked at once ${Math.random()}`)}`
    const answers = (await Promise.all(Array.from({ length: 4 }, () => call(og, makeRequest(path))))) as Response[]
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200])
  })
})
