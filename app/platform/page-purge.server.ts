import { purgePageCache } from './page-store.server'
import { publish, subscribe } from './live-bus.server'

// Purging the page cache of every server process (docs/decisions/0008-page-cache.md): each process
// keeps its own rendered public pages for up to PAGE_CACHE_TTL_SECONDS, so a change that must leave
// every page at once (a withdrawn testimonial, issue 33 Deliver 2) purges here and tells the others
// through the live bus. A process that lost its LISTEN connection purges once it is back, as it may
// have missed a purge; the TTL bounds whatever else goes wrong.

export const PAGE_CACHE_CHANNEL = 'page-cache'

/** Drops every cached page in this process now and in the other processes as the bus delivers it. */
export async function purgePageCacheEverywhere() {
  purgePageCache()
  await publish(PAGE_CACHE_CHANNEL, { purge: true })
}

/** Called once at start-up: purges of other processes purge this one's cache too. */
export function applyPageCachePurges() {
  return subscribe(PAGE_CACHE_CHANNEL, () => purgePageCache())
}
