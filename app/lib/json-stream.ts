import { batchStream, type CsvStreamEnd } from './csv'

// A JSON download as a byte stream through batchStream (app/lib/csv.ts), as csvStream is: one object whose
// `key` holds the records, written batch by batch as the client reads, so memory stays flat at
// any size. The file is one valid JSON document once complete.

/**
 * `{...head, [key]: [record, record, …]}` — the head's fields first, then the records pulled from
 * `batches`. `onEnd` runs once with the records that went out (before the stream closes on a
 * complete download; a failure to record fails the download); `signal` stops reading once the
 * client has gone.
 */
export function jsonStream<Row>(
  head: Record<string, unknown>,
  key: string,
  batches: AsyncGenerator<Row[]>,
  toRecord: (row: Row) => unknown,
  options: { signal?: AbortSignal; onEnd?: (end: CsvStreamEnd) => Promise<void> } = {},
): ReadableStream<Uint8Array> {
  return batchStream(
    batches,
    {
      opening: JSON.stringify({ ...head, [key]: [] }).slice(0, -2),
      batch: (rows, first) => rows.map((row, i) => `${first + i === 0 ? '' : ','}\n${JSON.stringify(toRecord(row))}`).join(''),
      closing: ']}\n',
    },
    options,
  )
}
