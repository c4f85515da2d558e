import type { MoneyTotal } from './roi'

// Sortable tables without JavaScript (issue 23 Deliver 7): each column header is a plain link to
// the same page with ?sort=<column>&dir=<asc|desc>, so sorting is a GET the server answers. Two
// tables on one page keep apart by a prefix on their parameters (?speakerSort=…), and each link
// keeps the other table's order. Pure: the insights pages and their CSV downloads share it, so a
// download comes in the order the table showed.

export type SortDir = 'asc' | 'desc'

/** How a column compares: text (case-insensitive, by the locale), numbers, or money per currency. */
export type SortKind = 'text' | 'number' | 'money'

export type SortColumn<T> = {
  key: string
  label: string
  kind: SortKind
  value: (row: T) => string | number | null | readonly MoneyTotal[]
}

export type TableSort = { sort: string; dir: SortDir }

/** The parameter names of a table: `sort`/`dir`, or `<prefix>Sort`/`<prefix>Dir`. */
export function sortParams(prefix = '') {
  return prefix ? { sort: `${prefix}Sort`, dir: `${prefix}Dir` } : { sort: 'sort', dir: 'dir' }
}

/** The direction a column starts in when first clicked: numbers largest first, text A to Z. */
export function firstDir(kind: SortKind): SortDir {
  return kind === 'text' ? 'asc' : 'desc'
}

/** The table's order from the query string; an unknown column or direction falls back to the default. */
export function parseSort<T>(
  params: URLSearchParams,
  columns: ReadonlyArray<SortColumn<T>>,
  fallback: TableSort,
  prefix = '',
): TableSort {
  const names = sortParams(prefix)
  const column = columns.find((c) => c.key === params.get(names.sort))
  if (!column) return fallback
  const dir = params.get(names.dir)
  return { sort: column.key, dir: dir === 'asc' || dir === 'desc' ? dir : firstDir(column.kind) }
}

/**
 * The href of a column's header: the same query with this table's order set — the other direction
 * when the table is already sorted by the column, else the column's first direction. Other
 * parameters (the other table's order) are kept.
 */
export function sortHref<T>(
  params: URLSearchParams,
  current: TableSort,
  column: SortColumn<T>,
  { prefix = '', hash = '' }: { prefix?: string; hash?: string } = {},
) {
  const names = sortParams(prefix)
  const next = new URLSearchParams(params)
  const dir = current.sort === column.key ? (current.dir === 'asc' ? 'desc' : 'asc') : firstDir(column.kind)
  next.set(names.sort, column.key)
  next.set(names.dir, dir)
  return `?${next.toString()}${hash ? `#${hash}` : ''}`
}

/** aria-sort of a header: the sorted column says its direction, the others say nothing. */
export function ariaSort(current: TableSort, key: string): 'ascending' | 'descending' | undefined {
  if (current.sort !== key) return undefined
  return current.dir === 'asc' ? 'ascending' : 'descending'
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/**
 * Money columns hold totals per currency, which are never converted, so they cannot be added up:
 * rows compare currency by currency, in the order of the currencies' totals over the whole table
 * (the table's main currency first), then by the next currency on a tie.
 */
export function currencyOrder(lists: Iterable<readonly MoneyTotal[]>): string[] {
  const totals = new Map<string, number>()
  for (const list of lists) for (const t of list) totals.set(t.currency, (totals.get(t.currency) ?? 0) + t.cents)
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency)
}

function compareMoney(a: readonly MoneyTotal[], b: readonly MoneyTotal[], order: readonly string[]) {
  for (const currency of order) {
    const x = a.find((t) => t.currency === currency)?.cents ?? 0
    const y = b.find((t) => t.currency === currency)?.cents ?? 0
    if (x !== y) return x - y
  }
  return 0
}

/**
 * The rows in the table's order. Empty values (null: a conversion with nothing to divide by) come
 * last in either direction; ties keep the rows' given order (a stable sort), so the caller's order
 * (by time, by name) settles them.
 */
export function sortRows<T>(rows: readonly T[], columns: ReadonlyArray<SortColumn<T>>, order: TableSort): T[] {
  const column = columns.find((c) => c.key === order.sort)
  if (!column) return [...rows]
  const sign = order.dir === 'asc' ? 1 : -1
  const currencies = column.kind === 'money' ? currencyOrder(rows.map((r) => column.value(r) as readonly MoneyTotal[])) : []
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index
        return a.value === null ? 1 : -1
      }
      let c = 0
      if (column.kind === 'money') c = compareMoney(a.value as MoneyTotal[], b.value as MoneyTotal[], currencies)
      else if (column.kind === 'number') c = (a.value as number) - (b.value as number)
      else c = collator.compare(String(a.value), String(b.value))
      return c !== 0 ? sign * c : a.index - b.index
    })
    .map((x) => x.row)
}
