import { describe, expect, it } from 'vitest'
import { feedInfo } from './feeds'

describe('feedInfo', () => {
  it.each([
    ['resource', '/resources/rss.xml', 'Lectern Resources'],
    ['news', '/news/rss.xml', 'Lectern News'],
  ] as const)('%s → %s, "%s"', (type, path, title) => {
    expect(feedInfo(type, 'Lectern')).toEqual({ path, title })
  })
})
