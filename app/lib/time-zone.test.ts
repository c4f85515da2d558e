import { describe, expect, it } from 'vitest'
import { formatSessionTime, isTimeZone, parseLocalDateTime, timeZoneList, utcToZonedLocal, zonedLocalToUtc } from './time-zone'

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
