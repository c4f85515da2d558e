import { combinedConversion, conversion, type Conversion } from './conversion'
import type { PART_RATINGS } from './feedback'
import { RATINGS, responseRate, type RatingCounts } from './feedback-report'
import { sumByCurrency, type MoneyTotal } from './roi'
import { utcToZonedLocal, zonedLocalToUtc } from './time-zone'

// Insights by event, speaker and session (issue 23 Deliver 7, docs/organisers.md): the figures of
// each session added up per speaker and per event, and the leads per 15 minutes of each room across
// the event's days. Pure: app/models/event-insights.server.ts reads one grouped row set per table,
// the pages and CSVs show what comes out. The rules are the ROI pages' (app/lib/roi.ts): conversion
// from app/lib/conversion.ts, money kept per currency and never converted, each person's deal
// credited once, to the session of their first capture (first touch).

/** The counts of one session, or of several added up. */
export type InsightFigures = {
  scans: number
  visits: number
  /** Unique visitors (the conversion's denominator); added up over sessions, as the talk ROI does. */
  visitors: number
  /** Every capture: a count reveals no one, so captures not given to the organiser count too. */
  leads: number
  /** Captures given to the organiser whose person's score band is hot. */
  hotLeads: number
  /** Open deals (new, contacted, meeting) and won deals of the people credited here, per currency. */
  pipeline: MoneyTotal[]
  won: MoneyTotal[]
  /** The feedback given (issue 33 Deliver 4); counts, so every answer counts, like leads. */
  feedback: InsightFeedback
}

export type PartKey = (typeof PART_RATINGS)[number]['key']
/** Feedback counts of one session or several added up: sums and counts, so means add up exactly. */
export type InsightFeedback = {
  responses: number
  /** Answers per overall rating 1..5. */
  counts: RatingCounts
  /** Per part-rating: the sum of the ratings given and how many gave one. */
  parts: Record<PartKey, { sum: number; count: number }>
  bookingLeads: number
  /** Testimonials (permission ticked, words given) the speaker has neither approved nor hidden. */
  awaitingApproval: number
}

export const NO_FEEDBACK: InsightFeedback = {
  responses: 0,
  counts: {},
  parts: { content: { sum: 0, count: 0 }, delivery: { sum: 0, count: 0 }, slides: { sum: 0, count: 0 } },
  bookingLeads: 0,
  awaitingApproval: 0,
}

export const NO_FIGURES: InsightFigures = {
  scans: 0,
  visits: 0,
  visitors: 0,
  leads: 0,
  hotLeads: 0,
  pipeline: [],
  won: [],
  feedback: NO_FEEDBACK,
}

/** Feedback counts added up over sessions. */
export function addUpFeedback(list: ReadonlyArray<InsightFeedback>): InsightFeedback {
  const sum = (f: (x: InsightFeedback) => number) => list.reduce((n, x) => n + f(x), 0)
  const counts: RatingCounts = {}
  for (const r of RATINGS) {
    const n = sum((x) => x.counts[r] ?? 0)
    if (n > 0) counts[r] = n
  }
  const part = (key: PartKey) => ({ sum: sum((x) => x.parts[key].sum), count: sum((x) => x.parts[key].count) })
  return {
    responses: sum((x) => x.responses),
    counts,
    parts: { content: part('content'), delivery: part('delivery'), slides: part('slides') },
    bookingLeads: sum((x) => x.bookingLeads),
    awaitingApproval: sum((x) => x.awaitingApproval),
  }
}

/** A part-rating's mean to one decimal (the speaker's page rounds the same way), null without ratings. */
export function partMean(part: { sum: number; count: number }): number | null {
  return part.count > 0 ? Math.round((part.sum / part.count) * 10) / 10 : null
}

export type InsightSession = InsightFigures & {
  id: string
  code: string
  talkTitle: string
  startsAt: Date
  durationMinutes: number | null
  eventId: string
  roomId: string | null
  roomName: string | null
  speakerId: string | null
  speakerName: string | null
  conversion: Conversion
  /** Responses ÷ unique visitors: responseRate (app/lib/feedback-report.ts), the speaker's page's rule. */
  responseRate: Conversion
}

export type InsightTotals = InsightFigures & { sessions: number; conversion: Conversion; responseRate: Conversion }

/** Sessions added up: counts summed, money per currency, conversion with each session's floor. */
export function addUp(sessions: ReadonlyArray<InsightFigures>): InsightTotals {
  const sum = (f: (s: InsightFigures) => number) => sessions.reduce((n, s) => n + f(s), 0)
  return {
    sessions: sessions.length,
    scans: sum((s) => s.scans),
    visits: sum((s) => s.visits),
    visitors: sum((s) => s.visitors),
    leads: sum((s) => s.leads),
    hotLeads: sum((s) => s.hotLeads),
    // Each person is credited to one session only (first touch), so per-currency sums count no one twice.
    pipeline: sumByCurrency(sessions.flatMap((s) => s.pipeline)),
    won: sumByCurrency(sessions.flatMap((s) => s.won)),
    conversion: combinedConversion(sessions.map((s) => ({ leads: s.leads, visitors: s.visitors }))),
    feedback: addUpFeedback(sessions.map((s) => s.feedback)),
    responseRate: responseRate(sessions.map((s) => ({ responses: s.feedback.responses, visitors: s.visitors }))),
  }
}

