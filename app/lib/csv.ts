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

export type CsvStreamEnd = {
  /** Records written to the stream (the header not counted). */
  rows: number
  /** False when the download stopped early: the client went away or reading failed. */
  complete: boolean
}

/** How a download's bytes are written: the opening, each batch (`first` = index of its first record), the closing. */
export type BatchEncoding<Row> = {
  opening: string
  batch: (rows: readonly Row[], first: number) => string
  closing: string
}

/**
 * A download as a byte stream, the one mechanism behind the CSV and JSON exports: the opening, then
 * one chunk per batch, pulled as the client reads, so memory stays flat at any size; the closing
 * once the batches end. `onEnd` runs once with the records that actually went out; on a complete
 * download it runs before the stream closes (the audit log's row exists when the client has the last
 * byte), and if it fails, the download fails rather than go unrecorded. `signal` (the request's)
 * stops reading once the client has gone.
 */
export function batchStream<Row>(
  batches: AsyncGenerator<Row[]>,
  encoding: BatchEncoding<Row>,
  { signal, onEnd }: { signal?: AbortSignal; onEnd?: (end: CsvStreamEnd) => Promise<void> } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let started = false
  let rows = 0
  let ended = false
  const end = async (complete: boolean) => {
    if (ended) return
    ended = true
    await onEnd?.({ rows, complete })
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true
            controller.enqueue(encoder.encode(encoding.opening))
            return
          }
          if (signal?.aborted) {
            await batches.return(undefined)
            await end(false)
            controller.close()
            return
          }
          const next = await batches.next()
          if (next.done) {
            await end(true)
            if (encoding.closing) controller.enqueue(encoder.encode(encoding.closing))
            controller.close()
            return
          }
          const chunk = encoding.batch(next.value, rows)
          rows += next.value.length
          controller.enqueue(encoder.encode(chunk))
        } catch (error) {
          // What went out is still recorded; a failure to record it must not hide the first error.
          await end(false).catch(() => {})
          controller.error(error)
        }
      },
      async cancel() {
        await batches.return(undefined)
        await end(false)
      },
      // No read-ahead: a batch is read when the client asks for it, so what is counted is what it took.
    },
    { highWaterMark: 0 },
  )
}

/** A CSV download (batchStream): the BOM and header, then the records of each batch. */
export function csvStream<Row, T extends object>(
  batches: AsyncGenerator<Row[]>,
  columns: ReadonlyArray<CsvColumn<T>>,
  toRecord: (row: Row) => T,
  options: { signal?: AbortSignal; onEnd?: (end: CsvStreamEnd) => Promise<void> } = {},
): ReadableStream<Uint8Array> {
  return batchStream(
    batches,
    { opening: UTF8_BOM + csvHeader(columns), batch: (rows) => csvRecords(rows.map(toRecord), columns), closing: '' },
    options,
  )
}
