import { describe, it, expect } from 'vitest'
import { cardTags, formatUsLongDate, hashtagsFromTalks, htmlToText, tagSummary, truncate } from './text'

describe('truncate', () => {
  it('keeps text of exactly 120 characters', () => {
    const text = 'a'.repeat(120)
    expect(truncate(text)).toBe(text)
  })

  it('cuts 121 characters to 120 plus "..."', () => {
    const result = truncate('a'.repeat(121))
    expect(result).toBe(`${'a'.repeat(120)}...`)
    expect(result).toHaveLength(123)
  })

  it.each([
    ['Hello world', 5, 'Hello...'],
    ['Hello world', 6, 'Hello...'], // the dangling space is dropped
    ['Hello', 5, 'Hello'],
    ['', 5, ''],
    ['😀😀😀', 2, '😀😀...'], // code points, not halves of a pair
  ])('truncate(%j, %i) → %j', (text, max, out) => {
    expect(truncate(text, max)).toBe(out)
  })
})

describe('htmlToText', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['Line<br>break<br/>here', 'Line break here'],
    ['<ul><li>a</li><li>b</li></ul>', 'a b'],
    ['Tom &amp; Jerry &lt;3 &quot;cats&quot; &#39;n&#x27; mice&nbsp;!', 'Tom & Jerry <3 "cats" \'n\' mice !'],
    ['&lt;b&gt;not a tag&lt;/b&gt;', '<b>not a tag</b>'],
    ['<a href="x" title="a > b">link</a>', 'link'],
    ['<p>a < b and c > d</p>', 'a < b and c > d'],
    ['<!-- hidden --><p>shown</p>', 'shown'],
    ['<style>p{color:red}</style><script>alert(1)</script>text', 'text'],
    ['&unknown; &#0; &#x110000; &#128512;', '&unknown; \uFFFD \uFFFD 😀'],
    ['  <p>  spaced\n\n out  </p>  ', 'spaced out'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(htmlToText(html)).toBe(text)
  })

  it('feeds truncate for the directory card bio', () => {
    const bio = `<p>${'word '.repeat(40)}</p>`
    expect(truncate(htmlToText(bio))).toBe(`${'word '.repeat(24).trimEnd()}...`)
  })
})

describe('hashtagsFromTalks', () => {
  it.each([
    [[{ tag: 'Keynote' }], ['#keynote']],
    [
      [{ tag: 'Panel Discussion' }, { tag: 'Workshop' }],
      ['#panel', '#discussion', '#workshop'],
    ],
    [
      [{ tag: 'Panel Discussion' }, { tag: 'Fireside Chat' }],
      ['#panel', '#discussion', '#fireside'],
    ],
    [
      [{ tag: 'Keynote' }, { tag: 'keynote' }, { tag: 'KEYNOTE  talk' }],
      ['#keynote', '#talk'],
    ],
    [[{ tag: '#AI' }, { tag: '' }, { tag: null }, {}], ['#ai']],
    [[{ tag: 'Q&A Session' }], ['#q&a', '#session']],
    [[], []],
  ])('%j → %j', (talks, tags) => {
    expect(hashtagsFromTalks(talks)).toEqual(tags)
  })

  it('honours a custom maximum', () => {
    expect(hashtagsFromTalks([{ tag: 'a b c d' }], 2)).toEqual(['#a', '#b'])
  })
})

describe('tagSummary', () => {
  it('normalises case, counts posts and sorts by count then name', () => {
    const posts = [
      { tags: ['SEO', 'marketing', 'Events'] },
      { tags: ['seo', 'Marketing'] },
      { tags: ['seo ', 'events', 'ads'] },
      { tags: ['SEO', 'seo'] }, // one post counts once
      { tags: ['', '  '] },
      { tags: [] },
    ]
    expect(tagSummary(posts)).toEqual([
      { tag: 'Seo', count: 4 },
      { tag: 'Events', count: 2 },
      { tag: 'Marketing', count: 2 },
      { tag: 'Ads', count: 1 },
    ])
  })

  it('capitalises only the first letter', () => {
    expect(tagSummary([{ tags: ['LEAD-GENERATION'] }])).toEqual([{ tag: 'Lead-generation', count: 1 }])
  })
})

describe('formatUsLongDate', () => {
  it.each([
    [new Date('2025-05-10T12:00:00Z'), 'May 10, 2025'],
    ['2025-05-10T23:59:59Z', 'May 10, 2025'],
    ['2025-05-11T00:00:00+02:00', 'May 10, 2025'], // still 10 May in UTC
    [Date.UTC(2024, 0, 1), 'January 1, 2024'],
    ['not a date', ''],
  ])('%j → %j', (input, text) => {
    expect(formatUsLongDate(input)).toBe(text)
  })
})

describe('cardTags', () => {
  it.each([
    [['a', 'b', 'c'], ['a', 'b', 'c'], 0],
    [['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'], 0],
    [['a', 'b', 'c', 'd', 'e', 'f'], ['a', 'b', 'c', 'd'], 2],
    [[], [], 0],
  ])('%j → shown %j, more %i', (tags, shown, more) => {
    expect(cardTags(tags)).toEqual({ shown, more })
  })
})
