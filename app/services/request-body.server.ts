import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'

// The one place a request body is read (ARCHITECTURE decision 18, docs/decisions/0007-request-body-boundary.md).
// Every action goes through readForm/readJson; eslint refuses request.formData()/json()/text() elsewhere.
// Anything malformed ends here as a thrown 4xx Response with a sentence a person can act on:
//   wrong or missing content type → 415, unreadable body → 400, over the route's limit → 413,
//   a single-value field sent twice → 400. Control characters other than tab/CR/LF are stripped
//   from every name and value, so no NUL ever reaches Postgres.

/** Limit for a plain urlencoded form when the route declares none: room for a long message, not a flood. */
export const DEFAULT_FORM_MAX_BYTES = 64 * 1024
/** Multipart framing and the text fields that ride along with a file. */
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024

export type ReadFormOptions = {
  /** Whole-body limit in bytes, counted while streaming. Default: 64 KB, or the file limit plus 256 KB with files. */
  maxBytes?: number
  /** Accept multipart/form-data with files, each at most maxFileBytes. Without it only urlencoded forms are read. */
  files?: { maxFileBytes: number }
  /** Field names that may repeat (checkbox groups, multi-selects). Any other name sent twice → 400. */
  multiple?: readonly string[]
}

export const BODY_ERRORS = {
  unsupportedType: 'This form must be sent as a web form (application/x-www-form-urlencoded).',
  unsupportedTypeFiles: 'This form must be sent as a web form (multipart/form-data or application/x-www-form-urlencoded).',
  unsupportedJson: 'Send the request as JSON (application/json).',
  unreadable: 'The form could not be read. Please reload the page and try again.',
  unreadableJson: 'The request body is not valid JSON.',
  nestedTooDeep: 'The request body is nested too deeply: at most 100 levels of arrays and objects.',
  tooLarge: (maxBytes: number) => `The form is too large: the limit is ${formatBytes(maxBytes)}.`,
  fileTooLarge: (maxBytes: number) => `The file is too large: the limit is ${formatBytes(maxBytes)}.`,
  repeated: (name: string) => `The field "${name}" was sent more than once.`,
} as const

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/** Removes NUL and the other control characters a form field never needs (tab, CR and LF stay). */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '')
}

export function hasControlCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return /[\u0000-\u001F\u007F]/.test(value)
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

/**
 * The thrown 4xx for a refused body: JSON `{ error }` when the client asks for JSON, else the plain
 * sentence, which the route's ErrorBoundary shows with a way back to the form. `reason` lets a route
 * that answers in its own shape (a JSON API, a form that shows the message by a field) reuse the sentence.
 */
export class RequestBodyError extends Response {
  readonly reason: string
  /**
   * A file over its limit: the field it came in and the rest of the form, read in full, so a route
   * can answer 413 with its own message by that field and keep what the person typed.
   */
  oversizedFile?: { field: string; form: FormData }
  constructor(status: 400 | 413 | 415, reason: string, json: boolean) {
    const headers = new Headers({ 'Cache-Control': 'no-store' })
    headers.set('Content-Type', json ? 'application/json' : 'text/plain; charset=utf-8')
    super(json ? JSON.stringify({ error: reason }) : reason, { status, headers })
    this.reason = reason
  }
}

// How much of a refused body is still read (and thrown away) so the client gets to read the 4xx:
// a browser that is cut off mid-upload reports a connection reset, never the answer. The server's
// ceiling (REQUEST_BODY_CEILING_BYTES) refuses anything larger before it gets here.
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024

/** Reads and discards what is left of a body (up to the drain limit), so the answer can be read. */
async function drain(body: ReadableStream<Uint8Array> | null) {
  if (!body || body.locked) return
  const reader = body.getReader()
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      total += value.byteLength
      if (total > DRAIN_LIMIT_BYTES) {
        await reader.cancel()
        return
      }
    }
  } catch {
    // The client went away: nothing left to answer.
  }
}

export function bodyErrorResponse(request: Request, status: 400 | 413 | 415, message: string): RequestBodyError {
  return new RequestBodyError(status, message, wantsJson(request))
}

function wantsJson(request: Request) {
  return (request.headers.get('Accept') ?? '').includes('application/json')
}

