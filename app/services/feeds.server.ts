import { getConfig } from '~/config.server'
import type { PostType } from '~/lib/constants'
import { feedInfo } from '~/lib/feeds'
import { listPublishedForFeeds } from '~/models/posts.server'
import { listPublicEventPages } from '~/models/event-pages.server'
import { listPublishedSpeakerSlugs } from '~/models/sitemap.server'

const FEED_ITEMS = 50

// Every public page of the site (spec 000 §2 "Public routes"), except the cookie-settings placeholder.
export const PUBLIC_PATHS = [
  '/',
  '/pricing',
  '/compare',
  '/product-hunt',
  '/startup-program',
  '/integrations',
  '/roadmap',
  '/event-lead-capture-ideas',
  '/our-founders-story',
  '/speakers',
  '/resources',
  '/news',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  // The public API's reference (issue 30 Deliver 5): public, server-rendered, linked from /integrations.
  '/docs/api',
] as const

export function xmlEscape(value: string) {
  return (
    value
      .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  )
}

const basePath = (type: PostType) => (type === 'resource' ? '/resources' : '/news')

export async function rssFeed(type: PostType) {
  const config = getConfig()
  const items = await listPublishedForFeeds({ type, limit: FEED_ITEMS })
  const feed = feedInfo(type, config.BRAND_NAME)
  const channelTitle = feed.title
  const link = `${config.appUrl}${basePath(type)}`
  const body = items
    .map((p) => {
      const url = `${config.appUrl}${basePath(type)}/${p.slug}`
      return `    <item>
      <title>${xmlEscape(p.title)}</title>
      <link>${xmlEscape(url)}</link>
      <guid isPermaLink="true">${xmlEscape(url)}</guid>
      <pubDate>${p.createdAt.toUTCString()}</pubDate>${p.metaDescription ? `\n      <description>${xmlEscape(p.metaDescription)}</description>` : ''}
    </item>`
    })
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xmlEscape(channelTitle)}</title>
    <link>${xmlEscape(link)}</link>
    <description>${xmlEscape(type === 'resource' ? 'Guides on capturing leads at speaking events.' : 'News and media coverage.')}</description>
    <language>en</language>
    <atom:link href="${xmlEscape(`${config.appUrl}${feed.path}`)}" rel="self" type="application/rss+xml"/>
${body}
  </channel>
</rss>
`
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=900' },
  })
}

export async function sitemap() {
  const config = getConfig()
  const [articles, speakerRows, eventPages] = await Promise.all([
    listPublishedForFeeds(),
    listPublishedSpeakerSlugs(),
    listPublicEventPages(),
  ])
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${xmlEscape(`${config.appUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`
  const lines = [
    ...PUBLIC_PATHS.map((p) => url(p)),
    ...articles.map((a) => url(`${basePath(a.type)}/${a.slug}`, a.updatedAt)),
    ...speakerRows.map((s) => url(`/speakers/${encodeURIComponent(s.slug)}`, s.updatedAt)),
    // Organisers' events (issue 23): published and archived ones, with their speakers' pages.
    ...eventPages.map((p) => url(p.path, p.updatedAt)),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${lines.join('\n')}
</urlset>
`
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=900' },
  })
}

export function robots() {
  const config = getConfig()
  const text = `User-agent: *
Allow: /
Disallow: /resources/admin
Disallow: /speakers/admin
Disallow: /admin
Disallow: /premium
Disallow: /auth
Disallow: /api
Disallow: /dev

Sitemap: ${config.appUrl}/sitemap.xml
`
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
