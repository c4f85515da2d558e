import { createServer, type Server } from 'node:http'
import { randomUUID } from 'node:crypto'

// A local stand-in for Resend's HTTP API (POST /emails, POST /emails/batch), set via RESEND_BASE_URL.
// Test controls: GET /__fake/emails[?to=], POST /__fake/fail {count, status, retryAfter},
// POST /__fake/delay {count, ms} (accept, then answer late: the client's timeout), POST /__fake/reset.
// Idempotency-Key as Resend keeps it: the same key and body answer the first answer again and deliver
// nothing; the same key with another body is refused with 409.
// The Domains API (POST/GET/DELETE /domains, POST /domains/{id}/verify) is in fakeDomains below, with
// its own controls: GET /__fake/domains, POST /__fake/domains/{name}/dns (the records are now in DNS).
export type SentEmail = {
  id: string
  from: string
  to: string[]
  subject: string
  html?: string
  text?: string
  reply_to?: string[]
  headers?: Record<string, string>
  idempotencyKey?: string
  /** Which call of POST /emails/batch delivered it (its position in batchCalls). */
  batchCall?: number
}

/** One POST /emails/batch as received, delivered or not. */
export type BatchCall = {
  idempotencyKey?: string
  size: number
  status: number
  at: number
  replayed: boolean
  /** Delivered, its answer held back (delayNext). */
  held?: boolean
}

export type FakeResend = {
  url: string
  emails: SentEmail[]
  requests: number
  batchCalls: BatchCall[]
  failNext: (count: number, status?: number, retryAfterSeconds?: number) => void
  /** The next `count` batch calls are delivered, but answered only after `ms` (a timeout for the client). */
  delayNext: (count: number, ms: number) => void
  close: () => Promise<void>
  server: Server
}