function mediaType(request: Request) {
  return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/** Reads a form post (urlencoded; multipart only when `files` is given). Throws a 4xx Response when malformed. */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const type = mediaType(request)
  const maxBytes =
    options.maxBytes ?? (options.files ? options.files.maxFileBytes + MULTIPART_OVERHEAD_BYTES : DEFAULT_FORM_MAX_BYTES)
  let formData: FormData
  if (type === 'application/x-www-form-urlencoded') {
    const bytes = await readBytes(request, maxBytes)
    const parsed = parseUrlEncoded(bytes)
    if (!parsed) throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadable)
    formData = parsed
  } else if (type === 'multipart/form-data' && options.files) {
    try {
      formData = await readMultipart(request, maxBytes, options.files.maxFileBytes)
    } catch (error) {
      // The rest of a form with an oversized file is cleaned like any other.
      if (error instanceof RequestBodyError && error.oversizedFile) {
        error.oversizedFile.form = cleanFormData(request, error.oversizedFile.form, options.multiple ?? [])
      }
      throw error
    }
  } else {
    throw bodyErrorResponse(request, 415, options.files ? BODY_ERRORS.unsupportedTypeFiles : BODY_ERRORS.unsupportedType)
  }
  return cleanFormData(request, formData, options.multiple ?? [])
}

/**
 * Reads a JSON body (application/json; `text/plain` too when allowed, which is what navigator.sendBeacon
 * sends for a string). Control characters are stripped from every string in it.
 */
export async function readJson(
  request: Request,
  options: { maxBytes?: number; allowTextPlain?: boolean } = {},
): Promise<unknown> {
  const type = mediaType(request)
  if (type !== 'application/json' && !(options.allowTextPlain && type === 'text/plain')) {
    throw bodyErrorResponse(request, 415, BODY_ERRORS.unsupportedJson)
  }
  const bytes = await readBytes(request, options.maxBytes ?? DEFAULT_FORM_MAX_BYTES)
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadableJson)
  }
  return cleanJson(request, value)
}

/**
 * A JSON body that may be absent (the public API: a POST that takes no fields may come with none, and
 * no Content-Type): no bytes → undefined; otherwise as readJson, the type checked once there is a body.
 */
export async function readOptionalJson(request: Request, options: { maxBytes: number }): Promise<unknown> {
  const bytes = await readBytes(request, options.maxBytes)
  if (bytes.byteLength === 0) return undefined
  if (mediaType(request) !== 'application/json') throw bodyErrorResponse(request, 415, BODY_ERRORS.unsupportedJson)
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadableJson)
  }
  return cleanJson(request, value)
}

/**
 * The body exactly as sent, as UTF-8 text (a webhook's signature covers these bytes: nothing is
 * parsed or cleaned). Throws a 413 Response over `maxBytes`.
 */
export async function readRawText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder('utf-8').decode(await readBytes(request, maxBytes))
}

/** The content type a body was sent with, for routes that accept either a form or JSON. */
export function bodyKind(request: Request): 'form' | 'json' | 'text' | 'other' {
  const type = mediaType(request)
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') return 'form'
  if (type === 'application/json') return 'json'
  if (type === 'text/plain') return 'text'
  return 'other'
}

function tooLarge(request: Request, maxBytes: number) {
  return bodyErrorResponse(request, 413, BODY_ERRORS.tooLarge(maxBytes))
}

function declaredLength(request: Request) {
  const header = request.headers.get('Content-Length')
  return header === null ? null : Number(header)
}

/** The whole body, refused as soon as it passes maxBytes (by Content-Length or by counting), never buffered past it. */
async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const length = declaredLength(request)
  if (length !== null && length > maxBytes) {
    if (!request.bodyUsed) await drain(request.body)
    throw tooLarge(request, maxBytes)
  }
  if (!request.body) return new Uint8Array(0)
  if (request.bodyUsed) throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadable)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        reader.releaseLock()
        await drain(request.body)
        throw tooLarge(request, maxBytes)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof Response) throw error
    // The client went away or sent a broken chunked body.
    throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadable)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** application/x-www-form-urlencoded, strictly: invalid UTF-8 or a broken %-escape → null (400). */
export function parseUrlEncoded(bytes: Uint8Array): FormData | null {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
  const formData = new FormData()
  if (text.trim() === '') return formData
  for (const pair of text.split('&')) {
    if (pair === '') continue
    const index = pair.indexOf('=')
    const rawName = index === -1 ? pair : pair.slice(0, index)
    const rawValue = index === -1 ? '' : pair.slice(index + 1)
    try {
      formData.append(decodeURIComponent(rawName.replace(/\+/g, ' ')), decodeURIComponent(rawValue.replace(/\+/g, ' ')))
    } catch {
      return null
    }
  }
  return formData
}

