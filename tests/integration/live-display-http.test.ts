import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { startBuiltServer, type BuiltServer } from './built-server'
import { withDatabase } from './global-setup'

// The live display over HTTP against the production build (issue 33 Deliver 6): the stream's headers
// (not compressed, not buffered), its framing (retry, event ids, named events), Last-Event-ID, a
// sign-up reaching it within 1 s, revoking (a `revoked` event, then 404) and a shutdown that does
// not wait on open streams. On Postgres two server processes share the test's database: a sign-up
// taken by one moves the display streamed by the other (LISTEN/NOTIFY).

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres'
let a: BuiltServer
let b: BuiltServer

async function databaseUrl() {
  const rows = await getDb().execute<{ name: string }>(sql`select current_database() as name`)
  const [row] = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { name: string }[] }).rows) as { name: string }[]
  return withDatabase(process.env.TEST_DATABASE_URL!, row!.name)
}

beforeAll(async () => {
  if (onPostgres) {
    const url = await databaseUrl()
    // Both processes name the same address (APP_URL): the display's QR code and links are the app's.
    a = await startBuiltServer({ DATABASE_URL: url })
    b = await startBuiltServer({ DATABASE_URL: url })
  } else {
    a = await startBuiltServer()
    b = a
  }
}, 120_000)

afterAll(async () => {
  await a?.stop()
  if (b !== a) await b?.stop()
})

async function sessionWithDisplay(server: BuiltServer, email: string) {
  const made = await fetch(`${server.url}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email }),
  })
  const { code, sessionId } = (await made.json()) as { code: string; sessionId: string }
  const cookie = await server.signIn(email)
  const token = await displayAction(server, cookie, sessionId, 'display-make')
  return { code, sessionId, cookie, token: token! }
}

async function displayAction(server: BuiltServer, cookie: string, sessionId: string, intent: string) {
  const res = await fetch(`${server.url}/app/sessions/${sessionId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent }),
  })
  if (intent === 'display-revoke') {
    expect(res.status).toBe(302)
    return null
  }
  expect(res.status).toBe(200)
  expect(res.headers.get('Cache-Control')).toMatch(/\bno-store\b/)
  return /\/d\/([A-Za-z0-9_-]{43})/.exec(await res.text())![1]!
}

