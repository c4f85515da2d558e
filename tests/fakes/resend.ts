import { createServer, type Server } from 'node:http'
import { randomUUID } from 'node:crypto'

// A local stand-in for Resend's HTTP API (POST /emails), set via RESEND_BASE_URL.
// Test controls: GET /__fake/emails[?to=], POST /__fake/fail {count, status}, POST /__fake/reset.
export type SentEmail = { id: string; from: string; to: string[]; subject: string; html?: string; text?: string; reply_to?: string[]; idempotencyKey?: string }

export type FakeResend = { url: string; emails: SentEmail[]; requests: number; failNext: (count: number, status?: number) => void; close: () => Promise<void>; server: Server }

export async function startFakeResend(port = 0, host = '127.0.0.1'): Promise<FakeResend> {
  const emails: SentEmail[] = []
  const seenKeys = new Map<string, SentEmail>()
  let failures = 0
  let failStatus = 500
  const state = { requests: 0 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (req.method === 'GET' && url.pathname === '/__fake/emails') {
        const to = url.searchParams.get('to')?.toLowerCase()
        return json(200, to ? emails.filter((e) => e.to.map((t) => t.toLowerCase()).includes(to)) : emails)
      }
      if (req.method === 'POST' && url.pathname === '/__fake/fail') {
        const { count = 1, status = 500 } = body ? JSON.parse(body) : {}
        failures = count
        failStatus = status
        return json(200, { ok: true })
      }
      if (req.method === 'POST' && url.pathname === '/__fake/reset') {
        emails.length = 0
        seenKeys.clear()
        failures = 0
        return json(200, { ok: true })
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
    failNext(count, status = 500) {
      failures = count
      failStatus = status
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
    server,
  }
}

// Run directly (Playwright's webServer): `tsx tests/fakes/resend.ts <port>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/tests\//, 'tests/'))) {
  const port = Number(process.argv[2] ?? 0)
  startFakeResend(port).then((fake) => console.info(`fake resend on ${fake.url}`))
}
