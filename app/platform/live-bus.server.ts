import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Sql as PostgresClient } from 'postgres'
import { getDb } from '~/db/client.server'

// The live bus (ARCHITECTURE decision 25; docs/feedback.md → The live display on a venue's network):
// publish(channel, payload) reaches every subscriber of the channel in every server process. On
// Postgres it goes through one `NOTIFY lectern_live` carrying { origin, channel, payload }, heard by
// each process on its own LISTEN connection (reconnected after a drop, and its subscribers told they
// may have missed messages); on PGlite, which serves one process, it stays in the process. The
// publishing process delivers to its own subscribers at once and ignores its own echo.
//
// It sits in app/platform, below the models, so that a model can publish after its write (models
// never import services). Publish only what every listener may see: ids and counts, never a person's
// details — a NOTIFY payload is visible to anything that LISTENs on the database.

/** The one Postgres channel every message travels on; the logical channel is inside the payload. */
export const LIVE_BUS_PG_CHANNEL = 'lectern_live'
/** Postgres refuses a NOTIFY payload of 8000 bytes or more. */
export const LIVE_BUS_MAX_PAYLOAD_BYTES = 7999
const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 10_000
/** A LISTEN connection that died without a close (a cut network) is found by this ping. */
const PING_EVERY_MS = 15_000
const PING_TIMEOUT_MS = 5_000

export type LivePayload = Record<string, string | number | boolean | null>
/** Called with a message, or with null when messages may have been lost (after a reconnect): read again. */
export type LiveListener = (payload: LivePayload | null) => void

type Envelope = { o: string; c: string; p: LivePayload }

export class LivePayloadTooLargeError extends Error {}

export type LiveBusOptions = {
  /** Postgres address to LISTEN on (the same database the app writes to); none → in-process only. */
  databaseUrl?: string
  /** How the LISTEN connection names itself in pg_stat_activity. */
  applicationName?: string
  /** Sends one NOTIFY text; by default through the app's database. */
  notify?: (text: string) => Promise<void>
}

export class LiveBus {
  readonly origin = randomUUID()
  private readonly listeners = new Map<string, Set<LiveListener>>()
  private client: PostgresClient | undefined
  private stopped = false
  private connected = false
  private attempts = 0
  private retry: NodeJS.Timeout | undefined
  private ping: NodeJS.Timeout | undefined
  /** Incremented on every successful LISTEN; tests and the benchmark wait on it. */
  listens = 0

  constructor(private readonly options: LiveBusOptions = {}) {}

  get fansOut() {
    return !!this.options.databaseUrl
  }

  /** Opens the LISTEN connection (Postgres); resolves once listening or after the first failure (it keeps retrying). */
  async start() {
    if (!this.options.databaseUrl || this.ping) return
    await this.listen()
    this.ping = setInterval(() => void this.checkConnection(), PING_EVERY_MS)
    this.ping.unref()
  }

  async stop() {
    this.stopped = true
    clearTimeout(this.retry)
    clearInterval(this.ping)
    await this.dropClient()
  }

  private async openClient() {
    const { default: postgres } = await import('postgres')
    // `onnotify` is an option of postgres.js (src/index.js) its types leave out: notifications of
    // this connection's LISTEN, delivered without its sql.listen() (which re-listens only once).
    const options = {
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      connection: { application_name: this.options.applicationName ?? 'lectern-live-bus' },
      onnotice: () => {},
      onnotify: (channel: string, text: string) => {
        if (channel === LIVE_BUS_PG_CHANNEL) this.receive(text)
      },
      onclose: () => {
        // The LISTEN connection closed (server restart, network, terminated): listen again.
        if (this.client === client && this.connected) {
          this.connected = false
          this.scheduleListen()
        }
      },
    }
    const client: PostgresClient = postgres(this.options.databaseUrl!, options as Parameters<typeof postgres>[1])
    this.client = client
    return client
  }

  private async dropClient() {
    const client = this.client
    this.client = undefined
    this.connected = false
    await client?.end({ timeout: 0 }).catch(() => {})
  }

  subscribe(channel: string, fn: LiveListener): () => void {
    let set = this.listeners.get(channel)
    if (!set) this.listeners.set(channel, (set = new Set()))
    set.add(fn)
    return () => {
      set.delete(fn)
      if (set.size === 0 && this.listeners.get(channel) === set) this.listeners.delete(channel)
    }
  }

