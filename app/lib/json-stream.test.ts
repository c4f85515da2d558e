import { describe, expect, it } from 'vitest'
import { jsonStream } from './json-stream'

async function* batches<T>(...lists: T[][]) {
  for (const list of lists) yield list
}

async function read(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text()
}

describe('jsonStream', () => {
  it('writes one JSON document: the head, then every record of every batch, and reports the count', async () => {
    const ends: unknown[] = []
    const text = await read(
      jsonStream(
        { event: { name: 'DevConf "26"' } },
        'leads',
        batches([{ n: 1 }, { n: 2 }], [], [{ n: 3 }]),
        (r) => ({ x: r.n }),
        {
          onEnd: async (end) => void ends.push(end),
        },
      ),
    )
    expect(JSON.parse(text)).toEqual({ event: { name: 'DevConf "26"' }, leads: [{ x: 1 }, { x: 2 }, { x: 3 }] })
    expect(ends).toEqual([{ rows: 3, complete: true }])
  })

  it('an empty export is still valid JSON with an empty list', async () => {
    let rows = -1
    const text = await read(
      jsonStream({ a: 1 }, 'leads', batches<number>(), (n) => n, { onEnd: async (e) => void (rows = e.rows) }),
    )
    expect(JSON.parse(text)).toEqual({ a: 1, leads: [] })
    expect(rows).toBe(0)
  })

  it('a download the client drops is recorded as incomplete with what went out', async () => {
    const ends: unknown[] = []
    const stream = jsonStream({}, 'leads', batches([1, 2], [3]), (n) => n, { onEnd: async (end) => void ends.push(end) })
    const reader = stream.getReader()
    await reader.read()
    await reader.read()
    await reader.cancel()
    expect(ends).toEqual([{ rows: 2, complete: false }])
  })
})
