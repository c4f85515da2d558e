import { randomBytes } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type DatabaseHandle } from '~/db/client.server'
import { leadSubmissions } from '~/db/schema/leads'
import { startBuiltServer, type BuiltServer } from './built-server'
import { withDatabase } from './global-setup'

// Nothing acknowledged is lost: sign-ups stream into the production build, the process is killed
// with SIGKILL (no shutdown, no flush) while requests are in flight, and every sign-up that was
// answered 303 is in the database afterwards. On the driver of this run (PGlite, or Postgres when
// TEST_DATABASE_URL is set). Needs `npm run build`.

const postgres = process.env.TEST_DB_DRIVER === 'postgres'
let server: BuiltServer | undefined
let dropDatabase: (() => Promise<void>) | undefined

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
  await server?.stop()
  await dropDatabase?.()
})

function post(agent: Agent, port: number, pathname: string, body: string) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('kill -9 during sign-ups', () => {
  it('keeps every acknowledged sign-up', async () => {
    let dbUrl: string | undefined
    if (postgres) {
      const name = `lectern_crash_${randomBytes(4).toString('hex')}`
      const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
      await admin.exec(`create database ${name}`)
      await admin.close()
      dbUrl = withDatabase(process.env.TEST_DATABASE_URL!, name)
      dropDatabase = async () => {
        const a = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
        await a.exec(`drop database if exists ${name} with (force)`)
        await a.close()
      }
    }
    server = await startBuiltServer(dbUrl ? { DATABASE_URL: dbUrl } : {})
    const made = await fetch(`${server.url}/__e2e/lead-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'crash-speaker@example.com', questions: [] }),
    })
    const { code } = (await made.json()) as { code: string }

    // Forms as attendees load them: one server-issued submission id each.
    const tokens: string[] = []
    for (let i = 0; i < 60; i++) {
      const html = await (await fetch(`${server.url}/t/${code}`)).text()
      tokens.push(/name="submission" value="([^"]+)"/.exec(html)![1]!)
    }

    const agent = new Agent({ keepAlive: true, maxSockets: 20 })
    const acknowledged: string[] = []
    let killed = false
    const port = server.port
    const child = server.child
    await Promise.allSettled(
      tokens.map(async (token, i) => {
        const body = new URLSearchParams({ submission: token, first_name: 'Crash', email: `crash-${i}@example.com` }).toString()
        const status = await post(agent, port, `/t/${code}`, body)
        if (status === 303) acknowledged.push(token.split('.')[0]!)
        // Pull the plug while the rest are still in flight.
        if (acknowledged.length === 15 && !killed) {
          killed = true
          child.kill('SIGKILL')
        }
      }),
    )
    agent.destroy()
    expect(killed).toBe(true)
    await new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
    )
    expect(child.signalCode).toBe('SIGKILL')

    let handle: DatabaseHandle
    if (dbUrl) handle = await openPostgres(dbUrl, { max: 1 })
    // The dead process's lock is taken over; PGlite replays what reached its files.
    else handle = await openPglite(path.join(server.dataDir, 'pglite'), server.dataDir)
    try {
      const stored = await handle.db
        .select({ id: leadSubmissions.id })
        .from(leadSubmissions)
        .where(inArray(leadSubmissions.id, acknowledged))
      expect(acknowledged.length).toBeGreaterThanOrEqual(15)
      expect(stored.map((s) => s.id).sort()).toEqual([...acknowledged].sort())
    } finally {
      await handle.close()
    }
  }, 120_000)
})
