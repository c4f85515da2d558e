import { describe, expect, it } from 'vitest'
import { ariaSort, currencyOrder, parseSort, sortHref, sortRows, type SortColumn } from './table-sort'
import type { MoneyTotal } from './roi'

type Row = { name: string; leads: number; conversion: number | null; won: MoneyTotal[] }
const COLUMNS: SortColumn<Row>[] = [
  { key: 'name', label: 'Name', kind: 'text', value: (r) => r.name },
  { key: 'leads', label: 'Leads', kind: 'number', value: (r) => r.leads },
  { key: 'conversion', label: 'Conversion', kind: 'number', value: (r) => r.conversion },
  { key: 'won', label: 'Won', kind: 'money', value: (r) => r.won },
]
const eur = (cents: number) => ({ currency: 'EUR', cents })
const usd = (cents: number) => ({ currency: 'USD', cents })
const ROWS: Row[] = [
  { name: 'bob', leads: 3, conversion: 10, won: [usd(900)] },
  { name: 'Alice', leads: 12, conversion: null, won: [eur(500)] },
  { name: 'carol', leads: 3, conversion: 40, won: [eur(500), usd(100)] },
  { name: 'Dan 10', leads: 0, conversion: 0, won: [] },
  { name: 'Dan 9', leads: 7, conversion: 5, won: [eur(2000)] },
]
const names = (rows: Row[]) => rows.map((r) => r.name)
const FALLBACK = { sort: 'name', dir: 'asc' } as const

describe('parseSort', () => {
  it('reads a known column and direction', () => {
    expect(parseSort(new URLSearchParams('sort=leads&dir=asc'), COLUMNS, FALLBACK)).toEqual({ sort: 'leads', dir: 'asc' })
  })
  it('gives a column its first direction when none is named: numbers largest first, text A to Z', () => {
    expect(parseSort(new URLSearchParams('sort=leads'), COLUMNS, FALLBACK)).toEqual({ sort: 'leads', dir: 'desc' })
    expect(parseSort(new URLSearchParams('sort=name&dir=sideways'), COLUMNS, FALLBACK)).toEqual({ sort: 'name', dir: 'asc' })
  })
  it('falls back on an unknown column', () => {
    expect(parseSort(new URLSearchParams('sort=password&dir=desc'), COLUMNS, FALLBACK)).toEqual(FALLBACK)
  })
  it('reads a prefixed table apart from the other', () => {
    const params = new URLSearchParams('sort=name&dir=desc&speakerSort=leads&speakerDir=asc')
    expect(parseSort(params, COLUMNS, FALLBACK, 'speaker')).toEqual({ sort: 'leads', dir: 'asc' })
    expect(parseSort(params, COLUMNS, FALLBACK)).toEqual({ sort: 'name', dir: 'desc' })
  })
})

describe('sortHref and ariaSort', () => {
  const leads = COLUMNS[1]!
  it('toggles the direction of the sorted column and keeps the other table’s order', () => {
    const params = new URLSearchParams('speakerSort=name&speakerDir=asc&sort=leads&dir=desc')
    expect(sortHref(params, { sort: 'leads', dir: 'desc' }, leads, { hash: 'sessions' })).toBe(
      '?speakerSort=name&speakerDir=asc&sort=leads&dir=asc#sessions',
    )
  })
  it('starts another column in its first direction', () => {
    expect(sortHref(new URLSearchParams(), { sort: 'name', dir: 'asc' }, leads, { prefix: 'speaker' })).toBe(
      '?speakerSort=leads&speakerDir=desc',
    )
  })
  it('marks only the sorted column', () => {
    expect(ariaSort({ sort: 'leads', dir: 'desc' }, 'leads')).toBe('descending')
    expect(ariaSort({ sort: 'leads', dir: 'asc' }, 'leads')).toBe('ascending')
    expect(ariaSort({ sort: 'leads', dir: 'asc' }, 'name')).toBeUndefined()
  })
})

describe('sortRows', () => {
  it('sorts text by the locale, case-insensitively, numbers inside names as numbers', () => {
    expect(names(sortRows(ROWS, COLUMNS, { sort: 'name', dir: 'asc' }))).toEqual(['Alice', 'bob', 'carol', 'Dan 9', 'Dan 10'])
  })
  it('sorts numbers both ways; ties keep the given order', () => {
    expect(names(sortRows(ROWS, COLUMNS, { sort: 'leads', dir: 'desc' }))).toEqual(['Alice', 'Dan 9', 'bob', 'carol', 'Dan 10'])
    expect(names(sortRows(ROWS, COLUMNS, { sort: 'leads', dir: 'asc' }))).toEqual(['Dan 10', 'bob', 'carol', 'Dan 9', 'Alice'])
  })
  it('puts empty values last in either direction', () => {
    expect(names(sortRows(ROWS, COLUMNS, { sort: 'conversion', dir: 'desc' })).at(-1)).toBe('Alice')
    expect(names(sortRows(ROWS, COLUMNS, { sort: 'conversion', dir: 'asc' })).at(-1)).toBe('Alice')
  })
  it('compares money currency by currency, the table’s main currency first, never converting', () => {
    // EUR totals 3000, USD 1000: EUR decides, USD breaks the tie between Alice and carol.
    expect(currencyOrder(ROWS.map((r) => r.won))).toEqual(['EUR', 'USD'])
    expect(names(sortRows(ROWS, COLUMNS, { sort: 'won', dir: 'desc' }))).toEqual(['Dan 9', 'carol', 'Alice', 'bob', 'Dan 10'])
  })
})
