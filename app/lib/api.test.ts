import { describe, expect, it } from 'vitest'
import { PageQuerySchema, rateLimitHeaders } from './api'
import { apiErrorBody, API_ERRORS, codesWithStatus } from './api-errors'
import { apiRateLimit, apiNotInPlanMessage, hasApi, PLANS } from './plans'

describe('rate limits by plan (issue 30: Professional 600 a minute, Teams and Event Organiser 1,200)', () => {
  it('gives the API to Professional, Teams and Event Organiser only', () => {
    expect(Object.fromEntries(PLANS.map((p) => [p, apiRateLimit(p)]))).toEqual({
      free: null,
      solo: null,
      pro: 600,
      teams: 1200,
      organiser: 1200,
    })
    expect(PLANS.filter(hasApi)).toEqual(['pro', 'teams', 'organiser'])
    expect(apiNotInPlanMessage('solo')).toBe(
      'Your Solo plan does not include the API. It is included in the Professional, Teams and Event Organiser plans.',
    )
  })
})

describe('the rate-limit headers of one fixed window', () => {
  it.each([
    // limit, requests counted in this window, ms to the reset → remaining, reset s, Retry-After
    [600, 1, 60_000, '599', '60', undefined],
    [600, 600, 1_200, '0', '2', undefined],
    [600, 601, 1_200, '0', '2', '2'],
    [1200, 5000, 0, '0', '1', '1'],
    [600, 30, 59_001, '570', '60', undefined],
  ])('%i a minute, hit %i, %i ms left', (limit, count, resetMs, remaining, reset, retryAfter) => {
    const headers = rateLimitHeaders({ limit, count, resetMs })
    expect(headers['RateLimit-Limit']).toBe(String(limit))
    expect(headers['RateLimit-Remaining']).toBe(remaining)
    expect(headers['RateLimit-Reset']).toBe(reset)
    expect(headers['Retry-After']).toBe(retryAfter)
  })
})

describe('pages', () => {
  it('limit 1–100, default 20; unknown parameters are refused', () => {
    expect(PageQuerySchema.parse({})).toEqual({ limit: 20 })
    expect(PageQuerySchema.parse({ limit: '100', starting_after: 'x' })).toEqual({ limit: 100, starting_after: 'x' })
    expect(PageQuerySchema.safeParse({ limit: '101' }).success).toBe(false)
    expect(PageQuerySchema.safeParse({ limit: '0' }).success).toBe(false)
    expect(PageQuerySchema.safeParse({ limit: '2.5' }).success).toBe(false)
    expect(PageQuerySchema.safeParse({ limti: '5' }).error?.issues[0]?.code).toBe('unrecognized_keys')
  })
})

describe('the error shape', () => {
  it('points doc_url at the code’s section of /docs/api, from APP_URL', () => {
    expect(apiErrorBody('https://lectern.example/', 'rate_limited', 'Slow down.')).toEqual({
      error: { code: 'rate_limited', message: 'Slow down.', doc_url: 'https://lectern.example/docs/api#error-rate-limited' },
    })
    expect(apiErrorBody('https://l.example', 'bad_request', 'No.', 'limit').error.param).toBe('limit')
  })

  it('has one status per code, and the statuses the issue names', () => {
    const statuses = new Set<number>(Object.values(API_ERRORS).map((e) => e.status))
    for (const s of [400, 401, 403, 404, 409, 413, 422, 429]) expect(statuses.has(s)).toBe(true)
    expect(codesWithStatus(409)).toEqual(['conflict', 'idempotency_key_in_use', 'idempotency_key_reused'])
  })
})
