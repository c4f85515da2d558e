import { describe, expect, it } from 'vitest'
import {
  formatDateRange,
  formatSessionTime,
  formatZonedClock,
  formatZonedDay,
  isTimeZone,
  parseLocalDateTime,
  timeZoneList,
  utcToZonedLocal,
  zonedLocalToUtc,
} from './time-zone'

describe('time zones', () => {
  it.each([
    ['Europe/Berlin', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Asia/Kolkata', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
    ['Europe/Berlin; drop table', false],
  ])('isTimeZone(%j) → %s', (tz, ok) => expect(isTimeZone(tz)).toBe(ok))

  it('lists zones with UTC first', () => {
    const list = timeZoneList()
    expect(list[0]).toBe('UTC')
    expect(list).toContain('Europe/London')
    expect(new Set(list).size).toBe(list.length)
  })

  it.each([
    ['2026-05-14T09:30', true],
    ['2026-02-29T09:30', false],
    ['2028-02-29T09:30', true],
    ['2026-13-01T09:30', false],
    ['2026-05-14T24:00', false],
    ['2026-05-14 09:30', false],
    ['2026-05-14T09:30:00', false],
  ])('parseLocalDateTime(%j) is valid: %s', (v, ok) => expect(Boolean(parseLocalDateTime(v))).toBe(ok))

  it.each([
    ['2026-05-14T09:30', 'Europe/Berlin', '2026-05-14T07:30:00.000Z'],
    ['2026-01-14T09:30', 'Europe/Berlin', '2026-01-14T08:30:00.000Z'],
    ['2026-05-14T09:30', 'America/New_York', '2026-05-14T13:30:00.000Z'],
    ['2026-05-14T09:30', 'Asia/Kolkata', '2026-05-14T04:00:00.000Z'],
    ['2026-05-14T09:30', 'UTC', '2026-05-14T09:30:00.000Z'],
    // Skipped hour (Berlin springs forward at 02:00 on 29 March 2026): moves on by the gap.
    ['2026-03-29T02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    // Repeated hour (falls back at 03:00 on 25 October 2026): the earlier instant.
    ['2026-10-25T02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
  ])('%s in %s is %s', (local, tz, iso) => {
    expect(zonedLocalToUtc(local, tz)?.toISOString()).toBe(iso)
  })

  it('round-trips wall-clock values', () => {
    for (const tz of ['Europe/Berlin', 'America/Los_Angeles', 'Australia/Sydney', 'UTC']) {
      const instant = zonedLocalToUtc('2026-11-02T18:05', tz)!
      expect(utcToZonedLocal(instant, tz)).toBe('2026-11-02T18:05')
    }
  })

  it('refuses bad input', () => {
    expect(zonedLocalToUtc('2026-05-14T09:30', 'Nowhere/Land')).toBeNull()
    expect(zonedLocalToUtc('tomorrow', 'UTC')).toBeNull()
  })

  it('formats in the zone it was entered in', () => {
    expect(formatSessionTime(new Date('2026-05-14T07:30:00Z'), 'Europe/Berlin')).toBe('14 May 2026, 09:30 (Europe/Berlin)')
  })
})

// Issue 31 Deliver 5: times on the attendee's path in the event's zone and the served language
// (Intl, FORMAT_LOCALES). 12:30 UTC is 14:30 in Berlin in May: every one of the seven reads a
// 24-hour clock, so "14:30" in each, never "2:30 PM".
const AT = new Date('2026-05-14T12:30:00Z')
describe('dates and times in the served language', () => {
  it.each([
    ['en', '14 May 2026, 14:30 (Europe/Berlin)', 'Thursday 14 May 2026', '10–11 March 2027'],
    ['de', '14. Mai 2026, 14:30 (Europe/Berlin)', 'Donnerstag, 14. Mai 2026', '10.–11. März 2027'],
    ['fr', '14 mai 2026, 14:30 (Europe/Berlin)', 'jeudi 14 mai 2026', '10–11 mars 2027'],
    ['es', '14 may 2026, 14:30 (Europe/Berlin)', 'jueves, 14 de mayo de 2026', '10–11 de marzo de 2027'],
    ['it', '14 mag 2026, 14:30 (Europe/Berlin)', 'giovedì 14 maggio 2026', '10–11 marzo 2027'],
    ['pt', '14/05/2026, 14:30 (Europe/Berlin)', 'quinta-feira, 14 de maio de 2026', '10–11 de março de 2027'],
    ['nl', '14 mei 2026, 14:30 (Europe/Berlin)', 'donderdag 14 mei 2026', '10–11 maart 2027'],
  ] as const)('%s: %s · %s · %s', (language, time, day, range) => {
    expect(formatSessionTime(AT, 'Europe/Berlin', language)).toBe(time)
    expect(formatZonedClock(AT, 'Europe/Berlin', language)).toBe('14:30')
    expect(formatZonedDay(AT, 'Europe/Berlin', language)).toBe(day)
    expect(formatDateRange('2027-03-10', '2027-03-11', language)).toBe(range)
  })

  it('reads the wall clock of the zone given, in any language (Lisbon is an hour behind Berlin)', () => {
    expect(formatZonedClock(AT, 'Europe/Lisbon', 'pt')).toBe('13:30')
    expect(formatZonedClock(AT, 'America/New_York', 'en')).toBe('08:30')
    // Midnight is 00:05, not 24:05, on the 24-hour clocks.
    expect(formatZonedClock(new Date('2026-05-13T22:05:00Z'), 'Europe/Berlin', 'en')).toBe('00:05')
  })

  it('writes a range across months and years in the language', () => {
    expect(formatDateRange('2027-03-30', '2027-04-01', 'en')).toBe('30 March – 1 April 2027')
    expect(formatDateRange('2027-03-30', '2027-04-01', 'de')).toBe('30. März – 1. April 2027')
    expect(formatDateRange('2027-12-30', '2028-01-01', 'fr')).toBe('30 décembre 2027 – 1 janvier 2028')
    expect(formatDateRange('2027-03-10', '2027-03-10', 'es')).toBe('10 de marzo de 2027')
  })
})
