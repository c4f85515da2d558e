import { describe, expect, it } from 'vitest'
import {
  confirmationSkippedText,
  confirmationsSkippedSummary,
  confirmationWindows,
  isConfirmationSkipReason,
} from './confirmation-limits'
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, CONFIRMATIONS_PER_SESSION_PER_HOUR } from './constants'

describe('confirmation limits', () => {
  it('are generous enough for a 500-person keynote and small per address', () => {
    expect(CONFIRMATIONS_PER_SESSION_PER_HOUR).toBeGreaterThanOrEqual(500)
    expect(CONFIRMATIONS_PER_ADDRESS_PER_DAY).toBeLessThanOrEqual(10)
  })

  it('counts in the UTC day (per address) and the hour (per session)', () => {
    expect(confirmationWindows(new Date('2026-11-27T23:59:59.999Z'))).toEqual({
      day: new Date('2026-11-27T00:00:00Z'),
      hour: new Date('2026-11-27T23:00:00Z'),
    })
    expect(confirmationWindows(new Date('2026-11-28T00:00:00Z')).day).toEqual(new Date('2026-11-28T00:00:00Z'))
  })

  it('tells the speaker why, per lead and per session', () => {
    expect(confirmationSkippedText('session_hourly_limit')).toBe(
      'Confirmation email not sent: hourly limit (600 per session) reached',
    )
    expect(confirmationSkippedText('address_daily_limit')).toBe(
      'Confirmation email not sent: this address already had 5 confirmations today',
    )
    expect(confirmationsSkippedSummary(0)).toBeNull()
    expect(confirmationsSkippedSummary(1)).toMatch(
      /^1 confirmation email was not sent to attendees: .* Their leads are stored as usual\.$/,
    )
    expect(confirmationsSkippedSummary(1500)).toMatch(/^1,500 confirmation emails were not sent/)
  })

  it('knows its reasons', () => {
    expect(isConfirmationSkipReason('session_hourly_limit')).toBe(true)
    expect(isConfirmationSkipReason('send')).toBe(false)
    expect(isConfirmationSkipReason(null)).toBe(false)
  })
})