  /**
   * Delivers to this process's subscribers at once and, on Postgres, to the other processes through
   * NOTIFY. Call it after the change is committed. A bus that cannot send is logged, never thrown:
   * what it carries is a hint to read again, and the change itself is stored.
   */
  async publish(channel: string, payload: LivePayload) {
    const text = encodeEnvelope({ o: this.origin, c: channel, p: payload })
    this.deliver(channel, payload)
    if (!this.fansOut) return
    try {
      await (this.options.notify ?? notifyThroughApp)(text)
    } catch (error) {
      console.error(`Live bus: publishing on ${channel} failed`, error)
    }
  }

  private receive(text: string) {
    let envelope: Envelope
    try {
      envelope = JSON.parse(text) as Envelope
    } catch {
      return
    }
    if (envelope.o === this.origin || typeof envelope.c !== 'string') return
    this.deliver(envelope.c, envelope.p)
  }

  private deliver(channel: string, payload: LivePayload | null) {
    const set = this.listeners.get(channel)
    if (!set) return
    for (const fn of [...set]) {
      try {
        fn(payload)
      } catch (error) {
        console.error(`Live bus: a subscriber of ${channel} failed`, error)
      }
    }
  }

  private async listen() {
    if (this.stopped) return
    const client = this.client ?? (await this.openClient())
    try {
      await client.unsafe(`listen ${LIVE_BUS_PG_CHANNEL}`)
      if (this.stopped) return
      const again = this.listens > 0
      this.connected = true
      this.attempts = 0
      this.listens++
      // Whatever was sent while this process was not listening is gone: every subscriber reads again.
      if (again) for (const channel of [...this.listeners.keys()]) this.deliver(channel, null)
    } catch (error) {
      if (this.stopped) return
      if (this.attempts === 0) console.error('Live bus: LISTEN failed; retrying', error instanceof Error ? error.message : error)
      this.scheduleListen()
    }
  }

  private scheduleListen() {
    if (this.stopped || this.retry) return
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.attempts++)
    this.retry = setTimeout(() => {
      this.retry = undefined
      void this.listen()
    }, delay)
    this.retry.unref()
  }

  private async checkConnection() {
    const client = this.client
    if (!client || !this.connected) return
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS)
    })
    try {
      await Promise.race([client.unsafe('select 1'), timeout])
    } catch {
      // The connection is gone without telling us: drop it and listen on a new one.
      if (this.client === client && this.connected) {
        await this.dropClient()
        this.scheduleListen()
      }
    } finally {
      clearTimeout(timer)
    }
  }
}

export function encodeEnvelope(envelope: Envelope) {
  const text = JSON.stringify(envelope)
  if (Buffer.byteLength(text, 'utf8') > LIVE_BUS_MAX_PAYLOAD_BYTES) {
    throw new LivePayloadTooLargeError(`A live message on ${envelope.c} is over ${LIVE_BUS_MAX_PAYLOAD_BYTES} bytes.`)
  }
  return text
}

async function notifyThroughApp(text: string) {
  await getDb().execute(sql`select pg_notify(${LIVE_BUS_PG_CHANNEL}, ${text})`)
}

// One bus per process, kept on globalThis: the Express entry and the Remix build each bundle their
// own copy of this module.
const holder = globalThis as unknown as { __lecternLiveBus?: LiveBus }

/** The process's bus: LISTENs when the app's database is Postgres (called at start-up, after the database opens). */
export async function startLiveBus(databaseUrl: string | undefined) {
  if (holder.__lecternLiveBus) return holder.__lecternLiveBus
  const bus = new LiveBus({ databaseUrl })
  holder.__lecternLiveBus = bus
  await bus.start()
  return bus
}

export async function stopLiveBus() {
  const bus = holder.__lecternLiveBus
  holder.__lecternLiveBus = undefined
  await bus?.stop()
}

/** The running bus; before start-up (scripts, tests without it) an in-process one, so publishing never fails. */
export function liveBus(): LiveBus {
  if (!holder.__lecternLiveBus) {
    holder.__lecternLiveBus = new LiveBus({ databaseUrl: undefined })
  }
  return holder.__lecternLiveBus
}

export const publish = (channel: string, payload: LivePayload) => liveBus().publish(channel, payload)
export const subscribe = (channel: string, fn: LiveListener) => liveBus().subscribe(channel, fn)
