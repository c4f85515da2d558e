import { describe, expect, it } from 'vitest'
import {
  canonicalSegmentQuery,
  EMPTY_LEAD_FILTERS,
  hasLeadFilters,
  parseDay,
  parseLeadFilters,
  parseLeadPage,
  serializeLeadFilters,
  type LeadFilters,
} from './lead-filters'

const SESSION = '0b6f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'
const TALK = '1b6f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5c'
const parse = (query: string) => parseLeadFilters(new URLSearchParams(query))

describe('parseLeadFilters', () => {
  it.each<[string, Partial<LeadFilters>]>([
    ['', {}],
    ['q=%20Grace%20%20Hopper%20', { q: 'Grace Hopper' }],
    ['q=a%00b', { q: 'a b' }],
    [`session=${SESSION}`, { session: SESSION }],
    [`session=${SESSION.toUpperCase()}`, { session: SESSION }],
    ['session=not-a-uuid', {}],
    [`talk=${TALK}`, { talk: TALK }],
    ['talk=1', {}],
    ['event=%20JSConf%20EU%20', { event: 'JSConf EU' }],
    ['from=2026-05-01&to=2026-05-31', { from: '2026-05-01', to: '2026-05-31' }],
    ['from=2026-05-31&to=2026-05-01', { from: '2026-05-01', to: '2026-05-31' }],
    ['from=2026-02-30', {}],
    ['from=1999-12-31', {}],
    ['to=31/05/2026', {}],
    ['status=won', { status: 'won' }],
    ['status=WON', {}],
    ['status=archived', {}],
    ['band=hot', { band: 'hot' }],
    ['band=lukewarm', {}],
    ['tag=%20VIP%20%20Lead%20', { tag: 'vip lead' }],
    ['consent=yes', { consent: 'yes' }],
    ['consent=no', { consent: 'no' }],
    ['consent=maybe', {}],
    ['booking=yes', { booking: true }],
    ['booking=1', {}],
    ['sort=name', { sort: 'name' }],
    ['sort=score', { sort: 'score' }],
    ['sort=first', { sort: 'first' }],
    ['sort=random', {}],
  ])('%s', (query, expected) => {
    expect(parse(query)).toEqual({ ...EMPTY_LEAD_FILTERS, ...expected })
  })

  it('caps long text', () => {
    expect(parse(`q=${'x'.repeat(500)}`).q).toHaveLength(100)
    expect(parse(`tag=${'x'.repeat(500)}`).tag).toHaveLength(40)
    expect(parse(`event=${'x'.repeat(500)}`).event).toHaveLength(200)
  })
})

describe('serializeLeadFilters', () => {
  it('leaves defaults out and keeps a fixed order', () => {
    expect(serializeLeadFilters(EMPTY_LEAD_FILTERS)).toBe('')
    expect(serializeLeadFilters({ ...EMPTY_LEAD_FILTERS, sort: 'name', q: 'ada', status: 'new' })).toBe(
      'q=ada&status=new&sort=name',
    )
    expect(serializeLeadFilters(EMPTY_LEAD_FILTERS, { page: 1 })).toBe('')
    expect(serializeLeadFilters(EMPTY_LEAD_FILTERS, { page: 3 })).toBe('page=3')
  })

  it.each([
    `q=ada+l&session=${SESSION}&talk=${TALK}&event=JSConf+EU&from=2026-01-01&to=2026-02-01&status=meeting&band=warm&tag=vip&consent=no&booking=yes&sort=score`,
    'q=%3D1%2B1&tag=a%26b',
  ])('round-trips %s', (query) => {
    expect(serializeLeadFilters(parse(query))).toBe(query)
  })
})

describe('segments and pages', () => {
  it.each([
    ['?status=won&junk=1&sort=last', 'status=won'],
    ['band=cold&q=', 'band=cold'],
    ['', ''],
  ])('canonicalSegmentQuery(%s) = %s', (query, expected) => {
    expect(canonicalSegmentQuery(query)).toBe(expected)
  })

  it.each([
    ['', false],
    ['sort=name', false],
    ['consent=yes', true],
    ['q=a', true],
  ])('hasLeadFilters(%s) = %s', (query, expected) => {
    expect(hasLeadFilters(parse(query))).toBe(expected)
  })

  it.each([
    ['page=2', 2],
    ['page=0', 1],
    ['page=2abc', 1],
    ['', 1],
  ])('parseLeadPage(%s) = %d', (query, expected) => {
    expect(parseLeadPage(new URLSearchParams(query))).toBe(expected)
  })

  it.each([
    ['2026-02-28', '2026-02-28'],
    ['2024-02-29', '2024-02-29'],
    ['2026-13-01', null],
    [' 2026-01-05 ', '2026-01-05'],
    [null, null],
  ])('parseDay(%s) = %s', (value, expected) => {
    expect(parseDay(value)).toBe(expected)
  })
})