/** One session's row: its figures, its conversion and its response rate. */
export function sessionRow<T extends InsightFigures>(session: T): T & { conversion: Conversion; responseRate: Conversion } {
  return {
    ...session,
    conversion: conversion(session.leads, session.visitors),
    responseRate: responseRate(session.feedback.responses, session.visitors),
  }
}

export type SpeakerRef = { id: string; name: string; email: string; company: string }
export type SpeakerInsight = InsightTotals & SpeakerRef & { events: number }

/**
 * One row per speaker given, over the sessions of theirs in `sessions` (all their events, or one):
 * a speaker without sessions there has a row of zeros; sessions without a speaker are in no row.
 */
export function bySpeaker(sessions: readonly InsightSession[], speakers: readonly SpeakerRef[]): SpeakerInsight[] {
  const groups = groupBy(sessions, (s) => s.speakerId)
  return speakers.map((speaker) => {
    const own = groups.get(speaker.id) ?? []
    return { ...speaker, ...addUp(own), events: new Set(own.map((s) => s.eventId)).size }
  })
}

export type EventRef = { id: string; name: string; startsOn: string; endsOn: string; status: string }
export type EventInsight = InsightTotals & EventRef & { speakers: number }

/** One row per event given, with the totals of its sessions and how many speakers gave them. */
export function byEvent(sessions: readonly InsightSession[], events: readonly EventRef[]): EventInsight[] {
  const groups = groupBy(sessions, (s) => s.eventId)
  return events.map((event) => {
    const own = groups.get(event.id) ?? []
    return { ...event, ...addUp(own), speakers: new Set(own.flatMap((s) => (s.speakerId ? [s.speakerId] : []))).size }
  })
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K) {
  const groups = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = groups.get(k)
    if (list) list.push(row)
    else groups.set(k, [row])
  }
  return groups
}

// ── Leads per 15 minutes, per room, across the event's days ─────────────────────────────────────

export const QUARTER_MS = 15 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
/** Days of an event drawn at most (later days' captures are counted as after the event). */
export const TIMELINE_MAX_DAYS = 14

/**
 * A 15-minute bucket as the database groups it: floor(epoch seconds / 900). Every zone in use is a
 * whole number of quarter hours off UTC (India +5:30, Nepal +5:45, Chatham +12:45), so these UTC
 * buckets are the event zone's own quarter hours: only the labels need the zone.
 */
export type QuarterCount = { roomId: string | null; quarter: number; count: number }

export type QuarterPoint = { key: string; label: string; tick: string; count: number }

export type RoomTimeline = {
  roomId: string | null
  roomName: string
  /** Captures on the event's days. */
  total: number
  points: QuarterPoint[]
  /** The busiest quarter hour (the earliest on a tie), or null without captures. */
  peak: { label: string; count: number } | null
}

export type EventTimeline = {
  /** The days drawn (with their window, in the event's wall clock) and the days without any activity. */
  days: Array<{ day: string; label: string; from: string; to: string }>
  quietDays: string[]
  rooms: RoomTimeline[]
  /** Every n-th point is labelled on the x axis (always a whole hour). */
  labelEvery: number
  beforeEvent: number
  afterEvent: number
}

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)
export const NO_ROOM = 'No room'

/**
 * Captures per 15 minutes of each room on each of the event's days (its time zone). A day is drawn
 * from the whole hour before its first session or capture to the whole hour after its last, the
 * same window for every room so rooms line up; a day with neither is listed as quiet. Rooms come in
 * the organiser's order, then sessions without a room; a room with no session and no capture is
 * left out.
 */
