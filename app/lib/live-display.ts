// The live display for the projector (issue 33 Deliver 6; docs/feedback.md → The live display on a
// venue's network): its bus channels, its timings and the Server-Sent Events framing of its stream.

/** A named heartbeat event this often: proxies that cut idle connections see traffic, and the page sees it is online. */
export const DISPLAY_HEARTBEAT_MS = 15_000
/** How long an EventSource waits before reconnecting after the stream drops (the `retry:` field). */
export const DISPLAY_RETRY_MS = 2_000
/** Without JavaScript the display page reloads itself this often (seconds). */
export const DISPLAY_NOSCRIPT_REFRESH_SECONDS = 10
/** The page says it is offline when no event (heartbeats included) arrived for this long. */
export const DISPLAY_OFFLINE_AFTER_MS = DISPLAY_HEARTBEAT_MS * 2 + 5_000

/** The bus channel of one session: sign-ups, feedback answers and status changes are published here. */
export function sessionLiveChannel(sessionId: string) {
  return `session:${sessionId}`
}

/** What the display shows, as its stream sends it: counts and states only, nothing about a person. */
export type DisplayState = {
  signups: number
  /** Feedback answers, or null when the session takes no feedback. */
  feedback: number | null
  feedbackOpen: boolean
  status: 'draft' | 'live' | 'closed'
}

export function sameDisplayState(a: DisplayState, b: DisplayState) {
  return a.signups === b.signups && a.feedback === b.feedback && a.feedbackOpen === b.feedbackOpen && a.status === b.status
}

/** The QR code's call to action: feedback while its window is open, else the sign-up (its offer when it has one). */
export function displayCallToAction(state: Pick<DisplayState, 'feedbackOpen' | 'status'>, offerTitle: string) {
  if (state.status === 'closed') return 'This session has ended'
  if (state.status === 'draft') return 'The page opens when the session goes live'
  if (state.feedbackOpen) return 'Scan to give feedback on this talk'
  return offerTitle ? `Scan for ${offerTitle}` : 'Scan to leave your details'
}

export type SseEvent = { event?: string; id?: string | number; data?: string; retry?: number }

/**
 * One Server-Sent Events message (HTML Living Standard, 9.2.6): each field on its own line, data split
 * on line breaks into several `data:` lines, ended by a blank line. Field values never carry a line
 * break or, for id, a NUL (the browser would ignore the id).
 */
export function sseMessage({ event, id, data, retry }: SseEvent) {
  let out = ''
  if (retry !== undefined) {
    if (!Number.isInteger(retry) || retry < 0) throw new Error('retry must be a whole number of milliseconds')
    out += `retry: ${retry}\n`
  }
  if (event !== undefined) out += `event: ${singleLine(event, 'event')}\n`
  if (id !== undefined) {
    const value = singleLine(String(id), 'id')
    if (value.includes('\0')) throw new Error('An event id cannot hold NUL')
    out += `id: ${value}\n`
  }
  if (data !== undefined) for (const line of data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`
  return `${out}\n`
}

/** A comment line: ignored by the browser, keeps bytes moving (the first one opens the stream through buffering proxies). */
export function sseComment(text: string) {
  return `: ${singleLine(text, 'comment')}\n\n`
}

function singleLine(value: string, field: string) {
  if (/[\r\n]/.test(value)) throw new Error(`An SSE ${field} cannot hold a line break`)
  return value
}

/** The Last-Event-ID a reconnecting EventSource sent, as a version number, or null. */
export function parseLastEventId(value: string | null): number | null {
  if (!value || !/^\d{1,16}$/.test(value)) return null
  return Number(value)
}

/** The next event id of a session's state: monotonic, and above any id the client already holds. */
export function nextVersion(previous: number, now: number, clientHolds: number | null = null) {
  return Math.max(previous + 1, now, (clientHolds ?? 0) + 1)
}
