import { describe, expect, it } from 'vitest'
import {
  BODY_ERRORS,
  DEFAULT_FORM_MAX_BYTES,
  readForm,
  readJson,
  RequestBodyError,
  stripControlCharacters,
} from './request-body.server'

const URL_ = 'http://localhost:3000/contact'

function post(body: BodyInit | null, contentType: string | null, headers: Record<string, string> = {}) {
  const h = new Headers(headers)
  if (contentType) h.set('Content-Type', contentType)
  return new Request(URL_, { method: 'POST', body, headers: h, duplex: 'half' } as RequestInit)
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof RequestBodyError)
      return { status: error.status, reason: error.reason, type: error.headers.get('Content-Type') }
    throw error
  }
  throw new Error('expected a refusal')
}

/** A body that arrives in chunks with no Content-Length, like a chunked upload. */
function chunked(chunks: number, size: number) {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= chunks) return controller.close()
      controller.enqueue(new Uint8Array(size).fill(0x61))
    },
  })
}

const MULTIPART = 'multipart/form-data; boundary=XyZ'
const part = (name: string, value: string, filename?: string) =>
  `--XyZ\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`

describe('readForm', () => {
  it('reads a urlencoded form', async () => {
    const form = await readForm(post('name=Ada+Lovelace&note=caf%C3%A9%0Aline', 'application/x-www-form-urlencoded'))
    expect(form.get('name')).toBe('Ada Lovelace')
    expect(form.get('note')).toBe('café\nline')
  })

  it.each([
    ['no content type', null, 'a=1'],
    ['JSON', 'application/json', '{"a":1}'],
    ['text', 'text/plain', 'a=1'],
    ['multipart where files are not accepted', MULTIPART, `${part('a', '1')}--XyZ--\r\n`],
  ])('refuses %s with 415', async (_name, type, body) => {
    expect(await refusal(readForm(post(body, type)))).toMatchObject({ status: 415, reason: BODY_ERRORS.unsupportedType })
  })

  it.each([
    ['a broken escape', 'a=%zz'],
    ['an escape of invalid UTF-8', 'a=%ff%fe'],
  ])('refuses %s with 400', async (_name, body) => {
    expect(await refusal(readForm(post(body, 'application/x-www-form-urlencoded')))).toMatchObject({ status: 400 })
  })

  it('refuses raw bytes that are not UTF-8 with 400', async () => {
    const body = new Uint8Array([0x61, 0x3d, 0xff, 0xfe])
    expect(await refusal(readForm(post(body, 'application/x-www-form-urlencoded')))).toMatchObject({ status: 400 })
  })

  it('strips NUL and other control characters but keeps tab, CR and LF', async () => {
    const form = await readForm(post('a=x%00y%07z%09%0D%0Aw%7F&b%00=1', 'application/x-www-form-urlencoded'))
    expect(form.get('a')).toBe('xyz\t\r\nw')
    expect(form.get('b')).toBe('1')
    expect(stripControlCharacters('\u0000\u001f\u000b\u000c ok')).toBe(' ok')
  })

  it('refuses a repeated field unless the route declares it multiple', async () => {
    const body = 'email=a%40x.io&email=b%40x.io'
    expect(await refusal(readForm(post(body, 'application/x-www-form-urlencoded')))).toMatchObject({
      status: 400,
      reason: BODY_ERRORS.repeated('email'),
    })
    const form = await readForm(post('topics=a&topics=b', 'application/x-www-form-urlencoded'), { multiple: ['topics'] })
    expect(form.getAll('topics')).toEqual(['a', 'b'])
  })

  it('refuses a declared length over the limit with 413, reading the body only to discard it', async () => {
    const request = post('a=1', 'application/x-www-form-urlencoded', { 'Content-Length': String(DEFAULT_FORM_MAX_BYTES + 1) })
    expect(await refusal(readForm(request))).toMatchObject({ status: 413, reason: BODY_ERRORS.tooLarge(DEFAULT_FORM_MAX_BYTES) })
    // Drained (a browser cut off mid-upload reports a reset instead of the 413), never parsed.
    expect(request.bodyUsed).toBe(true)
  })

  it('counts a chunked body while reading and stops at the limit', async () => {
    expect(
      await refusal(readForm(post(chunked(100, 1024), 'application/x-www-form-urlencoded'), { maxBytes: 10 * 1024 })),
    ).toMatchObject({
      status: 413,
      reason: 'The form is too large: the limit is 10 KB.',
    })
    const form = await readForm(post(chunked(2, 1024), 'application/x-www-form-urlencoded'), { maxBytes: 10 * 1024 })
    expect(String(form.get('a'.repeat(2048)))).toBe('')
  })

  it('answers JSON when the client asks for it', async () => {
    const request = post('{}', 'application/json', { Accept: 'application/json' })
    const error = (await readForm(request).catch((e: unknown) => e)) as RequestBodyError
    expect(error.status).toBe(415)
    expect(await error.json()).toEqual({ error: BODY_ERRORS.unsupportedType })
  })

  describe('with files', () => {
    const files = { maxFileBytes: 1024 }

    it('reads multipart fields and files, cleaning names and values', async () => {
      const body = `${part('title', 'Hi\u0000there')}${part('icon', '<svg/>', 'a\u0001.svg')}--XyZ--\r\n`
      const form = await readForm(post(body, MULTIPART), { files })
      expect(form.get('title')).toBe('Hithere')
      const file = form.get('icon') as File
      expect(file.name).toBe('a.svg')
      expect(await file.text()).toBe('<svg/>')
    })

    it('refuses a file over its limit with 413', async () => {
      const body = `${part('icon', 'x'.repeat(2048), 'a.svg')}--XyZ--\r\n`
      expect(await refusal(readForm(post(body, MULTIPART), { files }))).toMatchObject({
        status: 413,
        reason: BODY_ERRORS.fileTooLarge(1024),
      })
    })

    it('an oversized file keeps the rest of the form and its field name for the route to answer by', async () => {
      const body = `${part('title', 'Kept')}${part('icon', 'x'.repeat(2048), 'a.svg')}${part('after', 'Also kept')}--XyZ--\r\n`
      const error = (await readForm(post(body, MULTIPART), { files }).catch((e: unknown) => e)) as RequestBodyError
      expect(error.status).toBe(413)
      expect(error.oversizedFile?.field).toBe('icon')
      expect(error.oversizedFile?.form.get('title')).toBe('Kept')
      expect(error.oversizedFile?.form.get('after')).toBe('Also kept')
      expect(error.oversizedFile?.form.get('icon')).toBeNull()
    })

    it('refuses a body over the whole limit with 413 while streaming', async () => {
      expect(await refusal(readForm(post(chunked(100, 1024), MULTIPART), { files, maxBytes: 4096 }))).toMatchObject({
        status: 413,
      })
    })

    it.each([
      ['no boundary', 'multipart/form-data', `${part('a', '1')}--XyZ--\r\n`],
      ['a wrong boundary', 'multipart/form-data; boundary=other', `${part('a', '1')}--XyZ--\r\n`],
      ['no body', MULTIPART, null],
      ['a truncated part', MULTIPART, `--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nhalf a val`],
      ['no closing delimiter', MULTIPART, part('a', '1')],
    ])('refuses multipart with %s with 400', async (_name, type, body) => {
      expect(await refusal(readForm(post(body, type), { files }))).toMatchObject({ status: 400 })
    })

    it('still reads urlencoded forms', async () => {
      expect((await readForm(post('a=1', 'application/x-www-form-urlencoded'), { files })).get('a')).toBe('1')
    })
  })
})

