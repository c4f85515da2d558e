import { z } from 'zod'
import { sessionEndsAt } from './feedback'

// The automatic follow-up of a session (issue 32 Deliver 7; docs/follow-up.md "Automatic follow-up"):
// written once, sent `delayHours` after the session ends to everyone the recipients rule includes then,
// and to each later sign-up `delayHours` after they signed up; paused, nothing goes out. Pure: the
// schedule rule, its bounds and the words the pages say. The sweep that acts on it is
// app/models/follow-up-automatic.server.ts.

export const AUTO_DELAY_BOUNDS = { min: 1, max: 336 } as const
export const AUTO_DELAY_DEFAULT = 24

export const AUTO_MESSAGES = {
  delay: `Enter a whole number of hours from ${AUTO_DELAY_BOUNDS.min} to ${AUTO_DELAY_BOUNDS.max} (two weeks)`,
} as const

export const AutoDelaySchema = z.object({
  delayHours: z.coerce
    .number({ error: AUTO_MESSAGES.delay })
    .int(AUTO_MESSAGES.delay)
    .min(AUTO_DELAY_BOUNDS.min, AUTO_MESSAGES.delay)
    .max(AUTO_DELAY_BOUNDS.max, AUTO_MESSAGES.delay),
})

const HOUR_MS = 60 * 60 * 1000

type SessionTiming = { startsAt: Date; durationMinutes: number | null }

/** When the first send is due: the session's end (start + its length, app/lib/feedback.ts) plus the delay. */
export function firstSendDueAt(session: SessionTiming, delayHours: number): Date {
  return new Date(sessionEndsAt(session).getTime() + delayHours * HOUR_MS)
}

/** When a sign-up after the first send is due: the delay after their (latest) sign-up. */
export function lateSignUpDueAt(signedUpAt: Date, delayHours: number): Date {
  return new Date(signedUpAt.getTime() + delayHours * HOUR_MS)
}

/** The latest sign-up time that is due at `now` (the sweep takes everyone who signed up at or before it). */
export function lateSignUpCutoff(now: Date, delayHours: number): Date {
  return new Date(now.getTime() - delayHours * HOUR_MS)
}

export type AutoPhase = 'draft' | 'paused' | 'waiting' | 'sending' | 'running' | 'stopped'

export const AUTO_PHASE_LABELS: Record<AutoPhase, string> = {
  draft: 'Not turned on',
  paused: 'Paused',
  waiting: 'On: waiting for the session to end',
  sending: 'On: sending',
  running: 'On: sent; later sign-ups get it',
  stopped: 'Cancelled',
}

/**
 * Where an automatic follow-up stands: written but not turned on (draft), paused, turned on and
 * waiting for its first send, sending it (or a later sign-up's), or running after the first send
 * (later sign-ups get it after the delay); stopped when it was cancelled.
 */
export function autoPhase(f: { status: string; paused: boolean }): AutoPhase {
  if (f.status === 'cancelled') return 'stopped'
  if (f.status === 'draft') return 'draft'
  if (f.paused) return 'paused'
  if (f.status === 'scheduled') return 'waiting'
  if (f.status === 'sending') return 'sending'
  return 'running'
}

/** What is due now: nothing (draft, paused, stopped), the first send, or the later sign-ups' sweep. */
export function autoDue(
  f: { status: string; paused: boolean; delayHours: number },
  session: SessionTiming,
  now: Date,
): 'first' | 'late' | null {
  const phase = autoPhase(f)
  if (phase === 'waiting') return firstSendDueAt(session, f.delayHours).getTime() <= now.getTime() ? 'first' : null
  if (phase === 'sending' || phase === 'running') return 'late'
  return null
}

/** "Thu 4 Dec 2026 at 18:00 (Europe/Berlin)": a time as the pages say it. */
export function formatAutoTime(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('year')} at ${get('hour')}:${get('minute')} (${timeZone})`
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`)
const people = (n: number) => (n === 1 ? '1 person' : `${n} people`)

/** The state in words, for the session's page and the follow-up's own. */
export function autoSentence(
  f: {
    status: string
    paused: boolean
    delayHours: number
    sentCount: number
    recipientCount: number
    statusReason: string | null
  },
  session: SessionTiming & { timeZone: string },
  now: Date,
): string {
  const due = firstSendDueAt(session, f.delayHours)
  const when = due.getTime() <= now.getTime() ? 'within a few minutes' : `on ${formatAutoTime(due, session.timeZone)}`
  const later = `later sign-ups get it ${hours(f.delayHours)} after signing up`
  switch (autoPhase(f)) {
    case 'draft':
      return `Not turned on: nothing is sent. Once on, it sends ${hours(f.delayHours)} after the session ends (${formatAutoTime(due, session.timeZone)}).`
    case 'stopped':
      return 'Cancelled: it sends nothing more.'
    case 'paused':
      return f.recipientCount > 0
        ? `Paused: nothing is sent. Sent to ${people(f.sentCount)} so far; on resuming, ${later} (anyone already due gets it at once).`
        : `Paused: nothing is sent. On resuming, it sends ${when} to everyone who agreed by then.`
    case 'waiting':
      return `Sends ${when} to everyone who agreed by then; ${later}.`
    case 'sending':
      return `Sending: ${f.sentCount} of ${f.recipientCount} sent so far; ${later}.`
    case 'running':
      return `Sent to ${people(f.sentCount)}; ${later}.${f.status === 'partly_sent' && f.statusReason ? ` Some were not sent: ${f.statusReason}.`.replace(/\.\.$/, '.') : ''}`
  }
}
