import { describe, expect, it } from 'vitest'
import {
  displayShortUrl,
  encodeShortCode,
  isShortCode,
  normalizeShortCode,
  qrPayload,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_BITS,
  SHORT_CODE_LENGTH,
  shortUrl,
} from './short-link'

describe('short codes', () => {
  it('carry at least 64 random bits in 13 unambiguous, URL-safe characters', () => {
    expect(SHORT_CODE_BITS).toBeGreaterThanOrEqual(64)
    expect(SHORT_CODE_LENGTH).toBe(13)
    expect(SHORT_CODE_ALPHABET).toHaveLength(32)
    for (const c of 'ilou') expect(SHORT_CODE_ALPHABET).not.toContain(c)
    expect(encodeURIComponent(SHORT_CODE_ALPHABET)).toBe(SHORT_CODE_ALPHABET)
  })

  it.each([
    [new Uint8Array(9), '0000000000000'],
    [new Uint8Array(9).fill(255), 'zzzzzzzzzzzzz'],
    [Uint8Array.from([0x08, 0, 0, 0, 0, 0, 0, 0, 0]), '1000000000000'],
    [Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0x80]), '0000000000001'],
  ])('encodes %s as %s', (bytes, code) => {
    expect(encodeShortCode(bytes)).toBe(code)
  })

  it('uses every one of the 65 bits (a change in any byte changes the code)', () => {
    const base = encodeShortCode(new Uint8Array(9))
    for (let i = 0; i < 8; i++) {
      const bytes = new Uint8Array(9)
      bytes[i] = 1
      expect(encodeShortCode(bytes)).not.toBe(base)
    }
  })

  it('refuses too few random bytes', () => {
    expect(() => encodeShortCode(new Uint8Array(8))).toThrow(/65 random bits/)
  })

  it.each([
    ['7k3m9q2x8b4ct', true],
    ['7K3M9Q2X8B4CT', false],
    ['7k3m9q2x8b4c', false],
    ['7k3m9q2x8b4ctt', false],
    ['7k3m9q2x8b4cu', false],
    ['7k3m9q2x8b4c_', false],
    ['', false],
  ])('isShortCode(%j) → %s', (value, expected) => {
    expect(isShortCode(value)).toBe(expected)
  })

  it.each([
    ['7K3M9Q2X8B4CT', '7k3m9q2x8b4ct'],
    [' 7k3m-9q2x-8b4ct ', '7k3m9q2x8b4ct'],
    ['7k3m 9q2x 8b4ct', '7k3m9q2x8b4ct'],
    ['Ok3m9q2x8b4cI', '0k3m9q2x8b4c1'],
    ['lk3m9q2x8b4ct', '1k3m9q2x8b4ct'],
    ['7k3m9q2x8b4cu', null],
    ['../etc/passwd', null],
  ])('normalizeShortCode(%j) → %j', (input, expected) => {
    expect(normalizeShortCode(input)).toBe(expected)
  })
})

describe('short URL and QR payload', () => {
  it.each([
    [
      'https://lectern.app',
      'https://lectern.app/t/7k3m9q2x8b4ct',
      'https://lectern.app/t/7k3m9q2x8b4ct?qr=1',
      'lectern.app/t/7k3m9q2x8b4ct',
    ],
    [
      'https://lectern.app/',
      'https://lectern.app/t/7k3m9q2x8b4ct',
      'https://lectern.app/t/7k3m9q2x8b4ct?qr=1',
      'lectern.app/t/7k3m9q2x8b4ct',
    ],
    [
      'http://localhost:3000',
      'http://localhost:3000/t/7k3m9q2x8b4ct',
      'http://localhost:3000/t/7k3m9q2x8b4ct?qr=1',
      'localhost:3000/t/7k3m9q2x8b4ct',
    ],
  ])('APP_URL %s', (appUrl, url, payload, display) => {
    expect(shortUrl(appUrl, '7k3m9q2x8b4ct')).toBe(url)
    expect(qrPayload(appUrl, '7k3m9q2x8b4ct')).toBe(payload)
    expect(displayShortUrl(appUrl, '7k3m9q2x8b4ct')).toBe(display)
  })
})
