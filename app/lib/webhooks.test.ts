import { describe, expect, it } from 'vitest'
import { urlHost, WEBHOOK_MESSAGES, WEBHOOK_RETRY_WINDOW_MS, webhookEndpointSchema, webhookRetryDelayMs } from './webhooks'

const MIN = 60_000
const HOUR = 60 * MIN

describe('webhookRetryDelayMs', () => {
  it.each([
    [1, 0, 30_000],
    [2, 30_000, MIN],
    [3, 90_000, 2 * MIN],
    [9, 4 * HOUR, 128 * MIN],
    [10, 6 * HOUR, 4 * HOUR],
    [14, 20 * HOUR, 4 * HOUR],
    // The last wait ends exactly at the 24-hour mark.
    [15, 22 * HOUR, 2 * HOUR],
    [16, WEBHOOK_RETRY_WINDOW_MS - 1000, 1000],
    [16, WEBHOOK_RETRY_WINDOW_MS, null],
    [3, 25 * HOUR, null],
  ])('after attempt %i at %i ms → %s', (attempt, elapsed, expected) => {
    expect(webhookRetryDelayMs(attempt, elapsed)).toBe(expected)
  })

  it('spreads about 15 attempts over 24 hours', () => {
    let elapsed = 0
    let attempt = 1
    for (;;) {
      const wait = webhookRetryDelayMs(attempt, elapsed)
      if (wait === null) break
      elapsed += wait
      attempt++
    }
    expect(elapsed).toBe(WEBHOOK_RETRY_WINDOW_MS)
    expect(attempt).toBeGreaterThanOrEqual(14)
    expect(attempt).toBeLessThanOrEqual(16)
  })
})

describe('webhookEndpointSchema', () => {
  const schema = webhookEndpointSchema((url) => (url.hostname === '10.0.0.1' ? '10.0.0.1 is a private address' : null))
  const errors = (input: Record<string, unknown>) => {
    const r = schema.safeParse(input)
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
  }
  it.each([
    [{ url: 'https://hooks.example.com/in', events: ['lead.created'] }, {}],
    [{ url: '', events: ['lead.created'] }, { url: WEBHOOK_MESSAGES.urlMissing }],
    [{ url: 'hooks.example.com', events: ['lead.created'] }, { url: WEBHOOK_MESSAGES.urlInvalid }],
    [{ url: 'javascript:alert(1)', events: ['lead.created'] }, { url: WEBHOOK_MESSAGES.urlInvalid }],
    [
      { url: 'http://10.0.0.1/in', events: ['lead.created'] },
      { url: '10.0.0.1 is a private address: webhooks only go to public addresses' },
    ],
    [{ url: 'https://hooks.example.com/in', events: [] }, { events: WEBHOOK_MESSAGES.eventsMissing }],
    [{ url: 'https://hooks.example.com/in' }, { events: WEBHOOK_MESSAGES.eventsMissing }],
    [{ url: 'https://hooks.example.com/in', events: ['lead.exploded'] }, { 'events.0': WEBHOOK_MESSAGES.eventsMissing }],
    [
      { url: 'https://hooks.example.com/in', events: ['lead.deleted'], description: 'x'.repeat(201) },
      { description: WEBHOOK_MESSAGES.descriptionLong },
    ],
  ])('%j → %j', (input, expected) => {
    expect(errors(input)).toEqual(expected)
  })
})

describe('urlHost', () => {
  it('keeps the host and port, never the path', () => {
    expect(urlHost('https://hooks.example.com:8443/in/secret-token')).toBe('hooks.example.com:8443')
  })
})
