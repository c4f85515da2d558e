import { utcToZonedLocal } from './time-zone'

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

const dayFormatters = new Map<string, Intl.DateTimeFormat>()
function dayFormatter(timeZone: string) {
  let f = dayFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    dayFormatters.set(timeZone, f)
  }
  return f
}

/** "Wednesday 10 March 2027": a day heading in the event's zone. */
export function formatProgrammeDay(instant: Date, timeZone: string) {
  return dayFormatter(timeZone).format(instant).replace(',', '')
}

/** "09:00–09:30" (or "09:00" without a length) on the event's wall clock. */
export function formatProgrammeTime(startsAt: Date, durationMinutes: number | null, timeZone: string) {
  const start = utcToZonedLocal(startsAt, timeZone).slice(11)
  if (!durationMinutes) return start
  return `${start}–${utcToZonedLocal(new Date(startsAt.getTime() + durationMinutes * 60_000), timeZone).slice(11)}`
}

/** "10–11 March 2027", "30 March – 1 April 2027", "10 March 2027": an event's days. */
export function formatEventDates(startsOn: string, endsOn: string) {
  const at = (d: string) => new Date(`${d}T12:00:00Z`)
  const f = (d: string, o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...o }).format(at(d))
  if (startsOn === endsOn) return f(startsOn, { day: 'numeric', month: 'long', year: 'numeric' })
  const [y1, m1] = startsOn.split('-')
  const [y2, m2] = endsOn.split('-')
  const end = f(endsOn, { day: 'numeric', month: 'long', year: 'numeric' })
  if (y1 === y2 && m1 === m2) return `${f(startsOn, { day: 'numeric' })}–${end}`
  if (y1 === y2) return `${f(startsOn, { day: 'numeric', month: 'long' })} – ${end}`
  return `${f(startsOn, { day: 'numeric', month: 'long', year: 'numeric' })} – ${end}`
}

/**
 * The sessions by day (in the event's zone), then by room in the organiser's order (sessions whose
 * room was removed, or never set, come last), each room's sessions by start time.
 */
export function programmeByDay<T extends ProgrammeItem>(
  sessions: readonly T[],
  rooms: readonly ProgrammeRoom[],
  timeZone: string,
) {
  const order = new Map(rooms.map((r, i) => [r.id, i]))
  const names = new Map(rooms.map((r) => [r.id, r.name]))
  const sorted = [...sessions].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  const days = new Map<string, ProgrammeDay<T>>()
  for (const s of sorted) {
    const key = utcToZonedLocal(s.startsAt, timeZone).slice(0, 10)
    let day = days.get(key)
    if (!day) {
      day = { day: key, label: formatProgrammeDay(s.startsAt, timeZone), rooms: [] }
      days.set(key, day)
    }
    // A room that is not the event's (removed meanwhile) counts as none.
    const roomId = s.roomId && names.has(s.roomId) ? s.roomId : null
    let room = day.rooms.find((r) => r.id === roomId)
    if (!room) {
      room = { id: roomId, name: roomId ? names.get(roomId)! : null, sessions: [] }
      day.rooms.push(room)
    }
    room.sessions.push({ ...s, time: formatProgrammeTime(s.startsAt, s.durationMinutes, timeZone) })
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
) {
  return programmeByDay(sessions, rooms, timeZone).map((day) => ({
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
