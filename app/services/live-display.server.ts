import {
  DISPLAY_HEARTBEAT_MS,
  DISPLAY_RETRY_MS,
  nextVersion,
  sameDisplayState,
  sessionLiveChannel,
  sseComment,
  sseMessage,
  type DisplayState,
} from '~/lib/live-display'
import { feedbackState } from '~/lib/feedback'
import { currentDisplayTokenHash, getDisplayCounts } from '~/models/display-links.server'
import { subscribe } from '~/platform/live-bus.server'

// The display streams of this process (issue 33 Deliver 6; docs/feedback.md → The live display on a
// venue's network): GET /d/{token}/events. Streams are grouped per session in a hub that holds ONE
// bus subscription and the session's last state: a message on the bus (a sign-up, a feedback answer,
// a status or link change, from any process) makes the hub read the counts once — coalesced, however
// many arrive meanwhile — and, when they changed, send the same encoded bytes to each of its streams.
// One timer for the whole process sends every stream its heartbeat and recounts every hub (what no
// one published, the feedback window opening, is shown within a heartbeat). A stream keeps only its controller and its
// token's hash, so 500 of them cost little (npm run bench:display).

/** A stream whose client stopped reading holds at most this much queued before it is closed. */
const MAX_QUEUED_BYTES = 64 * 1024
const encoder = new TextEncoder()

type Stream = { controller: ReadableStreamDefaultController<Uint8Array>; tokenHash: string }
type Hub = {
  sessionId: string
  streams: Set<Stream>
  state: DisplayState | null
  version: number
  unsubscribe: () => void
  reading: Promise<void> | null
  readAgain: boolean
  checkToken: boolean
}
type Registry = { hubs: Map<string, Hub>; timer: NodeJS.Timeout | undefined; closing: boolean }

// On globalThis: server/index.ts closes the streams at shutdown through the build's module, and the
// Express entry and the Remix build each bundle their own copy of this file.
const holder = globalThis as unknown as { __lecternDisplays?: Registry }
function registry(): Registry {
  holder.__lecternDisplays ??= { hubs: new Map(), timer: undefined, closing: false }
  return holder.__lecternDisplays
}

/**
 * What a session's display shows now, or null when the session is gone. Feedback counts only when
 * the session takes it; "feedback is open" follows its window (app/lib/feedback.ts), read again at
 * least every heartbeat, so the call to action switches within 15 s of the window opening.
 */
export async function readDisplayState(sessionId: string, now = new Date()): Promise<DisplayState | null> {
  const counts = await getDisplayCounts(sessionId)
  if (!counts) return null
  const window = feedbackState(counts, now)
  return {
    signups: counts.signups,
    feedback: window.state === 'off' ? null : counts.feedback,
    feedbackOpen: window.state === 'open',
    status: counts.status,
  }
}

/** The frame of a display's state: a named `counts` event whose id is the state's version. */
export function countsMessage(state: DisplayState, version: number) {
  return sseMessage({ event: 'counts', id: version, data: JSON.stringify(state) })
}

export const HEARTBEAT_MESSAGE = sseMessage({ event: 'heartbeat', data: '' })

/**
 * The event stream of one display: `retry:` and the current state at once (whatever Last-Event-ID the
 * client holds: a reconnect is answered with the state as it is now, under a newer id), then every
 * change and a heartbeat every 15 s, until the client leaves, the link is revoked or renewed (a
 * `revoked` event, then the end), or the server shuts down.
 */
export function openDisplayStream(input: {
  sessionId: string
  tokenHash: string
  lastEventId: number | null
  signal: AbortSignal
}) {
  const reg = registry()
  let stream: Stream | undefined
  let hub: Hub | undefined
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A comment first: proxies that hold the first bytes back see the stream begin.
      controller.enqueue(encoder.encode(sseMessage({ retry: DISPLAY_RETRY_MS }) + sseComment('display')))
      if (reg.closing || input.signal.aborted) return controller.close()
      stream = { controller, tokenHash: input.tokenHash }
      hub = hubOf(input.sessionId)
      hub.streams.add(stream)
      if (input.lastEventId !== null && input.lastEventId >= hub.version) hub.version = input.lastEventId
      if (hub.state) {
        hub.version = nextVersion(hub.version, Date.now())
        send(stream, encoder.encode(countsMessage(hub.state, hub.version)))
      }
      // Read now in any case (a held state may be up to a heartbeat old); a first read sends to every stream.
      refresh(hub)
      // The client left: end the stream too, or the response's writer would wait on it for ever (and
      // graceful shutdown on the writer).
      input.signal.addEventListener('abort', () => close(hub!, stream!), { once: true })
      ensureTimer()
    },
    cancel() {
      if (hub && stream) drop(hub, stream)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: compression (server/index.ts) and proxies leave an event stream as it is.
      'Cache-Control': 'no-cache, no-transform',
      // nginx and the proxies that copy it send each event as it is written.
      'X-Accel-Buffering': 'no',
    },
  })
}