async function signUp(server: BuiltServer, code: string, email: string) {
  const page = await (await fetch(`${server.url}/t/${code}`)).text()
  const submission = /name="submission" value="([^"]+)"/.exec(page)![1]!
  const res = await fetch(`${server.url}/t/${code}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ submission, first_name: 'Grace', email, q_role: 'Engineering' }),
  })
  expect(res.status).toBe(303)
}

type Event = { event: string; id: string | null; data: string; retry: number | null }

/** Reads an event stream as a browser would, message by message. */
function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const events: Event[] = []
  let raw = ''
  let ended = false
  const response = fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: controller.signal })
  const done = response.then(async (res) => {
    if (!res.ok || !res.body) return res
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true })
        raw += text
        buffer += text
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event: Event = { event: 'message', id: null, data: '', retry: null }
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue
            const [field, ...rest] = line.split(':')
            const value = rest.join(':').replace(/^ /, '')
            if (field === 'event') event.event = value
            else if (field === 'id') event.id = value
            else if (field === 'retry') event.retry = Number(value)
            else if (field === 'data') data.push(value)
          }
          event.data = data.join('\n')
          if (block.split('\n').every((l) => l.startsWith(':'))) continue
          events.push(event)
        }
      }
    } catch {
      // aborted
    }
    ended = true
    return res
  })
  return {
    response,
    events,
    raw: () => raw,
    ended: () => ended,
    done,
    close: () => controller.abort(),
    counts: () => events.filter((e) => e.event === 'counts').map((e) => JSON.parse(e.data) as { signups: number }),
  }
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) return false
    await new Promise((r) => setTimeout(r, 10))
  }
  return true
}

describe('live display over HTTP', () => {
  it('streams uncompressed, unbuffered events with retry, ids and the state at once', async () => {
    const { token } = await sessionWithDisplay(a, 'display-http-1@example.com')
    const stream = openStream(`${a.url}/d/${token}/events`, { 'Accept-Encoding': 'gzip, br' })
    const res = await stream.response
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(res.headers.get('Cache-Control')).toBe('no-cache, no-transform')
    expect(res.headers.get('X-Accel-Buffering')).toBe('no')
    expect(res.headers.get('Content-Encoding')).toBeNull()
    expect(await until(() => stream.counts().length === 1, 2_000)).toBe(true)
    expect(stream.raw()).toMatch(/^retry: 2000\n/)
    expect(stream.counts()[0]).toEqual({ signups: 0, feedback: null, feedbackOpen: false, status: 'live' })
    expect(Number(stream.events.find((e) => e.event === 'counts')!.id)).toBeGreaterThan(0)
    stream.close()
  })

  it('moves the count within 1 s of a sign-up, on the process that took it and on the other one', async () => {
    const { code, token } = await sessionWithDisplay(a, 'display-http-2@example.com')
    const here = openStream(`${a.url}/d/${token}/events`)
    const there = openStream(`${b.url}/d/${token}/events`)
    expect(await until(() => here.counts().length === 1 && there.counts().length === 1, 3_000)).toBe(true)
    const started = Date.now()
    // Taken by the second process (on Postgres another process than `here`'s stream).
    await signUp(b, code, 'grace-display-2@example.com')
    expect(await until(() => here.counts().at(-1)?.signups === 1 && there.counts().at(-1)?.signups === 1, 1_000)).toBe(true)
    expect(Date.now() - started).toBeLessThan(1_000)
    const ids = here.events.filter((e) => e.event === 'counts').map((e) => Number(e.id))
    expect(ids[1]).toBeGreaterThan(ids[0]!)
    here.close()
    there.close()
  })

  it('answers a reconnect with Last-Event-ID with the current state at once, under a newer id', async () => {
    const { code, token } = await sessionWithDisplay(a, 'display-http-3@example.com')
    const first = openStream(`${a.url}/d/${token}/events`)
    expect(await until(() => first.counts().length === 1, 2_000)).toBe(true)
    const lastId = first.events.find((e) => e.event === 'counts')!.id!
    first.close()
    // Signed up while the display was away.
    await signUp(a, code, 'grace-display-3@example.com')
    const again = openStream(`${b.url}/d/${token}/events`, { 'Last-Event-ID': lastId })
    expect(await until(() => again.counts().length >= 1, 1_000)).toBe(true)
    expect(again.counts()[0]!.signups).toBe(1)
    expect(Number(again.events.find((e) => e.event === 'counts')!.id)).toBeGreaterThan(Number(lastId))
    again.close()
  })

  it('sends `revoked` and ends open streams when the link is revoked or renewed; the old token is 404', async () => {
    const { sessionId, cookie, token } = await sessionWithDisplay(a, 'display-http-4@example.com')
    const open = openStream(`${b.url}/d/${token}/events`)
    expect(await until(() => open.counts().length === 1, 2_000)).toBe(true)
    const renewed = await displayAction(a, cookie, sessionId, 'display-make')
    expect(renewed).not.toBe(token)
    expect(await until(() => open.ended(), 2_000)).toBe(true)
    expect(open.events.at(-1)?.event).toBe('revoked')
    expect((await fetch(`${a.url}/d/${token}`)).status).toBe(404)
    expect((await fetch(`${a.url}/d/${token}/events`)).status).toBe(404)
    expect((await fetch(`${a.url}/d/${renewed}`)).status).toBe(200)

    const next = openStream(`${a.url}/d/${renewed}/events`)
    expect(await until(() => next.counts().length === 1, 2_000)).toBe(true)
    await displayAction(a, cookie, sessionId, 'display-revoke')
    expect(await until(() => next.ended(), 2_000)).toBe(true)
    expect(next.events.at(-1)?.event).toBe('revoked')
    expect((await fetch(`${a.url}/d/${renewed}`)).status).toBe(404)
  })

  it('answers 404 for a token that was never made and for one that is not a token', async () => {
    expect((await fetch(`${a.url}/d/${'A'.repeat(43)}`)).status).toBe(404)
    expect((await fetch(`${a.url}/d/nope/events`)).status).toBe(404)
  })

  it('another workspace cannot make, renew or revoke a session’s display link (404)', async () => {
    const { sessionId, token } = await sessionWithDisplay(a, 'display-http-5@example.com')
    const stranger = await a.signIn('display-stranger@example.com')
    for (const intent of ['display-make', 'display-revoke']) {
      const res = await fetch(`${a.url}/app/sessions/${sessionId}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: stranger, Origin: a.url, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent }),
      })
      expect(res.status).toBe(404)
    }
    expect((await fetch(`${a.url}/d/${token}`)).status).toBe(200)
  })

  it('shuts down promptly with display streams open, ending them', async () => {
    const server = onPostgres ? await startBuiltServer({ DATABASE_URL: await databaseUrl() }) : a
    const { token } = await sessionWithDisplay(server, 'display-http-6@example.com')
    const open = openStream(`${server.url}/d/${token}/events`)
    expect(await until(() => open.counts().length === 1, 2_000)).toBe(true)
    const started = Date.now()
    await server.stop()
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(server.child.exitCode).toBe(0)
    expect(await until(() => open.ended(), 2_000)).toBe(true)
    if (server === a) a = undefined as unknown as BuiltServer
  })
})
