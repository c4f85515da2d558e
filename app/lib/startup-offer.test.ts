import { describe, expect, it } from 'vitest'
import {
  STARTUP_OFFER_DETAIL,
  STARTUP_OFFER_LINE,
  STARTUP_OFFER_TTL_MS,
  startupOfferState,
  startupOfferStatusText,
} from './startup-offer'

const now = new Date('2026-11-28T12:00:00Z')
const approvedAt = new Date('2026-11-20T12:00:00Z')
const at = (ms: number) => new Date(now.getTime() + ms)

describe('startupOfferState', () => {
  it('is open from the approval until it expires, then expired; used wins; unapproved is not an offer', () => {
    expect(startupOfferState({ approvedAt: null, offerExpiresAt: null, offerUsedAt: null }, now)).toBe('not-approved')
    expect(startupOfferState({ approvedAt, offerExpiresAt: at(1), offerUsedAt: null }, now)).toBe('open')
    expect(startupOfferState({ approvedAt, offerExpiresAt: now, offerUsedAt: null }, now)).toBe('expired')
    expect(startupOfferState({ approvedAt, offerExpiresAt: at(1), offerUsedAt: now }, now)).toBe('used')
  })

  it('lasts 30 days', () => {
    expect(STARTUP_OFFER_TTL_MS).toBe(30 * 24 * 3600 * 1000)
  })
})

describe('the offer in spec 000 §9’s figures', () => {
  it('says $29 per seat a month billed yearly, 3 seats, 12 months, and what it saves', () => {
    expect(STARTUP_OFFER_LINE).toBe('$29 per seat a month billed yearly, 3 seats, 12 months')
    expect(STARTUP_OFFER_DETAIL).toContain(
      '$1,044 for the year in one payment, against $1,764 at the standard annual price: 41% off, $720 saved in year one.',
    )
  })

  it('names each state for the inbox', () => {
    const dates = { approvedAt: 'November 20, 2026', expiresAt: 'December 20, 2026', usedAt: 'November 28, 2026' }
    expect(startupOfferStatusText('not-approved', dates)).toBe('Not approved')
    expect(startupOfferStatusText('open', dates)).toBe('Approved November 20, 2026; offer open until December 20, 2026')
    expect(startupOfferStatusText('expired', dates)).toBe('Approved November 20, 2026; offer expired December 20, 2026')
    expect(startupOfferStatusText('used', dates)).toBe('Bought November 28, 2026')
  })
})
