import { FORMAT_LOCALES, type Language } from './i18n/languages'

// Session dates are entered as a wall-clock time in an IANA time zone ("2026-05-14T09:30" in
// "Europe/Berlin") and stored as an instant with that zone, so they are shown back as entered.

const DAY_MS = 24 * 60 * 60 * 1000
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/** Every zone the runtime knows, for the picker (UTC first). */
export function timeZoneList(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return ['UTC', ...zones.filter((z) => z !== 'UTC')]
}

// Building an Intl.DateTimeFormat costs far more than using one (charts convert thousands of
// instants): one formatter per zone, kept.
const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string) {
  let formatter = partsFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partsFormatters.set(timeZone, formatter)
  }
  return formatter
}

function partsIn(instant: number, timeZone: string) {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  }
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(instant: number, timeZone: string) {
  const p = partsIn(instant, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (instant - (instant % 1000))
}

/** A datetime-local value is well formed and names a real calendar minute. */
export function parseLocalDateTime(value: string) {
  const m = LOCAL_PATTERN.exec(value)
  if (!m) return null
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute))
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59) return null
  return { year, month, day, hour, minute }
}

/**
 * The instant at which the wall clock in `timeZone` shows `local` (YYYY-MM-DDTHH:mm). A time
 * skipped by a DST change moves forward by the gap; a repeated one takes the earlier instant.
 */
export function zonedLocalToUtc(local: string, timeZone: string): Date | null {
  const p = parseLocalDateTime(local)
  if (!p || !isTimeZone(timeZone)) return null
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
  // The offsets in force a day before and a day after; zones change at most once in between.
  const before = wall - offsetAt(wall - DAY_MS, timeZone)
  const after = wall - offsetAt(wall + DAY_MS, timeZone)
  for (const c of [Math.min(before, after), Math.max(before, after)]) {
    if (c + offsetAt(c, timeZone) === wall) return new Date(c)
  }
  // A skipped wall time: read it with the offset from before the change (it moves on by the gap).
  return new Date(before)
}

/** The wall-clock value (YYYY-MM-DDTHH:mm) of an instant in a zone, for a datetime-local input. */
export function utcToZonedLocal(instant: Date, timeZone: string): string {
  const p = partsIn(instant.getTime(), timeZone)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`
}

// Dates and times as people read them (issue 31 Deliver 5): one place, Intl on the server, in the
// event's zone and the served language's locale (FORMAT_LOCALES: en → en-GB, pt → pt-PT, the
// others by their tag). The speaker's screens are English; the attendee's path passes its language.
// No Intl polyfill: this runs only on the server (the attendee page ships no script file).

const readers = new Map<string, Intl.DateTimeFormat>()

/** One formatter per locale, zone and options, kept (building one costs far more than using it). */
function reader(language: Language, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`
  let formatter = readers.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(FORMAT_LOCALES[language], { timeZone, ...options })
    readers.set(key, formatter)
  }
  return formatter
}

const DATE_AND_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
}

/**
 * "14 May 2026, 09:30 (Europe/Berlin)" — a session's time with its zone: on the speaker's screens
 * (English), and on the attendee's path in the served language ("14. Mai 2026, 09:30 (Europe/Berlin)").
 */
export function formatSessionTime(instant: Date, timeZone: string, language: Language = 'en'): string {
  return `${reader(language, timeZone, DATE_AND_TIME).format(instant)} (${timeZone})`
}

/** "Wednesday 10 March 2027", "Mittwoch, 10. März 2027": a day heading on the wall clock of the zone. */
export function formatZonedDay(instant: Date, timeZone: string, language: Language = 'en'): string {
  const text = reader(language, timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant)
  // British usage writes the heading without the comma CLDR puts after the weekday.
  return language === 'en' ? text.replace(',', '') : text
}

/** "09:30" on the zone's wall clock, in the language's clock. */
export function formatZonedClock(instant: Date, timeZone: string, language: Language = 'en'): string {
  return reader(language, timeZone, { hour: '2-digit', minute: '2-digit' }).format(instant)
}

/**
 * An event's days, from its YYYY-MM-DD bounds (calendar dates, no zone): "10–11 March 2027",
 * "30 March – 1 April 2027", "10 March 2027"; "10.–11. März 2027", "10–11 de marzo de 2027".
 */
export function formatDateRange(startsOn: string, endsOn: string, language: Language = 'en'): string {
  const at = (d: string) => new Date(`${d}T12:00:00Z`)
  const f = (d: string, o: Intl.DateTimeFormatOptions) => reader(language, 'UTC', o).format(at(d))
  const full = { day: 'numeric', month: 'long', year: 'numeric' } as const
  if (startsOn === endsOn) return f(startsOn, full)
  const [y1, m1] = startsOn.split('-')
  const [y2, m2] = endsOn.split('-')
  const end = f(endsOn, full)
  // Within a month CLDR knows each language's shape ("10.–11. März"); the dash is written closed up.
  if (y1 === y2 && m1 === m2)
    return reader(language, 'UTC', full)
      .formatRange(at(startsOn), at(endsOn))
      .replace(/\s*–\s*/, '–')
  if (y1 === y2) return `${f(startsOn, { day: 'numeric', month: 'long' })} – ${end}`
  return `${f(startsOn, full)} – ${end}`
}