export async function startFakeResend(port = 0, host = '127.0.0.1'): Promise<FakeResend> {
  const emails: SentEmail[] = []
  const seenKeys = new Map<string, SentEmail>()
  const batchKeys = new Map<string, { body: string; answer: { data: { id: string }[] } }>()
  const batchCalls: BatchCall[] = []
  let failures = 0
  let failStatus = 500
  let failRetryAfter: number | undefined
  const delays = { count: 0, ms: 0 }
  const state = { requests: 0 }
  const domains = fakeDomains()
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (domains.handle(req.method ?? 'GET', url.pathname, body, req.headers.authorization, json)) return
      if (req.method === 'GET' && url.pathname === '/__fake/emails') {
        const to = url.searchParams.get('to')?.toLowerCase()
        return json(200, to ? emails.filter((e) => e.to.map((t) => t.toLowerCase()).includes(to)) : emails)
      }
      if (req.method === 'POST' && url.pathname === '/__fake/fail') {
        const { count = 1, status = 500, retryAfter } = body ? JSON.parse(body) : {}
        failures = count
        failStatus = status
        failRetryAfter = retryAfter
        return json(200, { ok: true })
      }
      if (req.method === 'POST' && url.pathname === '/__fake/delay') {
        const { count = 1, ms = 1000 } = body ? JSON.parse(body) : {}
        delays.count = count
        delays.ms = ms
        return json(200, { ok: true })
      }
      if (req.method === 'POST' && url.pathname === '/__fake/reset') {
        emails.length = 0
        seenKeys.clear()
        batchKeys.clear()
        batchCalls.length = 0
        delays.count = 0
        domains.byId.clear()
        failures = 0
        return json(200, { ok: true })
      }
      if (req.method === 'POST' && url.pathname === '/emails/batch') {
        state.requests++
        const key = req.headers['idempotency-key']
        const idempotencyKey = typeof key === 'string' ? key : undefined
        const call: BatchCall = { idempotencyKey, size: 0, status: 200, at: Date.now(), replayed: false }
        batchCalls.push(call)
        const answer = (status: number, payload: unknown) => {
          call.status = status
          if (status === 200 && delays.count > 0) {
            delays.count--
            call.held = true
            setTimeout(() => json(status, payload), delays.ms)
            return
          }
          json(status, payload)
        }
        if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) {
          return answer(401, { name: 'missing_api_key', message: 'Missing API key', statusCode: 401 })
        }
        if (failures > 0) {
          failures--
          call.status = failStatus
          if (failStatus === 429) {
            res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(failRetryAfter ?? 1) })
            return res.end(JSON.stringify({ name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 }))
          }
          return json(failStatus, { name: 'internal_server_error', message: 'Fake outage', statusCode: failStatus })
        }
        const list = JSON.parse(body || '[]') as Record<string, unknown>[]
        call.size = Array.isArray(list) ? list.length : 0
        if (!Array.isArray(list) || list.length === 0 || list.length > 100) {
          return answer(422, { name: 'validation_error', message: 'A batch holds 1 to 100 emails', statusCode: 422 })
        }
        if (idempotencyKey) {
          const seen = batchKeys.get(idempotencyKey)
          if (seen && seen.body !== body) {
            return answer(409, {
              name: 'invalid_idempotent_request',
              message: 'Same idempotency key used with a different request payload',
              statusCode: 409,
            })
          }
          if (seen) {
            call.replayed = true
            return answer(200, seen.answer)
          }
        }
        const asList = (v: unknown) => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : [String(v)])
        const delivered = list.map((payload): SentEmail => ({
          id: randomUUID(),
          from: String(payload.from),
          to: asList(payload.to) ?? [],
          subject: String(payload.subject),
          html: payload.html as string | undefined,
          text: payload.text as string | undefined,
          reply_to: asList(payload.reply_to ?? payload.replyTo),
          headers: payload.headers as Record<string, string> | undefined,
          idempotencyKey,
          batchCall: batchCalls.length - 1,
        }))
        emails.push(...delivered)
        const result = { data: delivered.map((e) => ({ id: e.id })) }
        if (idempotencyKey) batchKeys.set(idempotencyKey, { body, answer: result })
        return answer(200, result)
      }
      if (req.method === 'POST' && url.pathname === '/emails') {
        state.requests++
        if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) {
          return json(401, { name: 'missing_api_key', message: 'Missing API key', statusCode: 401 })
        }
        if (failures > 0) {
          failures--
          return json(failStatus, { name: 'internal_server_error', message: 'Fake outage', statusCode: failStatus })
        }
        const key = req.headers['idempotency-key']
        const idempotencyKey = typeof key === 'string' ? key : undefined
        if (idempotencyKey && seenKeys.has(idempotencyKey)) return json(200, { id: seenKeys.get(idempotencyKey)!.id })
        const payload = JSON.parse(body || '{}')
        const asList = (v: unknown) => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : [String(v)])
        const email: SentEmail = {
          id: randomUUID(),
          from: payload.from,
          to: asList(payload.to) ?? [],
          subject: payload.subject,
          html: payload.html,
          text: payload.text,
          reply_to: asList(payload.reply_to ?? payload.replyTo),
          idempotencyKey,
        }
        emails.push(email)
        if (idempotencyKey) seenKeys.set(idempotencyKey, email)
        return json(200, { id: email.id })
      }
      json(404, { message: 'not found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://${host}:${actualPort}`,
    emails,
    get requests() {
      return state.requests
    },
    batchCalls,
    failNext(count, status = 500, retryAfterSeconds) {
      failures = count
      failStatus = status
      failRetryAfter = retryAfterSeconds
    },
    delayNext(count, ms) {
      delays.count = count
      delays.ms = ms
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
    server,
  }
}

type FakeDomain = { id: string; name: string; status: string; created_at: string; region: string; dnsReady: boolean }

/**
 * Resend's Domains API as the SDK calls it: create answers the SPF (MX + TXT) and DKIM records,
 * `not_started`; verify makes it `verified` once the test said the records are in DNS, else
 * `pending`; get answers the domain with its records' statuses; delete forgets it.
 */
function fakeDomains() {
  const byId = new Map<string, FakeDomain>()
  const records = (d: FakeDomain) => {
    const status = d.status === 'not_started' ? 'not_started' : d.status === 'verified' ? 'verified' : 'pending'
    return [
      {
        record: 'SPF',
        name: 'send',
        type: 'MX',
        ttl: 'Auto',
        status,
        value: 'feedback-smtp.eu-west-1.amazonses.com',
        priority: 10,
      },
      { record: 'SPF', name: 'send', type: 'TXT', ttl: 'Auto', status, value: '"v=spf1 include:amazonses.com ~all"' },
      {
        record: 'DKIM',
        name: 'resend._domainkey',
        type: 'TXT',
        ttl: 'Auto',
        status,
        value: `p=MIGfMA0GCSqGSIb3DQEB${d.id.slice(0, 8)}`,
      },
    ]
  }
  const view = (d: FakeDomain) => {
    const { dnsReady: _dnsReady, ...rest } = d
    return { ...rest, capabilities: { sending: 'enabled', receiving: 'disabled' }, records: records(d) }
  }
  return {
    byId,
    handle(
      method: string,
      pathname: string,
      body: string,
      authorization: string | undefined,
      json: (status: number, payload: unknown) => void,
    ): boolean {
      if (method === 'GET' && pathname === '/__fake/domains') return (json(200, [...byId.values()]), true)
      const dns = /^\/__fake\/domains\/([^/]+)\/dns$/.exec(pathname)
      if (method === 'POST' && dns) {
        for (const d of byId.values()) if (d.name === decodeURIComponent(dns[1]!)) d.dnsReady = true
        return (json(200, { ok: true }), true)
      }
      if (!pathname.startsWith('/domains')) return false
      if (!String(authorization ?? '').startsWith('Bearer ')) {
        return (json(401, { name: 'missing_api_key', message: 'Missing API key', statusCode: 401 }), true)
      }
      const notFound = () => json(404, { name: 'not_found', message: 'Domain not found', statusCode: 404 })
      if (method === 'POST' && pathname === '/domains') {
        const { name } = JSON.parse(body || '{}') as { name?: string }
        if (!name || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(name)) {
          return (json(422, { name: 'validation_error', message: 'Invalid domain name', statusCode: 422 }), true)
        }
        if ([...byId.values()].some((d) => d.name === name)) {
          return (
            json(403, { name: 'validation_error', message: `The domain ${name} is registered already.`, statusCode: 403 }),
            true
          )
        }
        const domain: FakeDomain = {
          id: randomUUID(),
          name,
          status: 'not_started',
          created_at: new Date().toISOString(),
          region: 'us-east-1',
          dnsReady: false,
        }
        byId.set(domain.id, domain)
        const { object: _object, ...created } = { object: 'domain', ...view(domain) }
        return (json(201, created), true)
      }
      const one = /^\/domains\/([^/]+)(\/verify)?$/.exec(pathname)
      const domain = one ? byId.get(one[1]!) : undefined
      if (!one) return false
      if (!domain) return (notFound(), true)
      if (method === 'POST' && one[2]) {
        domain.status = domain.dnsReady ? 'verified' : 'pending'
        return (json(200, { object: 'domain', id: domain.id }), true)
      }
      if (method === 'GET' && !one[2]) return (json(200, { object: 'domain', ...view(domain) }), true)
      if (method === 'DELETE' && !one[2]) {
        byId.delete(domain.id)
        return (json(200, { object: 'domain', id: domain.id, deleted: true }), true)
      }
      return (notFound(), true)
    },
  }
}

// Run directly (Playwright's webServer): `tsx tests/fakes/resend.ts <port>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/tests\//, 'tests/'))) {
  const port = Number(process.argv[2] ?? 0)
  startFakeResend(port).then((fake) => console.info(`fake resend on ${fake.url}`))
}
