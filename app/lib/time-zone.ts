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

/** "14 May 2026, 09:30 (Europe/Berlin)" — how a session's time reads on the speaker's screens. */
export function formatSessionTime(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant)
  return `${text} (${timeZone})`
}
