// CSV export (lead and admin exports). RFC 4180 output that is also safe to open in a
// spreadsheet: values typed by visitors ("=HYPERLINK(…)") must not run as formulas.

export type CsvColumn<T> = { key: keyof T & string; label: string }

/** Prepend to the file for Excel, which otherwise reads UTF-8 CSV as a legacy code page. */
export const UTF8_BOM = '\uFEFF'

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/**
 * Header row of labels, then one record per row, fields in column order, CRLF after every
 * record (including the last). Fields holding a comma, double quote, CR or LF are quoted, with
 * inner quotes doubled. A text cell starting with = + - @ tab or CR gets a leading "'" so
 * spreadsheets show it as text; real numbers are left alone (-5 is data, not a formula).
 */
export function toCsv<T extends object>(rows: readonly T[], columns: ReadonlyArray<CsvColumn<T>>): string {
  return csvHeader(columns) + csvRecords(rows, columns)
}

/** The header record alone (a streamed export writes it first, then csvRecords batch by batch). */
export function csvHeader<T extends object>(columns: ReadonlyArray<CsvColumn<T>>): string {
  return `${columns.map((c) => field(c.label)).join(',')}\r\n`
}

/** Records without the header, each ending in CRLF, with the same quoting and neutralising. */
export function csvRecords<T extends object>(rows: readonly T[], columns: ReadonlyArray<CsvColumn<T>>): string {
  let out = ''
  for (const row of rows) out += `${columns.map((c) => field(row[c.key])).join(',')}\r\n`
  return out
}

function field(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return quote(String(value))
  const text = stringify(value)
  return quote(FORMULA_START.test(text) ? `'${text}` : text)
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString()
  // Lists (tags) read better as "a; b" than as JSON; the separator is not the CSV comma.
  if (Array.isArray(value)) return value.map(stringify).join('; ')
  return JSON.stringify(value) ?? ''
}

function quote(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