describe('readJson', () => {
  it('reads JSON and strips control characters from strings', async () => {
    expect(await readJson(post('{"a":"x\\u0000y","b\\u0001":[1,"\\u0007"]}', 'application/json'))).toEqual({
      a: 'xy',
      b: [1, ''],
    })
  })

  it('accepts text/plain only when allowed (sendBeacon)', async () => {
    expect(await refusal(readJson(post('{}', 'text/plain')))).toMatchObject({ status: 415 })
    expect(await readJson(post('{"a":1}', 'text/plain;charset=UTF-8'), { allowTextPlain: true })).toEqual({ a: 1 })
  })

  it('refuses JSON nested deeper than 100 levels with 400, not a stack overflow', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    expect(await refusal(readJson(post(deep(1_000), 'application/json')))).toMatchObject({
      status: 400,
      reason: BODY_ERRORS.nestedTooDeep,
    })
    // Deeper still, JSON.parse itself gives up: the same 400, never a RangeError.
    expect(await refusal(readJson(post(deep(30_000), 'application/json')))).toMatchObject({ status: 400 })
    expect(await readJson(post(deep(100), 'application/json'))).toBeInstanceOf(Array)
    expect(await refusal(readJson(post(deep(101), 'application/json')))).toMatchObject({ status: 400 })
    expect(await readJson(post('{"a":{"b":[{"c":"x\\u0000"}]}}', 'application/json'))).toEqual({ a: { b: [{ c: 'x' }] } })
  })

  it('refuses broken JSON with 400 and a large body with 413', async () => {
    expect(await refusal(readJson(post('{not json', 'application/json')))).toMatchObject({
      status: 400,
      reason: BODY_ERRORS.unreadableJson,
    })
    expect(await refusal(readJson(post(chunked(10, 1024), 'application/json'), { maxBytes: 1024 }))).toMatchObject({
      status: 413,
    })
  })
})
