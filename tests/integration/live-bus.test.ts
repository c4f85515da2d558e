import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { LiveBus, LivePayloadTooLargeError, type LivePayload } from '~/platform/live-bus.server'
import { getCachedPage, pageCacheGeneration, storeCachedPage, type CachedPage } from '~/platform/page-store.server'
import { applyPageCachePurges, purgePageCacheEverywhere } from '~/platform/page-purge.server'
import { withDatabase } from './global-setup'

// The live bus (issue 33 Deliver 6, ARCHITECTURE decision 25): in the process on PGlite; on Postgres
// across two LISTEN connections standing for two server processes, also after one's connection is cut.

const onPostgres = getDriver() === 'postgres'
function getDriver() {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite'
}

const buses: LiveBus[] = []
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.stop()))
})

async function databaseUrl() {
  const rows = await getDb().execute<{ name: string }>(sql`select current_database() as name`)
  const [row] = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { name: string }[] }).rows) as { name: string }[]
  return withDatabase(process.env.TEST_DATABASE_URL!, row!.name)
}

async function process_(name: string) {
  const bus = new LiveBus({ databaseUrl: onPostgres ? await databaseUrl() : undefined, applicationName: name })
  buses.push(bus)
  await bus.start()
  return bus
}

function collect(bus: LiveBus, channel: string) {
  const got: Array<LivePayload | null> = []
  bus.subscribe(channel, (p) => got.push(p))
  return got
}

async function until(check: () => boolean, ms = 3_000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('live bus', () => {
  it('delivers to the channel’s subscribers in the publishing process at once, once, and not to other channels', async () => {
    const a = await process_('bus-a')
    const mine = collect(a, 'session:1')
    const other = collect(a, 'session:2')
    const publishing = a.publish('session:1', { kind: 'lead' })
    // Before the NOTIFY's round trip: the process that made the change shows it first.
    expect(mine).toEqual([{ kind: 'lead' }])
    await publishing
    await new Promise((r) => setTimeout(r, onPostgres ? 300 : 10))
    expect(mine).toEqual([{ kind: 'lead' }])
    expect(other).toEqual([])
  })

  it('stops delivering to a subscriber that unsubscribed', async () => {
    const a = await process_('bus-a')
    const got: LivePayload[] = []
    const off = a.subscribe('c', (p) => p && got.push(p))
    await a.publish('c', { n: 1 })
    off()
    await a.publish('c', { n: 2 })
    expect(got).toEqual([{ n: 1 }])
  })

  it('refuses a payload over NOTIFY’s 8000 bytes', async () => {
    const a = await process_('bus-a')
    await expect(a.publish('c', { text: 'x'.repeat(8_000) })).rejects.toThrow(LivePayloadTooLargeError)
  })

  it.runIf(onPostgres)('reaches a second process through LISTEN/NOTIFY', async () => {
    const a = await process_('bus-a')
    const b = await process_('bus-b')
    const atA = collect(a, 'session:x')
    const atB = collect(b, 'session:x')
    const started = Date.now()
    await a.publish('session:x', { kind: 'lead', count: 3 })
    await until(() => atB.length > 0)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(atB).toEqual([{ kind: 'lead', count: 3 }])
    await b.publish('session:x', { kind: 'feedback' })
    await until(() => atA.length > 1)
    expect(atA).toEqual([{ kind: 'lead', count: 3 }, { kind: 'feedback' }])
  })

  it.runIf(onPostgres)('listens again after its connection is cut, and tells its subscribers to read again', async () => {
    const a = await process_('bus-a')
    const b = await process_('bus-b')
    const atB = collect(b, 'session:y')
    expect(b.listens).toBe(1)
    await getDb().execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'bus-b' and datname = current_database()`,
    )
    await until(() => b.listens === 2, 5_000)
    // A message may have been lost while it was away: null says "read again".
    expect(atB).toEqual([null])
    await a.publish('session:y', { kind: 'lead' })
    await until(() => atB.length === 2)
    expect(atB).toEqual([null, { kind: 'lead' }])
  })

  it('purges the page cache of this process at once and of the others through the bus', async () => {
    const page: CachedPage = {
      status: 200,
      headers: [],
      body: Buffer.from('x'),
      gzip: Buffer.alloc(0),
      br: Buffer.alloc(0),
      etag: 'e',
      scriptHashes: [],
      storedAt: Date.now(),
    }
    expect(storeCachedPage('/speakers/x', page, pageCacheGeneration())).toBe(true)
    const off = applyPageCachePurges()
    try {
      await purgePageCacheEverywhere()
      expect(getCachedPage('/speakers/x')).toBeNull()
    } finally {
      off()
    }
    if (!onPostgres) return
    // Another process (its own bus and store stand for it here): it purges when the message arrives.
    const other = await process_('bus-other')
    let purged = 0
    other.subscribe('page-cache', () => purged++)
    await (await process_('bus-sender')).publish('page-cache', { purge: true })
    await until(() => purged === 1)
  })
})
