import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type DatabaseHandle } from '~/db/client.server'
import { followUpRecipients, followUps } from '~/db/schema/follow-ups'
import { startFakeResend, type FakeResend } from '../fakes/resend'
import { startBuiltServer, type BuiltServer } from './built-server'
import { withDatabase } from './global-setup'

// Issue 32 Deliver 10: kill -9 of the production build while it sends a 2,000-recipient follow-up
// through the real resend SDK to the fake — once at an arbitrary moment between batches and, at
// the same time, while Resend holds a batch it has already accepted (its answer delayed, so the
// process dies between the provider's answer and our commit). After a restart on the same data,
// every recipient has exactly one message. On the driver of this run. Needs `npm run build`.

const postgres = process.env.TEST_DB_DRIVER === 'postgres'
const PEOPLE = 2_000
let server: BuiltServer | undefined
let fake: FakeResend | undefined
let dropDatabase: (() => Promise<void>) | undefined
let keptDataDir: string | undefined

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
  await server?.stop()
  await fake?.close()
  await dropDatabase?.()
  if (keptDataDir) rmSync(keptDataDir, { recursive: true, force: true })
})

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('kill -9 while a follow-up sends', () => {
  it('sends every recipient exactly one message after a restart', async () => {
    fake = await startFakeResend()
    let dbUrl: string | undefined
    if (postgres) {
      const name = `lectern_fu_crash_${randomBytes(4).toString('hex')}`
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
    const env = {
      ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
      RESEND_API_KEY: 're_test_crash',
      RESEND_BASE_URL: fake.url,
      FOLLOW_UP_RATE_PER_SECOND: '6',
      FOLLOW_UP_WORKSPACE_RATE_PER_SECOND: '6',
    }
    server = await startBuiltServer(env)
    const made = await fetch(`${server.url}/__e2e/lead-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'crash-follow-up@example.com', plan: 'pro', questions: [] }),
    })
    const { sessionId, userId } = (await made.json()) as { sessionId: string; userId: string }
    const sent = await fetch(`${server.url}/__e2e/follow-up-send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ sessionId, userId, people: PEOPLE }),
    })
    const { followUpId, started } = (await sent.json()) as { followUpId: string; started: string }
    expect(started).toBe('started')

    // Some batches out; then Resend takes one more but holds its answer, and the process dies.
    await until('five batches', () => fake!.batchCalls.length >= 5, 60_000)
    fake.delayNext(1, 5_000)
    await until('a held batch', () => fake!.batchCalls.some((c) => c.held), 10_000)
    const child = server.child
    child.kill('SIGKILL')
    await new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
    )
    expect(child.signalCode).toBe('SIGKILL')
    const beforeRestart = fake.emails.length
    expect(beforeRestart).toBeLessThan(PEOPLE)

    // The same data (PGlite's directory, or the Postgres database); the dead worker's leases expire
    // (a minute) and its batches are claimed again.
    // APP_URL as before (the new process listens on another port): the links in a message are part of
    // the request its Idempotency-Key was first used with.
    server = await startBuiltServer({ ...env, DATA_DIR: server.dataDir, APP_URL: server.url })
    await until('every address', () => new Set(fake!.emails.flatMap((e) => e.to)).size >= PEOPLE, 150_000)
    // Whatever is still in flight has a moment to land (it must not add a second copy).
    await new Promise((r) => setTimeout(r, 1_000))
    const counts = new Map<string, number>()
    for (const e of fake.emails) for (const to of e.to) counts.set(to, (counts.get(to) ?? 0) + 1)
    expect(counts.size).toBe(PEOPLE)
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([])
    expect(fake.emails).toHaveLength(PEOPLE)
    // The held batch was asked again with its key and answered from Resend's memory.
    const held = fake.batchCalls.find((c) => c.held)!
    expect(fake.batchCalls.filter((c) => c.idempotencyKey === held.idempotencyKey).map((c) => c.replayed)).toEqual([false, true])

    // A graceful stop lets the worker write the last batch's commit; then the database is read.
    const dataDir = server.dataDir
    keptDataDir = dataDir
    await server.stop()
    let handle: DatabaseHandle
    if (dbUrl) handle = await openPostgres(dbUrl, { max: 1 })
    else handle = await openPglite(path.join(dataDir, 'pglite'), dataDir)
    try {
      const [row] = await handle.db.select().from(followUps).where(eq(followUps.id, followUpId))
      expect(row).toMatchObject({ status: 'sent', recipientCount: PEOPLE, sentCount: PEOPLE, batchCount: 20 })
      const rows = await handle.db.select().from(followUpRecipients).where(eq(followUpRecipients.followUpId, followUpId))
      expect(rows.every((r) => r.status === 'sent')).toBe(true)
      expect(new Set(rows.map((r) => r.providerMessageId))).toEqual(new Set(fake.emails.map((e) => e.id)))
    } finally {
      await handle.close()
    }
  }, 300_000)
})
