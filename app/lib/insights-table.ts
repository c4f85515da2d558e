import type { ColumnChartModel } from './charts.server'
import { formatPercent, formatTotals, type MoneyTotal } from './roi'
import { ariaSort, sortHref, type SortColumn, type TableSort } from './table-sort'

// A sortable table as the page draws it (issue 23 Deliver 7): headers with their sort links and
// aria-sort, and each row's cells already written out, so the loader sends plain strings and the
// component needs no rules of its own (nor any JavaScript: sorting is a link).

export type TableHeader = {
  key: string
  label: string
  href: string
  sort: 'ascending' | 'descending' | undefined
  numeric: boolean
}
export type TableRow = { key: string; href: string | null; cells: string[] }
export type TableModel = { headers: TableHeader[]; rows: TableRow[] }

const count = new Intl.NumberFormat('en-US')

/** A cell as text: counts grouped, conversion in percent ("—" with nothing to divide by), money per currency. */
export function cellText<T>(column: SortColumn<T>, row: T): string {
  const value = column.value(row)
  if (column.kind === 'money') return formatTotals(value as readonly MoneyTotal[])
  if (column.key === 'conversion') return formatPercent(value as number | null)
  if (typeof value === 'number') return count.format(value)
  return value === null || value === '' ? '—' : String(value)
}

/**
 * The table of `rows` (already in order) under `params` (the page's query): each header links to the
 * other order of its column; `text` overrides how a column's cells read (a time in the event's zone);
 * `href` links a row's first cell.
 */
export function tableModel<T>(
  rows: readonly T[],
  columns: ReadonlyArray<SortColumn<T>>,
  order: TableSort,
  params: URLSearchParams,
  opts: {
    prefix?: string
    hash?: string
    rowKey: (row: T) => string
    href?: (row: T) => string | null
    text?: Partial<Record<string, (row: T) => string>>
  },
): TableModel {
  return {
    headers: columns.map((c) => ({
      key: c.key,
      label: c.label,
      href: sortHref(params, order, c, { prefix: opts.prefix, hash: opts.hash }),
      sort: ariaSort(order, c.key),
      numeric: c.kind !== 'text',
    })),
    rows: rows.map((row) => ({
      key: opts.rowKey(row),
      href: opts.href?.(row) ?? null,
      cells: columns.map((c) => opts.text?.[c.key]?.(row) ?? cellText(c, row)),
    })),
  }
}

/** A stat card of the totals. */
export type InsightStat = { label: string; value: string; hint?: string }

/** One room's chart of leads per 15 minutes, its summary in words, and its quarter hours with leads. */
export type RoomChart = {
  key: string
  roomName: string
  summary: string
  model: ColumnChartModel
  busy: Array<{ key: string; label: string; count: number }>
}