async function readMultipart(request: Request, maxBytes: number, maxFileBytes: number): Promise<FormData> {
  const length = declaredLength(request)
  // A body whose declared size is over the limit, but within the drain limit, is read and discarded
  // so the client sees the 413; one that only turns out too large is counted and discarded below.
  if (length !== null && length > maxBytes) {
    if (!request.bodyUsed) await drain(request.body)
    throw tooLarge(request, maxBytes)
  }
  if (!request.body || request.bodyUsed) throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadable)
  const boundary = /;\s*boundary=("?)([^";]+)\1/i.exec(request.headers.get('Content-Type') ?? '')?.[2]
  if (!boundary) throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadable)
  // The parser stops quietly at a truncated body or a boundary that never comes: only a body that
  // ends with the closing delimiter is a whole form.
  const closing = new TextEncoder().encode(`--${boundary}--`)
  let tail = new Uint8Array(0)
  let overLimit = false
  let total = 0
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength
        // Past the limit the rest is read and dropped (never buffered), then answered with 413.
        if (total > maxBytes) overLimit = true
        if (overLimit) return
        const joined = new Uint8Array(tail.byteLength + chunk.byteLength)
        joined.set(tail)
        joined.set(chunk, tail.byteLength)
        tail = joined.slice(-(closing.byteLength + 4))
        controller.enqueue(chunk)
      },
    }),
  )
  const bounded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    duplex: 'half',
  } as RequestInit)
  const oversized: string[] = []
  let formData: FormData
  try {
    formData = await unstable_parseMultipartFormData(bounded, boundedUploadHandler(maxFileBytes, oversized))
  } catch {
    if (overLimit) throw tooLarge(request, maxBytes)
    throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadable)
  }
  if (overLimit) throw tooLarge(request, maxBytes)
  if (!endsWithClosing(tail, closing)) throw bodyErrorResponse(request, 400, BODY_ERRORS.unreadable)
  if (oversized.length) {
    const error = bodyErrorResponse(request, 413, BODY_ERRORS.fileTooLarge(maxFileBytes))
    error.oversizedFile = { field: oversized[0]!, form: formData }
    throw error
  }
  return formData
}

/**
 * Keeps each part in memory up to maxFileBytes. A file part over that is read to its end and dropped
 * (its field name noted), so the rest of the form still arrives and the client can read the 413.
 */
function boundedUploadHandler(maxFileBytes: number, oversized: string[]): UploadHandler {
  return async ({ name, filename, contentType, data }) => {
    let size = 0
    const chunks: BlobPart[] = []
    for await (const chunk of data) {
      size += chunk.byteLength
      if (size <= maxFileBytes) chunks.push(chunk as Uint8Array<ArrayBuffer>)
    }
    if (size > maxFileBytes) {
      oversized.push(name)
      return undefined
    }
    if (typeof filename === 'string') return new File(chunks, filename, { type: contentType })
    return new Blob(chunks, { type: contentType }).text()
  }
}

/** The closing delimiter, followed by nothing but optional CRLF / whitespace. */
function endsWithClosing(tail: Uint8Array, closing: Uint8Array) {
  let end = tail.byteLength
  while (end > 0 && (tail[end - 1] === 0x0a || tail[end - 1] === 0x0d || tail[end - 1] === 0x20)) end--
  if (end < closing.byteLength) return false
  for (let i = 0; i < closing.byteLength; i++) if (tail[end - closing.byteLength + i] !== closing[i]) return false
  return true
}

function cleanFormData(request: Request, formData: FormData, multiple: readonly string[]): FormData {
  const cleaned = new FormData()
  const seen = new Set<string>()
  for (const [rawName, value] of formData) {
    const name = stripControlCharacters(rawName)
    if (seen.has(name) && !multiple.includes(name)) throw bodyErrorResponse(request, 400, BODY_ERRORS.repeated(name))
    seen.add(name)
    if (typeof value === 'string') cleaned.append(name, stripControlCharacters(value))
    else if (hasControlCharacters(value.name))
      cleaned.append(name, new File([value], stripControlCharacters(value.name), { type: value.type }))
    else cleaned.append(name, value)
  }
  return cleaned
}

/** Deeper than any form or API body needs; JSON.parse takes any depth, but walking it must not overflow the stack. */
export const JSON_MAX_DEPTH = 100

/** Strips control characters from every string; null for a value nested deeper than JSON_MAX_DEPTH. */
function cleanJsonValue(value: unknown, depth: number): { value: unknown } | null {
  if (typeof value === 'string') return { value: stripControlCharacters(value) }
  if (!value || typeof value !== 'object') return { value }
  if (depth >= JSON_MAX_DEPTH) return null
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value)
  const cleaned: [string | number, unknown][] = []
  for (const [k, v] of entries) {
    const inner = cleanJsonValue(v, depth + 1)
    if (!inner) return null
    cleaned.push([typeof k === 'string' ? stripControlCharacters(k) : k, inner.value])
  }
  return { value: Array.isArray(value) ? cleaned.map(([, v]) => v) : Object.fromEntries(cleaned) }
}

function cleanJson(request: Request, value: unknown): unknown {
  const cleaned = cleanJsonValue(value, 0)
  if (!cleaned) throw bodyErrorResponse(request, 400, BODY_ERRORS.nestedTooDeep)
  return cleaned.value
}
