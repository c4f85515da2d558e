import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '~/db/client.server'
import { startBuiltServer, type BuiltServer } from './built-server'
import { withDatabase } from './global-setup'

// Issue 11 §4: a 5xx is logged once, with method, path, request id and stack; the same id is the
// X-Request-Id header and the reference on the error page. A real fault needs a database the test can
// break under the running server, so this runs where Postgres is (TEST_DATABASE_URL), like CI's pg project.

const url = process.env.TEST_DATABASE_URL
const name = `lectern_errors_${randomBytes(6).toString('hex')}`

describe.runIf(url && process.env.TEST_DB_DRIVER === 'postgres')('server errors over HTTP', () => {
  let server: BuiltServer

  beforeAll(async () => {
    const admin = await openPostgres(url!, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    server = await startBuiltServer({ DATABASE_URL: withDatabase(url!, name), PAGE_CACHE_TTL_SECONDS: '0' })
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    const admin = await openPostgres(url!, { max: 1 })
    await admin.exec(`drop database if exists ${name} with (force)`)
    await admin.close()
  })

  it('logs a failed page once with its request id, which the page shows as its reference', async () => {
    const db = await openPostgres(withDatabase(url!, name), { max: 1 })
    await db.exec('alter table posts rename to posts_away')
    try {
      const res = await fetch(`${server.url}/resources`)
      expect(res.status).toBe(500)
      const id = res.headers.get('X-Request-Id')!
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(await res.text()).toMatch(new RegExp(`Reference: <code[^>]*>${id}</code>`))
      const lines = server.output().split('\n')
      const logged = lines.filter((l) => l.includes(id))
      expect(logged).toEqual([expect.stringContaining(`[request ${id}] GET /resources failed:`)])
      // The error and its stack follow the line.
      const after = lines.slice(lines.indexOf(logged[0]!)).join('\n')
      expect(after).toMatch(/posts/)
      expect(after).toMatch(/\n\s+at /)
      // A JSON client gets the reference in JSON.
      const json = await fetch(`${server.url}/resources`, { headers: { Accept: 'application/json' } })
      expect(json.status).toBe(500)
      expect(await json.json()).toEqual({ error: 'Something went wrong.', requestId: json.headers.get('X-Request-Id') })
    } finally {
      await db.exec('alter table posts_away rename to posts')
      await db.close()
    }
  })

  it('does not log a 4xx', async () => {
    const before = server.output()
    const res = await fetch(`${server.url}/og`, { method: 'POST', headers: { Origin: server.url } })
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('GET, HEAD')
    const missing = await fetch(`${server.url}/resources/no-such-article`)
    expect(missing.status).toBe(404)
    expect(server.output().slice(before.length)).toBe('')
  })
})