function hubOf(sessionId: string): Hub {
  const reg = registry()
  const hub = reg.hubs.get(sessionId)
  if (hub) return hub
  const created: Hub = {
    sessionId,
    streams: new Set(),
    state: null,
    version: 0,
    unsubscribe: () => {},
    reading: null,
    readAgain: false,
    checkToken: false,
  }
  created.unsubscribe = subscribe(sessionLiveChannel(sessionId), (payload) => {
    // A link renewed or revoked, or messages possibly lost (null, after the bus reconnected): check tokens too.
    if (!payload || payload.kind === 'link') created.checkToken = true
    refresh(created)
  })
  reg.hubs.set(sessionId, created)
  return created
}

/** Reads the session's state (one read however many messages arrive meanwhile) and sends what changed. */
function refresh(hub: Hub) {
  if (hub.reading) {
    hub.readAgain = true
    return
  }
  hub.reading = (async () => {
    try {
      do {
        hub.readAgain = false
        const checkToken = hub.checkToken
        hub.checkToken = false
        const [state, tokenHash] = await Promise.all([
          readDisplayState(hub.sessionId),
          checkToken ? currentDisplayTokenHash(hub.sessionId) : Promise.resolve(undefined),
        ])
        if (checkToken || !state) revokeOthers(hub, state ? (tokenHash ?? null) : null)
        if (!state) return
        const changed = !hub.state || !sameDisplayState(hub.state, state)
        if (changed) {
          hub.state = state
          hub.version = nextVersion(hub.version, Date.now())
          broadcast(hub, encoder.encode(countsMessage(state, hub.version)))
        }
      } while (hub.readAgain)
    } catch (error) {
      // The next message or heartbeat reads again; the display keeps showing the last counts.
      console.error('Live display: reading a session’s counts failed', error)
    } finally {
      hub.reading = null
    }
  })()
}

/** Ends the streams whose token is no longer the session's link (renewed, revoked, session deleted). */
function revokeOthers(hub: Hub, current: string | null) {
  const revoked = encoder.encode(sseMessage({ event: 'revoked', data: '' }))
  for (const stream of [...hub.streams]) {
    if (stream.tokenHash === current) continue
    send(stream, revoked)
    close(hub, stream)
  }
}

function broadcast(hub: Hub, bytes: Uint8Array) {
  for (const stream of [...hub.streams]) send(stream, bytes, hub)
}

function send(stream: Stream, bytes: Uint8Array, hub?: Hub) {
  try {
    // A client that stopped reading (a laptop asleep on a half-open connection) is let go before it costs memory.
    if ((stream.controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
      if (hub) close(hub, stream)
      return
    }
    stream.controller.enqueue(bytes)
  } catch {
    // Already closed.
  }
}

function close(hub: Hub, stream: Stream) {
  try {
    stream.controller.close()
  } catch {
    // Already closed.
  }
  drop(hub, stream)
}

function drop(hub: Hub, stream: Stream) {
  hub.streams.delete(stream)
  if (hub.streams.size > 0) return
  const reg = registry()
  if (reg.hubs.get(hub.sessionId) === hub) reg.hubs.delete(hub.sessionId)
  hub.unsubscribe()
  if (reg.hubs.size === 0 && reg.timer) {
    clearInterval(reg.timer)
    reg.timer = undefined
  }
}

function ensureTimer() {
  const reg = registry()
  if (reg.timer) return
  reg.timer = setInterval(() => {
    const beat = encoder.encode(HEARTBEAT_MESSAGE)
    for (const hub of reg.hubs.values()) {
      broadcast(hub, beat)
      refresh(hub)
    }
  }, DISPLAY_HEARTBEAT_MS)
  reg.timer.unref()
}

/** Ends every display stream of this process (graceful shutdown: their EventSources reconnect elsewhere or later). */
export function closeDisplayStreams() {
  const reg = registry()
  reg.closing = true
  for (const hub of [...reg.hubs.values()]) for (const stream of [...hub.streams]) close(hub, stream)
}

/** Open display streams in this process (tests and the benchmark). */
export function displayStreamCount() {
  let n = 0
  for (const hub of registry().hubs.values()) n += hub.streams.size
  return n
}
