import { describe, expect, it } from 'vitest'
import { directoryHref, hasDirectoryFilters, readDirectoryParams, speakersFoundLine } from './directory-query'

describe('readDirectoryParams', () => {
  it('keeps only values from the spec lists', () => {
    const p = readDirectoryParams(new URLSearchParams('topic=saas&industry=cooking&region=europe&type=panel&q=%20ada%20&page=2'))
    expect(p).toEqual({ topic: 'saas', industry: null, region: 'europe', type: 'panel', q: 'ada', page: 2 })
    expect(hasDirectoryFilters(p)).toBe(true)
  })
  it('defaults to page 1 with no filters', () => {
    const p = readDirectoryParams(new URLSearchParams('page=-3'))
    expect(p.page).toBe(1)
    expect(hasDirectoryFilters(p)).toBe(false)
  })
  it('builds page links that keep the filters', () => {
    const p = readDirectoryParams(new URLSearchParams('topic=saas&q=a b'))
    expect(directoryHref(p, 3)).toBe('/speakers?q=a+b&topic=saas&page=3')
    expect(directoryHref(p, 1)).toBe('/speakers?q=a+b&topic=saas')
  })
  it('counts speakers', () => {
    expect(speakersFoundLine(1)).toBe('1 speaker found')
    expect(speakersFoundLine(12)).toBe('12 speakers found')
  })
})
