import { describe, expect, it } from 'vitest'
import { formatMean, quotedName, ratingDistribution, ratingMean, responseRate } from './feedback-report'

describe('responseRate', () => {
  it.each([
    [0, 0, null, false],
    [3, 12, 25, false],
    [12, 12, 100, false],
    // More answers than counted visitors (alike phones on one network): never over 100%.
    [5, 3, 100, true],
  ])('%i responses of %i visitors → %s%%', (responses, visitors, percent, floored) => {
    expect(responseRate(responses, visitors)).toMatchObject({ percent, floored })
  })
  it('rounds to a whole percent', () => {
    expect(responseRate(1, 3).percent).toBe(33)
    expect(responseRate(2, 3).percent).toBe(67)
    expect(responseRate(1, 8).percent).toBe(13)
  })
  it('is the same figure for one session given alone or in a list', () => {
    for (const [responses, visitors] of [
      [0, 0],
      [3, 12],
      [5, 3],
      [2, 3],
    ] as const) {
      expect(responseRate([{ responses, visitors }])).toEqual(responseRate(responses, visitors))
    }
  })
  it('over several sessions adds up each session’s people, floor taken per session', () => {
    // 5 answers of 3 counted visitors count as 5 people; with 1 of 15 elsewhere: 6 ÷ 20 = 30%, not 6 ÷ 18.
    expect(
      responseRate([
        { responses: 5, visitors: 3 },
        { responses: 1, visitors: 15 },
      ]),
    ).toEqual({
      percent: 30,
      people: 20,
      floored: true,
    })
    expect(
      responseRate([
        { responses: 2, visitors: 10 },
        { responses: 3, visitors: 10 },
      ]),
    ).toEqual({
      percent: 25,
      people: 20,
      floored: false,
    })
    expect(responseRate([])).toEqual({ percent: null, people: 0, floored: false })
    expect(
      responseRate([
        { responses: 0, visitors: 0 },
        { responses: 0, visitors: 4 },
      ]).percent,
    ).toBe(0)
  })
})

describe('ratingDistribution', () => {
  it('lists 5 down to 1 with counts and whole shares', () => {
    expect(ratingDistribution({ 5: 6, 4: 3, 1: 1 })).toEqual([
      { rating: 5, label: '5 stars', count: 6, percent: 60 },
      { rating: 4, label: '4 stars', count: 3, percent: 30 },
      { rating: 3, label: '3 stars', count: 0, percent: 0 },
      { rating: 2, label: '2 stars', count: 0, percent: 0 },
      { rating: 1, label: '1 star', count: 1, percent: 10 },
    ])
  })
  it('is all zero without answers', () => {
    expect(ratingDistribution({}).map((r) => r.percent)).toEqual([0, 0, 0, 0, 0])
  })
})

describe('ratingMean', () => {
  it.each([
    [{}, null, 'No ratings yet'],
    [{ 5: 1 }, 5, '5.0 of 5 (1 rating)'],
    [{ 5: 2, 4: 1 }, 4.7, '4.7 of 5 (3 ratings)'],
    [{ 1: 1, 2: 1 }, 1.5, '1.5 of 5 (2 ratings)'],
  ])('%j → %s', (counts, mean, text) => {
    expect(ratingMean(counts)).toBe(mean)
    const n = Object.values(counts).reduce((a: number, b) => a + (b ?? 0), 0)
    expect(formatMean(ratingMean(counts), n)).toBe(text)
  })
})

describe('quotedName', () => {
  const ana = { firstName: ' Ana ', jobTitle: 'CTO', company: 'Acme' }
  it.each([
    [['name'], 'Ana'],
    [['name', 'title'], 'Ana, CTO'],
    [['name', 'company'], 'Ana, Acme'],
    [['name', 'title', 'company'], 'Ana, CTO at Acme'],
  ] as const)('%j → %s', (parts, text) => {
    expect(quotedName(ana, parts)).toBe(text)
  })
  it('never shows a part that was not permitted, and skips a permitted one the capture lacks', () => {
    expect(quotedName({ firstName: 'Bo', jobTitle: 'CFO', company: null }, ['name', 'company'])).toBe('Bo')
    expect(quotedName({ firstName: 'Bo', jobTitle: '', company: 'Initech' }, ['name', 'title', 'company'])).toBe('Bo, Initech')
  })
})