export function eventTimeline(
  counts: readonly QuarterCount[],
  rooms: ReadonlyArray<{ id: string; name: string }>,
  event: { startsOn: string; endsOn: string; timeZone: string },
  sessions: ReadonlyArray<{ roomId: string | null; startsAt: Date; durationMinutes: number | null }>,
): EventTimeline {
  const zone = event.timeZone
  const first = dayNumber(event.startsOn)
  const last = Math.min(dayNumber(event.endsOn), first + TIMELINE_MAX_DAYS - 1)
  const start = (n: number) => zonedLocalToUtc(`${dayString(n)}T00:00`, zone)!.getTime()
  const eventStart = start(first)
  const eventEnd = start(last + 1)
  let beforeEvent = 0
  let afterEvent = 0
  const inEvent: QuarterCount[] = []
  for (const c of counts) {
    const at = c.quarter * QUARTER_MS
    if (at < eventStart) beforeEvent += c.count
    else if (at >= eventEnd) afterEvent += c.count
    else if (c.count > 0) inEvent.push(c)
  }
  const days: EventTimeline['days'] = []
  const quietDays: string[] = []
  const windows: Array<{ from: number; to: number }> = []
  for (let n = first; n <= last; n++) {
    const dayStart = start(n)
    const dayEnd = start(n + 1)
    const times = [
      ...inEvent.flatMap((c) => {
        const at = c.quarter * QUARTER_MS
        return at >= dayStart && at < dayEnd ? [at, at + QUARTER_MS] : []
      }),
      ...sessions.flatMap((s) => {
        const at = s.startsAt.getTime()
        return at >= dayStart && at < dayEnd ? [at, at + (s.durationMinutes ?? 0) * 60_000] : []
      }),
    ]
    const day = dayString(n)
    if (times.length === 0) {
      quietDays.push(day)
      continue
    }
    const lo = times.reduce((a, b) => Math.min(a, b))
    const hi = times.reduce((a, b) => Math.max(a, b))
    const from = dayStart + Math.floor((lo - dayStart) / HOUR_MS) * HOUR_MS
    const to = Math.min(dayEnd, dayStart + Math.ceil((Math.max(hi, lo + 1) - dayStart) / HOUR_MS) * HOUR_MS)
    windows.push({ from, to })
    days.push({ day, label: DAY_LABEL.format(new Date(`${day}T00:00:00Z`)), from: clock(from, zone), to: clock(to, zone) })
  }
  const slots = windows.flatMap((w, d) =>
    Array.from({ length: Math.round((w.to - w.from) / QUARTER_MS) }, (_, i) => ({ at: w.from + i * QUARTER_MS, day: d })),
  )
  const labelEvery = 4 * Math.max(1, Math.ceil(slots.length / 4 / 12))
  const labelled = new Set<number>()
  const ticks = slots.map((slot, i) => {
    if (i % labelEvery !== 0) return clock(slot.at, zone)
    // The first label of each day names the day, when there is more than one.
    const named = days.length > 1 && !labelled.has(slot.day)
    labelled.add(slot.day)
    return named ? `${shortDay(slot.at, zone)} ${clock(slot.at, zone)}` : clock(slot.at, zone)
  })
  const byRoom = new Map<string | null, Map<number, number>>()
  for (const c of inEvent) {
    const quarters = byRoom.get(c.roomId) ?? new Map<number, number>()
    quarters.set(c.quarter, (quarters.get(c.quarter) ?? 0) + c.count)
    byRoom.set(c.roomId, quarters)
  }
  const used = new Set<string | null>([...byRoom.keys(), ...sessions.map((s) => s.roomId)])
  const named = [
    ...rooms.filter((r) => used.has(r.id)).map((r) => ({ roomId: r.id as string | null, roomName: r.name })),
    ...(used.has(null) ? [{ roomId: null, roomName: NO_ROOM }] : []),
  ]
  return {
    days,
    quietDays,
    labelEvery,
    beforeEvent,
    afterEvent,
    rooms: named.map(({ roomId, roomName }) => {
      const quarters = byRoom.get(roomId) ?? new Map<number, number>()
      const points = slots.map((slot, i) => ({
        key: new Date(slot.at).toISOString(),
        label: quarterLabel(slot.at, zone),
        tick: ticks[i]!,
        count: quarters.get(slot.at / QUARTER_MS) ?? 0,
      }))
      const total = [...quarters.values()].reduce((n, c) => n + c, 0)
      const peak = points.reduce<QuarterPoint | null>((best, p) => (p.count > (best?.count ?? 0) ? p : best), null)
      return { roomId, roomName, total, points, peak: peak && { label: peak.label, count: peak.count } }
    }),
  }
}

const clock = (at: number, zone: string) => utcToZonedLocal(new Date(at), zone).slice(11)
const shortDay = (at: number, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${utcToZonedLocal(new Date(at), zone).slice(0, 10)}T00:00:00Z`),
  )

/** "Tue 10 Mar 09:15–09:30", in the event's zone. */
export function quarterLabel(at: number, zone: string) {
  const local = utcToZonedLocal(new Date(at), zone)
  return `${DAY_LABEL.format(new Date(`${local.slice(0, 10)}T00:00:00Z`))} ${local.slice(11)}–${clock(at + QUARTER_MS, zone)}`
}

/** The chart's words: each room's total and its peak (the text alternative of the SVG). */
export function roomTimelineSummary(room: RoomTimeline) {
  const leads = `${room.total} ${room.total === 1 ? 'lead' : 'leads'}`
  return room.peak
    ? `${room.roomName}: ${leads} on the event's days; busiest quarter hour ${room.peak.label} with ${room.peak.count}.`
    : `${room.roomName}: no leads on the event's days.`
}
