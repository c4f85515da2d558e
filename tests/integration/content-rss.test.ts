import { JSDOM } from 'jsdom'
import type { MetaDescriptor } from '@remix-run/node'
import { beforeAll, describe, expect, it } from 'vitest'
import * as newsArticle from '~/routes/news.$slug'
import * as newsList from '~/routes/news._index'
import { loader as newsRss } from '~/routes/news.rss[.]xml'
import * as resourceArticle from '~/routes/resources.$slug'
import * as resourcesList from '~/routes/resources._index'
import { loader as resourcesRss } from '~/routes/resources.rss[.]xml'
import { seedPost } from './content-utils'

// Issue 11 §6: the feeds are valid RSS 2.0 (the rules of the RSS 2.0 specification that a feed
// validator checks), and the listing and article pages advertise them (autodiscovery).

const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/
const ATOM = 'http://www.w3.org/2005/Atom'

function absolute(url: string | null | undefined) {
  try {
    return ['http:', 'https:'].includes(new URL(url ?? '').protocol)
  } catch {
    return false
  }
}

/** The problems an RSS 2.0 validator would report for this document (empty when valid). */
function rssProblems(xml: string, feedUrl: string): string[] {
  const problems: string[] = []
  let doc: Document
  try {
    doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document
  } catch {
    return ['not well-formed XML']
  }
  if (doc.getElementsByTagName('parsererror').length) return ['not well-formed XML']
  const rss = doc.documentElement
  if (rss.tagName !== 'rss' || rss.getAttribute('version') !== '2.0') problems.push('root is not <rss version="2.0">')
  const channels = [...rss.children].filter((e) => e.tagName === 'channel')
  if (channels.length !== 1) return [...problems, 'not exactly one <channel>']
  const channel = channels[0]!
  const child = (parent: Element, name: string) => [...parent.children].filter((e) => e.tagName === name)
  for (const name of ['title', 'link', 'description']) {
    if (child(channel, name).length !== 1 || !child(channel, name)[0]!.textContent?.trim())
      problems.push(`channel <${name}> missing`)
  }
  if (!absolute(child(channel, 'link')[0]?.textContent)) problems.push('channel <link> is not an absolute URL')
  const language = child(channel, 'language')[0]?.textContent
  if (language !== undefined && !/^[a-z]{2,3}(-[A-Za-z]{2,8})*$/.test(language ?? '')) problems.push('bad <language>')
  const self = [...channel.getElementsByTagNameNS(ATOM, 'link')].find((l) => l.getAttribute('rel') === 'self')
  if (!self || self.getAttribute('href') !== feedUrl || self.getAttribute('type') !== 'application/rss+xml') {
    problems.push(`atom:link rel="self" is not ${feedUrl}`)
  }
  const guids = new Set<string>()
  for (const [i, item] of child(channel, 'item').entries()) {
    if (!child(item, 'title').length && !child(item, 'description').length)
      problems.push(`item ${i}: neither title nor description`)
    const link = child(item, 'link')[0]?.textContent
    if (link !== undefined && !absolute(link)) problems.push(`item ${i}: <link> is not an absolute URL`)
    const guid = child(item, 'guid')[0]
    if (guid) {
      if (guid.getAttribute('isPermaLink') !== 'false' && !absolute(guid.textContent))
        problems.push(`item ${i}: permalink guid is not a URL`)
      if (guids.has(guid.textContent ?? '')) problems.push(`item ${i}: duplicate guid`)
      guids.add(guid.textContent ?? '')
    }
    const pubDate = child(item, 'pubDate')[0]?.textContent
    if (pubDate !== undefined && !RFC_822.test(pubDate ?? '')) problems.push(`item ${i}: pubDate "${pubDate}" is not RFC 822`)
  }
  return problems
}

const root = { id: 'root', data: { brand: 'Lectern', appUrl: 'http://localhost:3000' } }
const alternates = (descriptors: MetaDescriptor[]) =>
  descriptors.filter((d) => 'tagName' in d && d.tagName === 'link' && d.rel === 'alternate')

describe('RSS feeds', () => {
  beforeAll(async () => {
    await seedPost({ title: 'Bell \u0007 and a microphone 🎤', metaDescription: 'Ends with ]]> and <b>tags</b>' })
    await seedPost({ title: 'Second resource' })
    await seedPost({ title: 'A news item', type: 'news', metaDescription: '' })
  })

  it.each([
    ['resources', resourcesRss, 'http://localhost:3000/resources/rss.xml'],
    ['news', newsRss, 'http://localhost:3000/news/rss.xml'],
  ] as const)('the %s feed is valid RSS 2.0', async (_name, loader, feedUrl) => {
    const res = (await loader()) as Response
    expect(res.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    const xml = await res.text()
    expect(rssProblems(xml, feedUrl)).toEqual([])
    expect(xml).toContain('<item>')
  })

  it('the validator catches what it checks', () => {
    const bad = `<?xml version="1.0"?><rss version="2.0" xmlns:atom="${ATOM}"><channel><title>t</title><link>/x</link><description>d</description>
      <atom:link href="http://a/rss.xml" rel="self" type="application/rss+xml"/>
      <item><link>http://a/1</link><guid>http://a/1</guid><guid>x</guid><pubDate>2026-01-01</pubDate></item></channel></rss>`
    expect(rssProblems(bad, 'http://a/rss.xml')).toEqual([
      'channel <link> is not an absolute URL',
      'item 0: neither title nor description',
      'item 0: pubDate "2026-01-01" is not RFC 822',
    ])
    expect(rssProblems('<rss><channel>', 'x')).toEqual(['not well-formed XML'])
  })
})

describe('RSS autodiscovery', () => {
  const post = { title: 'T', slug: 't', metaTitle: '', metaDescription: '' }
  it.each([
    ['/resources', () => resourcesList.meta({ matches: [root] } as never), 'Lectern Resources', '/resources/rss.xml'],
    ['/news', () => newsList.meta({ matches: [root] } as never), 'Lectern News', '/news/rss.xml'],
    [
      'a resource',
      () => resourceArticle.meta({ matches: [root], data: { post } } as never),
      'Lectern Resources',
      '/resources/rss.xml',
    ],
    ['a news article', () => newsArticle.meta({ matches: [root], data: { post } } as never), 'Lectern News', '/news/rss.xml'],
  ])('%s advertises its feed', (_page, meta, title, path) => {
    expect(alternates(meta())).toEqual([
      { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href: `http://localhost:3000${path}` },
    ])
  })
})
