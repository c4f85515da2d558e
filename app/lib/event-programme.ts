import type { Language } from './i18n/languages'
import { formatDateRange, formatZonedClock, formatZonedDay, utcToZonedLocal } from './time-zone'

// An event's programme by day and room (issue 23 Deliver 1): the public page /e/{slug} and the
// organiser's overview show the same grouping. Days and times are the event's zone's wall clock.

export type ProgrammeItem = { startsAt: Date; durationMinutes: number | null; roomId: string | null }
export type ProgrammeRoom = { id: string; name: string }

export type ProgrammeDay<T> = {
  /** YYYY-MM-DD in the event's zone. */
  day: string
  /** "Wednesday 10 March 2027". */
  label: string
  /** Rooms in the organiser's order that have sessions that day; sessions without a room last (id null). */
  rooms: { id: string | null; name: string | null; sessions: (T & { time: string })[] }[]
}

/** "Wednesday 10 March 2027": a day heading in the event's zone, in the language (app/lib/time-zone.ts). */
export function formatProgrammeDay(instant: Date, timeZone: string, language: Language = 'en') {
  return formatZonedDay(instant, timeZone, language)
}

/** "09:00–09:30" (or "09:00" without a length) on the event's wall clock. */
export function formatProgrammeTime(startsAt: Date, durationMinutes: number | null, timeZone: string, language: Language = 'en') {
  const start = formatZonedClock(startsAt, timeZone, language)
  if (!durationMinutes) return start
  return `${start}–${formatZonedClock(new Date(startsAt.getTime() + durationMinutes * 60_000), timeZone, language)}`
}

/** "10–11 March 2027", "30 March – 1 April 2027", "10 March 2027": an event's days. */
export function formatEventDates(startsOn: string, endsOn: string, language: Language = 'en') {
  return formatDateRange(startsOn, endsOn, language)
}

/**
 * The sessions by day (in the event's zone), then by room in the organiser's order (sessions whose
 * room was removed, or never set, come last), each room's sessions by start time.
 */
export function programmeByDay<T extends ProgrammeItem>(
  sessions: readonly T[],
  rooms: readonly ProgrammeRoom[],
  timeZone: string,
  language: Language = 'en',
) {
  const order = new Map(rooms.map((r, i) => [r.id, i]))
  const names = new Map(rooms.map((r) => [r.id, r.name]))
  const sorted = [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  const days = new Map<string, ProgrammeDay<T>>()
  for (const s of sorted) {
    const key = utcToZonedLocal(s.startsAt, timeZone).slice(0, 10)
    let day = days.get(key)
    if (!day) {
      day = { day: key, label: formatProgrammeDay(s.startsAt, timeZone, language), rooms: [] }
      days.set(key, day)
    }
    // A room that is not the event's (removed meanwhile) counts as none.
    const roomId = s.roomId && names.has(s.roomId) ? s.roomId : null
    let room = day.rooms.find((r) => r.id === roomId)
    if (!room) {
      room = { id: roomId, name: roomId ? names.get(roomId)! : null, sessions: [] }
      day.rooms.push(room)
    }
    room.sessions.push({ ...s, time: formatProgrammeTime(s.startsAt, s.durationMinutes, timeZone, language) })
  }
  const rank = (id: string | null) => (id === null ? Number.MAX_SAFE_INTEGER : (order.get(id) ?? Number.MAX_SAFE_INTEGER))
  return [...days.values()]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((d) => ({ ...d, rooms: d.rooms.sort((a, b) => rank(a.id) - rank(b.id)) }))
}

/** A speaker's initials for a page without their photo ("Ada Lovelace" → "AL"). */
export function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join('') || '?'
}

export type ProgrammeSource = ProgrammeItem & {
  id: string
  talkTitle: string
  speakerName: string | null
  jobTitle: string | null
  company: string | null
  photoUrl: string | null
}

/**
 * The programme as a page shows it: by day and room, each session with its time, speaker, initials
 * (for a speaker without a photo) and the page's link for it.
 */
export function programmeView<T extends ProgrammeSource, E extends object>(
  sessions: readonly T[],
  rooms: readonly ProgrammeRoom[],
  timeZone: string,
  extra: (session: T) => E & { href: string | null },
  language: Language = 'en',
) {
  return programmeByDay(sessions, rooms, timeZone, language).map((day) => ({
    day: day.day,
    label: day.label,
    rooms: day.rooms.map((room) => ({
      id: room.id,
      name: room.name,
      sessions: room.sessions.map((s) => ({
        id: s.id,
        time: s.time,
        talkTitle: s.talkTitle,
        speakerName: s.speakerName,
        jobTitle: s.jobTitle,
        company: s.company,
        photoUrl: s.photoUrl || null,
        initials: initials(s.speakerName ?? ''),
        ...extra(s),
      })),
    })),
  }))
}
