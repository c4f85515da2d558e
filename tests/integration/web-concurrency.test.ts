import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgres } from '~/db/client.server'
import { jobs } from '~/db/schema/jobs'
import { leadSubmissions } from '~/db/schema/leads'
import { startBuiltServer, type BuiltServer } from './built-server'
import { withDatabase } from './global-setup'

// WEB_CONCURRENCY (server/index.ts): on Postgres, that many server processes share the port under
// one supervisor, which replaces one that dies and passes SIGTERM on; on PGlite (one process only)
// the setting is ignored with a warning. Against the production build; needs `npm run build`.

const postgres = process.env.TEST_DB_DRIVER === 'postgres'
let server: BuiltServer | undefined
let dropDatabase: (() => Promise<void>) | undefined

afterAll(async () => {
  await server?.stop()
  await dropDatabase?.()
})

/** The supervisor's child processes (Linux /proc). */
function childrenOf(pid: number) {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid) children.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return children.sort()
}

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean) {
  for (let i = 0; i < 600; i++) {
    const value = await read()
    if (ok(value)) return value
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('condition never held')
}

async function signUps(url: string, count: number) {
  const made = await fetch(`${url}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email: `cluster-${randomBytes(3).toString('hex')}@example.com`, questions: [] }),
  })
  const { code } = (await made.json()) as { code: string }
  const ids: string[] = []
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const page = await (await fetch(`${url}/t/${code}`)).text()
      const token = /name="submission" value="([^"]+)"/.exec(page)![1]!
      const res = await fetch(`${url}/t/${code}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ submission: token, first_name: 'Ada', email: `cluster-${i}-${code}@example.com` }),
      })
      expect(res.status).toBe(303)
      ids.push(token.split('.')[0]!)
    }),
  )
  return ids
}

describe.runIf(postgres)('WEB_CONCURRENCY=2 on Postgres', () => {
  it('serves from two processes, replaces one that dies, and stops on SIGTERM', async () => {
    const name = `lectern_cluster_${randomBytes(4).toString('hex')}`
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
    await admin.exec(`create database ${name}`)
    await admin.close()
    const dbUrl = withDatabase(process.env.TEST_DATABASE_URL!, name)
    dropDatabase = async () => {
      const a = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 })
      await a.exec(`drop database if exists ${name} with (force)`)
      await a.close()
    }
    server = await startBuiltServer({ DATABASE_URL: dbUrl, WEB_CONCURRENCY: '2' })
    const supervisor = server.child.pid!
    const listening = () => server!.output().match(/Lectern listening/g)?.length ?? 0
    await until(listening, (n) => n === 2)
    const first = await until(
      () => childrenOf(supervisor),
      (c) => c.length === 2,
    )

    const db = await openPostgres(dbUrl, { max: 1 })
    try {
      const ids = await signUps(server.url, 20)
      expect(await db.db.select().from(leadSubmissions).where(inArray(leadSubmissions.id, ids))).toHaveLength(20)
      // Two emails per sign-up, each sent once, whichever process's job worker took it.
      const done = await until(
        async () => (await db.db.select({ status: jobs.status, kind: jobs.kind }).from(jobs)).filter((j) => j.kind === 'email'),
        (rows) => rows.length === 40 && rows.every((r) => r.status === 'done'),
      )
      expect(done).toHaveLength(40)

      // One process dies: the supervisor starts another, and sign-ups keep being stored.
      process.kill(first[0]!, 'SIGKILL')
      const replaced = await until(
        () => childrenOf(supervisor),
        (c) => c.length === 2 && !c.includes(first[0]!),
      )
      expect(replaced).toContain(first[1])
      await until(listening, (n) => n === 3)
      const more = await signUps(server.url, 10)
      expect(await db.db.select().from(leadSubmissions).where(inArray(leadSubmissions.id, more))).toHaveLength(10)
    } finally {
      await db.close()
    }

    const children = childrenOf(supervisor)
    await server.stop()
    expect(server.child.exitCode).toBe(0)
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow()
  }, 120_000)
})

describe.runIf(!postgres)('WEB_CONCURRENCY=2 on PGlite', () => {
  it('runs one process and says the setting is ignored', async () => {
    server = await startBuiltServer({ WEB_CONCURRENCY: '2' })
    expect(childrenOf(server.child.pid!)).toEqual([])
    expect(server.output()).toContain('WEB_CONCURRENCY is ignored')
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  }, 60_000)
})
