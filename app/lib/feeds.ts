import type { PostType } from './constants'

/** The RSS feed of a post type: its address and channel title (the feed and the pages' autodiscovery link). */
export function feedInfo(type: PostType, brand: string) {
  return type === 'resource'
    ? { path: '/resources/rss.xml', title: `${brand} Resources` }
    : { path: '/news/rss.xml', title: `${brand} News` }
}
