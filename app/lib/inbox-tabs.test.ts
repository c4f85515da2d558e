import { describe, expect, it } from 'vitest'
import { CLICK_EVENTS, isClickEvent, SERVER_EVENTS } from './analytics-events'
import { parseInboxTab } from './inbox-tabs'
import { parsePage } from './page-param'

describe('inbox query params', () => {
  it.each([
    ['startup', 'startup'],
    ['contact', 'contact'],
    ['speaker', 'speaker'],
    ['newsletter', 'newsletter'],
    ['users', 'startup'],
    [null, 'startup'],
  ])('tab %j → %s', (value, tab) => expect(parseInboxTab(value)).toBe(tab))

  it.each([
    ['2', 2],
    ['1', 1],
    ['0', 1],
    ['-4', 1],
    ['1.5', 1],
    ['abc', 1],
    [null, 1],
    ['9999999', 1],
  ])('page %j → %i', (value, page) => expect(parsePage(value)).toBe(page))
})

describe('analytics event allowlist', () => {
  it('holds the six click events the spec names', () => {
    expect([...CLICK_EVENTS].sort()).toEqual(
      [
        'founders_story_cta_clicked',
        'ph_cta_clicked',
        'ph_features_cta_clicked',
        'ph_final_cta_clicked',
        'ph_offer_claimed',
        'ph_signup_clicked',
      ].sort(),
    )
  })
  it('server-side events cannot be sent from a browser', () => {
    for (const name of SERVER_EVENTS) expect(isClickEvent(name)).toBe(false)
    expect(isClickEvent('PH_CTA_CLICKED')).toBe(false)
    expect(isClickEvent(undefined)).toBe(false)
  })
})
