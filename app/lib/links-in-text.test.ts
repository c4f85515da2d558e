import { describe, expect, it } from 'vitest'
import { containsLink } from './links-in-text'

describe('containsLink', () => {
  it.each([
    'Visit http://evil.example/win',
    'https://evil.example',
    'HTTP://EVIL.EXAMPLE',
    'ftp://files.example',
    'javascript://%0aalert(1)',
    'see www.evil.example',
    'WWW.EVIL.EXAMPLE',
    'Ada (www.ada.dev)',
    'http:\\\\evil.example',
    'http: //evil.example',
    'ｗｗｗ．evil.example',
    'http：／／evil.example',
  ])('refuses %j', (text) => {
    expect(containsLink(text)).toBe(true)
  })

  it.each([
    'Ada',
    'Ada Lovelace-King',
    "O'Brien",
    'Booking.com',
    'Acme Inc.',
    'Awww. So good',
    'Ratio 3:1',
    'Q&A: more demos',
    'Zoë / Jürgen',
    'C++ // Rust',
    '東京',
  ])('accepts %j', (text) => {
    expect(containsLink(text)).toBe(false)
  })
})
