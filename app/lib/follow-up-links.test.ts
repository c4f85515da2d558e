import { describe, expect, it } from 'vitest'
import { clickTarget, isRecipientTokenShape, linkIndex } from './follow-up-links'

describe('follow-up links', () => {
  it('a token is base64url of 16 to 128 characters', () => {
    expect(isRecipientTokenShape('A'.repeat(22))).toBe(true)
    expect(isRecipientTokenShape('abc_DEF-123_xyz-0123456789')).toBe(true)
    expect(isRecipientTokenShape('short')).toBe(false)
    expect(isRecipientTokenShape('a'.repeat(129))).toBe(false)
    expect(isRecipientTokenShape('has space in it ..........')).toBe(false)
    expect(isRecipientTokenShape(undefined)).toBe(false)
  })

  it('a link index is a plain non-negative integer', () => {
    expect(linkIndex('0')).toBe(0)
    expect(linkIndex('12')).toBe(12)
    expect(['-1', '01', '1.5', '1e3', ' 1', '', '99999', 'x'].map(linkIndex)).toEqual(Array(8).fill(null))
    expect(linkIndex(undefined)).toBeNull()
  })

  it('a click goes only to a stored http(s) link', () => {
    const links = [
      'https://example.com/slides?x=1',
      'javascript:alert(1)',
      'data:text/html,hi',
      'not a url',
      'http://example.org',
    ]
    expect(clickTarget(links, 0)).toBe('https://example.com/slides?x=1')
    expect(clickTarget(links, 1)).toBeNull()
    expect(clickTarget(links, 2)).toBeNull()
    expect(clickTarget(links, 3)).toBeNull()
    expect(clickTarget(links, 4)).toBe('http://example.org/')
    expect(clickTarget(links, 5)).toBeNull()
  })
})
