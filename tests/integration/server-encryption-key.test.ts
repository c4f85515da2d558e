import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgres } from '~/db/client.server'
import { spawnBuiltServer, startBuiltServer, type BuiltServer } from './built-server'
import { withDatabase } from './global-setup'
import { rows } from './migration-utils'

// Issue 20 §2: the README's own defaults (`npm start`: production, embedded PGlite, nothing set) store
// a webhook secret instead of answering "503 — ENCRYPTION_KEY is not set", and the key generated into
// DATA_DIR survives a restart; production on Postgres without ENCRYPTION_KEY refuses to start, before
// it listens, with a message saying what to set. Against the production build (`npm run build`).

const postgres = process.env.TEST_DB_DRIVER === 'postgres'
// What `npm start` sets and nothing else: no session secret, no key, no test hooks.
const npmStart = { NODE_ENV: 'production', SESSION_SECRET: '', ENCRYPTION_KEY: '', E2E_TEST_HOOKS: '', DATABASE_URL: '' }

/** Signs in over HTTP the way a person does without an email provider: the link from the server log. */
async function signInFromLog(server: BuiltServer, email: string) {
  const origin = { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' }
  const asked = await fetch(`${server.url}/signup`, {
    method: 'POST',
    redirect: 'manual',
    headers: origin,
    body: new URLSearchParams({ intent: 'magic-link-request', email }),
  })
  expect(asked.status).toBeLessThan(400)
  let token: string | undefined
  for (let i = 0; i < 100 && !token; i++) {
    token = new RegExp(`to ${email}:[\\s\\S]*?/auth/callback\\?token=([A-Za-z0-9_-]+)`).exec(server.output())?.[1]
    if (!token) await new Promise((r) => setTimeout(r, 100))
  }
  expect(token, server.output()).toBeDefined()
  const signedIn = await fetch(`${server.url}/auth/callback`, {
    method: 'POST',
    redirect: 'manual',
    headers: origin,
    body: new URLSearchParams({ token: token! }),
  })
  expect(signedIn.status).toBe(302)
  return signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ')
}

/** The endpoint page with its signing secret shown (decrypted with the key). */
async function shownSecret(server: BuiltServer, cookie: string, endpoint: string) {
  const res = await fetch(`${server.url}${endpoint}?secret=show`, { headers: { Cookie: cookie } })
  expect(res.status).toBe(200)
  return /whsec_[A-Za-z0-9+/=]+/.exec(await res.text())?.[0]
}

describe.runIf(!postgres)('npm start on the embedded default, nothing configured', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-defaults-'))
  let server: BuiltServer | undefined

  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('stores a webhook secret, and a restart keeps the generated key so it still decrypts', async () => {
    server = await startBuiltServer({ ...npmStart, DATA_DIR: dataDir })
    const keyFile = path.join(dataDir, 'encryption-key')
    // Generated at start-up, before any form, next to the session secret.
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    const key = readFileSync(keyFile, 'utf8')

    const cookie = await signInFromLog(server, 'first-hour@example.com')
    const added = await fetch(`${server.url}/app/settings/webhooks/new`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: 'https://hooks.example.com/lectern', description: 'CRM', events: 'lead.created' }),
    })
    expect(added.status, await added.clone().text()).toBe(302)
    const endpoint = new URL(added.headers.get('Location')!, server.url).pathname
    expect(endpoint).toMatch(/^\/app\/settings\/webhooks\/[0-9a-f-]{36}$/)
    const secret = await shownSecret(server, cookie, endpoint)
    expect(secret).toMatch(/^whsec_/)

    await server.stop()
    server = await startBuiltServer({ ...npmStart, DATA_DIR: dataDir })
    expect(readFileSync(keyFile, 'utf8')).toBe(key)
    // Same session (the generated session secret is kept too), same secret read back.
    expect(await shownSecret(server, cookie, endpoint)).toBe(secret)
    expect(server.output()).not.toContain('ENCRYPTION_KEY')
  }, 120_000)
})

describe.runIf(postgres)('production on Postgres without ENCRYPTION_KEY', () => {
  const url = process.env.TEST_DATABASE_URL!
  const name = `lectern_key_${randomBytes(6).toString('hex')}`

  afterAll(async () => {
    const admin = await openPostgres(url, { max: 1 })
    await admin.exec(`drop database if exists ${name} with (force)`)
    await admin.close()
  })

  it('refuses to start: exits non-zero before listening, saying what to set', async () => {
    const admin = await openPostgres(url, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-nokey-'))
    try {
      const server = await spawnBuiltServer({ ...npmStart, DATA_DIR: dataDir, DATABASE_URL: withDatabase(url, name) })
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000)
      const code = await server.exited
      clearTimeout(timer)
      expect(code, server.output()).toBe(1)
      expect(server.output()).toContain(
        'ENCRYPTION_KEY is not set. In production on Postgres (DATABASE_URL) it is required: every instance must use the same key',
      )
      expect(server.output()).toContain('openssl rand -base64 32')
      expect(server.output()).not.toContain('Lectern listening')
      // Refused before the database was touched: no migrations ran, no key was generated.
      const db = await openPostgres(withDatabase(url, name), { max: 1 })
      const tables = rows<{ n: number }>(
        await db.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`),
      )
      await db.close()
      expect(tables[0]!.n).toBe(0)
      expect(() => statSync(path.join(dataDir, 'encryption-key'))).toThrow()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
