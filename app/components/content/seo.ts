import type { MetaDescriptor } from '@remix-run/node'

export function ogImageUrl(appUrl: string, title: string) {
  return `${appUrl}/og?title=${encodeURIComponent(title)}`
}

/** Title, description, Open Graph, Twitter card and canonical link for one page (spec 000 §2). */
export function pageMeta({
  title,
  description,
  appUrl,
  path,
  type = 'website',
  imageTitle,
  feed,
}: {
  title: string
  description: string
  appUrl: string
  path: string
  type?: 'website' | 'article'
  imageTitle: string
  /** The RSS feed this page belongs to, advertised for feed readers (autodiscovery). */
  feed?: { path: string; title: string }
}): MetaDescriptor[] {
  const url = `${appUrl}${path}`
  const image = ogImageUrl(appUrl, imageTitle)
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(feed
      ? [{ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: feed.title, href: `${appUrl}${feed.path}` }]
      : []),
  ]
}
