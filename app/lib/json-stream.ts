import type { CsvStreamEnd } from './csv'

// A JSON download as a byte stream, the twin of csvStream (app/lib/csv.ts): one object whose
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
  const opening = JSON.stringify({ ...head, [key]: [] }).slice(0, -2)
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true
            controller.enqueue(encoder.encode(opening))
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
            controller.enqueue(encoder.encode(']}\n'))
            controller.close()
            return
          }
          let out = ''
          for (const row of next.value) out += `${rows++ === 0 ? '' : ','}\n${JSON.stringify(toRecord(row))}`
          controller.enqueue(encoder.encode(out))
        } catch (error) {
          await end(false).catch(() => {})
          controller.error(error)
        }
      },
      async cancel() {
        await batches.return(undefined)
        await end(false)
      },
    },
    { highWaterMark: 0 },
  )
}
