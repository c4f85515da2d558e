import { describe, expect, it } from 'vitest'
import { LAUNCH_OFFER_DEFAULT_DEADLINE } from './constants'
import { countdownParts, pad2 } from './countdown'

const deadline = new Date(LAUNCH_OFFER_DEFAULT_DEADLINE)

describe('countdownParts', () => {
  it('the default deadline is the end of 6 June 2025 (UTC)', () => {
    expect(deadline.toISOString()).toBe('2025-06-06T23:59:59.000Z')
  })

  it('counts days, hours, minutes and seconds before the deadline', () => {
    const now = new Date('2025-06-01T10:20:30Z')
    expect(countdownParts(deadline, now)).toEqual({ ended: false, days: 5, hours: 13, minutes: 39, seconds: 29 })
  })

  it('one second before the deadline is not ended', () => {
    expect(countdownParts(deadline, deadline.getTime() - 1000)).toEqual({
      ended: false,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
    })
  })

  it('a part of a second left rounds down to ended', () => {
    expect(countdownParts(deadline, deadline.getTime() - 400).ended).toBe(true)
  })

  it.each([0, 1, 60_000, 365 * 86_400_000])('is ended %i ms after the deadline', (after) => {
    expect(countdownParts(deadline, deadline.getTime() + after)).toEqual({
      ended: true,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    })
  })

  it('today (after 6 June 2025) the offer has ended', () => {
    expect(countdownParts(deadline, new Date('2026-01-01T00:00:00Z')).ended).toBe(true)
  })

  it('an invalid deadline counts as ended', () => {
    expect(countdownParts(new Date('nope'), Date.now()).ended).toBe(true)
  })

  it('ticks down by one second per second', () => {
    const start = new Date('2025-06-06T23:58:00Z').getTime()
    const a = countdownParts(deadline, start)
    const b = countdownParts(deadline, start + 1000)
    expect(a).toMatchObject({ minutes: 1, seconds: 59 })
    expect(b).toMatchObject({ minutes: 1, seconds: 58 })
  })
})

describe('pad2', () => {
  it.each([
    [0, '00'],
    [7, '07'],
    [42, '42'],
    [123, '123'],
  ])('%i → %s', (n, s) => expect(pad2(n)).toBe(s))
})
