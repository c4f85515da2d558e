import { describe, expect, it } from 'vitest'
import {
  digestsEqual,
  hashMagicCode,
  hashMagicToken,
  isWellFormedToken,
  magicCodeFor,
  magicLinkUrl,
  newMagicToken,
  normalizeEmail,
} from './magic-link-tokens.server'

describe('magic-link secrets', () => {
  it('makes 256-bit base64url tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newMagicToken()))
    expect(tokens.size).toBe(200)
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32)
      expect(isWellFormedToken(token)).toBe(true)
    }
  })

  it('makes 6-digit codes, keeping leading zeros', () => {
    const codes = Array.from({ length: 2000 }, () => magicCodeFor(newMagicToken(), 'secret'))
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    // 2000 draws from a million values: a leading zero shows up about 200 times.
    expect(codes.some((c) => c.startsWith('0'))).toBe(true)
    // Spread over the whole range: no value repeats more than a few times in 2000 draws.
    expect(new Set(codes).size).toBeGreaterThan(1990)
  })

  it('derives the code from the link token and the server secret: the same token, the same code', () => {
    const tokens = Array.from({ length: 50 }, () => newMagicToken())
    const codes = tokens.map((token) => magicCodeFor(token, 'secret'))
    expect(tokens.map((token) => magicCodeFor(token, 'secret'))).toEqual(codes)
    // Another secret gives unrelated codes (each match is a one-in-a-million chance).
    const otherSecret = tokens.map((token) => magicCodeFor(token, 'other secret'))
    expect(otherSecret.filter((code, i) => code === codes[i]).length).toBeLessThanOrEqual(1)
  })

  it('stores only digests: SHA-256 for the token, a keyed digest bound to the link for the code', () => {
    const token = newMagicToken()
    const hash = hashMagicToken(token)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain(token)
    expect(hashMagicToken(token)).toBe(hash)
    const code = hashMagicCode('123456', hash, 'secret')
    expect(code).toMatch(/^[0-9a-f]{64}$/)
    expect(hashMagicCode('123456', hash, 'other secret')).not.toBe(code)
    expect(hashMagicCode('123456', hashMagicToken(newMagicToken()), 'secret')).not.toBe(code)
    expect(digestsEqual(code, hashMagicCode('123456', hash, 'secret'))).toBe(true)
    expect(digestsEqual(code, hashMagicCode('123457', hash, 'secret'))).toBe(false)
    expect(digestsEqual(code, '')).toBe(false)
  })

  it('refuses malformed tokens', () => {
    expect(isWellFormedToken('')).toBe(false)
    expect(isWellFormedToken('abc')).toBe(false)
    expect(isWellFormedToken(`${newMagicToken()}x`)).toBe(false)
    expect(isWellFormedToken(newMagicToken().replace(/.$/, '+'))).toBe(false)
    expect(isWellFormedToken(undefined)).toBe(false)
  })

  it('builds the link on APP_URL only', () => {
    expect(magicLinkUrl('https://lectern.example', 'tok')).toBe('https://lectern.example/auth/callback?token=tok')
    expect(magicLinkUrl('https://lectern.example/', 'a-b_c')).toBe('https://lectern.example/auth/callback?token=a-b_c')
  })

  it('normalizes addresses', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com')
  })
})
