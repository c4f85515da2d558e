import { describe, expect, it } from 'vitest'
import { hitLocalRateLimit } from './rate-limit.server'

describe('hitLocalRateLimit (in-process fixed window)', () => {
  it.each([
    // [hits within the window, limit, allowed on the last hit]
    [1, 3, true],
    [3, 3, true],
    [4, 3, false],
    [500, 3000, true],
  ])('%i hits with limit %i → last allowed: %s', (hits, limit, allowed) => {
    const key = `t-${hits}-${limit}-${Math.random()}`
    let last = { allowed: true, retryAfterMs: 0 }
    for (let i = 0; i < hits; i++) last = hitLocalRateLimit(key, limit, 60_000, 1_000 + i)
    expect(last.allowed).toBe(allowed)
  })

  it('opens a new window once the old one is over, and says when', () => {
    const key = `t-window-${Math.random()}`
    expect(hitLocalRateLimit(key, 1, 60_000, 0).allowed).toBe(true)
    expect(hitLocalRateLimit(key, 1, 60_000, 59_000)).toEqual({ allowed: false, retryAfterMs: 1_000 })
    expect(hitLocalRateLimit(key, 1, 60_000, 60_000).allowed).toBe(true)
  })

  it('keeps keys apart', () => {
    const a = `t-a-${Math.random()}`
    const b = `t-b-${Math.random()}`
    hitLocalRateLimit(a, 1, 60_000, 0)
    expect(hitLocalRateLimit(a, 1, 60_000, 1).allowed).toBe(false)
    expect(hitLocalRateLimit(b, 1, 60_000, 1).allowed).toBe(true)
  })
})
