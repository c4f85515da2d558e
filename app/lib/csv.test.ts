import { describe, it, expect } from 'vitest'
import { csvStream, toCsv, type CsvStreamEnd } from './csv'

type Lead = { name: unknown; email?: unknown }
const columns = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
] as const

// The one field of a one-column, one-row file: drop the "N\r\n" header and the final CRLF.
// (Splitting on CRLF would cut quoted fields that contain one.)
const cell = (value: unknown) => toCsv<Lead>([{ name: value }], [{ key: 'name', label: 'N' }]).slice(3, -2)

describe('toCsv', () => {
  it('writes a header and CRLF-terminated records in column order', () => {
    const csv = toCsv<Lead>(
      [
        { email: 'a@example.com', name: 'Ann' },
        { name: 'Bob', email: 'b@example.com' },
      ],
      columns,
    )
    expect(csv).toBe('Name,Email\r\nAnn,a@example.com\r\nBob,b@example.com\r\n')
  })

  it('writes only the header for no rows', () => {
    expect(toCsv<Lead>([], columns)).toBe('Name,Email\r\n')
  })

  it.each([
    ['plain', 'plain'],
    ['Doe, Jane', '"Doe, Jane"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
    [42, '42'],
    [-5, '-5'], // a number is data, not a formula
    [new Date('2025-05-10T12:00:00Z'), '2025-05-10T12:00:00.000Z'],
    [['seo', 'events'], 'seo; events'],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('quotes %j as %j', (value, out) => {
    expect(cell(value)).toBe(out)
  })

  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tleading tab', "'\tleading tab"],
    ['\rleading cr', '"\'\rleading cr"'],
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ['a=b', 'a=b'],
    [' =not first', ' =not first'],
  ])('neutralises %j as %j', (value, out) => {
    expect(cell(value)).toBe(out)
  })

  it('neutralises and quotes header labels too', () => {
    expect(toCsv<Lead>([], [{ key: 'name', label: '=Name, first' }])).toBe('"\'=Name, first"\r\n')
  })
})

describe('csvStream', () => {
  const streamColumns = [{ key: 'name', label: 'Name' }] as const
  async function* batches(...lists: string[][]) {
    for (const list of lists) yield list
  }
  const open = (gen: AsyncGenerator<string[]>, signal?: AbortSignal) => {
    const ends: CsvStreamEnd[] = []
    const stream = csvStream(gen, streamColumns, (name) => ({ name }), {
      signal,
      onEnd: async (end) => {
        ends.push(end)
      },
    })
    return { stream, ends }
  }

  it('writes BOM, header and every batch, neutralised, and reports the rows once at the end', async () => {
    const { stream, ends } = open(batches(['Ann', '=1+1'], ['Bob']))
    // Response.text() would drop the BOM; keep it to see it is there.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer())
    expect(text).toBe("\uFEFFName\r\nAnn\r\n'=1+1\r\nBob\r\n")
    expect(ends).toEqual([{ rows: 3, complete: true }])
  })

  it('records the rows sent so far when the reader cancels, and when the client has gone', async () => {
    const cancelled = open(batches(['Ann'], ['Bob'], ['Cy']))
    const reader = cancelled.stream.getReader()
    await reader.read() // header
    await reader.read() // Ann
    await reader.cancel()
    expect(cancelled.ends).toEqual([{ rows: 1, complete: false }])

    const gone = new AbortController()
    const aborted = open(batches(['Ann'], ['Bob']), gone.signal)
    const r = aborted.stream.getReader()
    await r.read()
    await r.read()
    gone.abort()
    expect((await r.read()).done).toBe(true)
    expect(aborted.ends).toEqual([{ rows: 1, complete: false }])
  })

  it('fails the download when the end cannot be recorded', async () => {
    const stream = csvStream(batches(['Ann']), streamColumns, (name) => ({ name }), {
      onEnd: () => Promise.reject(new Error('database down')),
    })
    await expect(new Response(stream).text()).rejects.toThrow('database down')
  })
})
