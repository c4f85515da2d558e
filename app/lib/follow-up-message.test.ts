import { describe, expect, it } from 'vitest'
import { addressOf, buildMessage, fromHeader, htmlToText, prepareBody } from './follow-up-message'

describe('prepareBody', () => {
  it('cuts the body at its web links, in order, decoding their entities; mailto stays', () => {
    const body = prepareBody(
      '<p><a href="https://a.example/?x=1&amp;y=2">A</a> <a href="mailto:ada@example.com">m</a> <a href="http://b.example">B</a></p>',
    )
    expect(body.links).toEqual(['https://a.example/?x=1&y=2', 'http://b.example'])
    expect(body.parts).toHaveLength(3)
    expect(body.parts[1]).toContain('href="mailto:ada@example.com"')
  })
})

describe('buildMessage', () => {
  const input = {
    appUrl: 'https://app.example',
    brand: 'Lectern',
    from: '"Ada via Lectern" <hello@lectern.local>',
    replyTo: 'ada@example.com',
    to: 'grace@example.com',
    subject: 'Slides',
    body: prepareBody('<p>See <a href="https://a.example/s.pdf">the slides</a>.</p>'),
    token: 'tok_123',
    senderName: 'Ada',
  }

  it('rewrites links to click redirects and carries a visible unsubscribe link and the RFC 8058 headers', () => {
    const m = buildMessage(input)
    expect(m.html).toContain('href="https://app.example/c/tok_123/0"')
    expect(m.html).not.toContain('a.example/s.pdf')
    expect(m.html).toContain('<a href="https://app.example/u/tok_123">Unsubscribe</a>')
    expect(m.text).toContain('the slides (https://app.example/c/tok_123/0)')
    expect(m.text).toContain('Unsubscribe: https://app.example/u/tok_123')
    expect(m.headers).toEqual({
      'List-Unsubscribe': '<https://app.example/u/tok_123>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(m.replyTo).toBe('ada@example.com')
  })

  it('is the same message every time for the same input (a retried batch sends what it sent)', () => {
    expect(buildMessage(input)).toEqual(buildMessage(input))
  })
})

describe('sender identity', () => {
  it('names the speaker via the brand, quoted, at the given address', () => {
    expect(fromHeader('Ada Lovelace', 'Lectern', 'hello@lectern.local')).toBe('"Ada Lovelace via Lectern" <hello@lectern.local>')
    expect(fromHeader('Ada "The Countess"', 'Lectern', 'a@b.example')).toBe('"Ada \\"The Countess\\" via Lectern" <a@b.example>')
    expect(fromHeader('', 'Lectern', 'a@b.example')).toBe('"Lectern" <a@b.example>')
    expect(addressOf('Lectern <hello@lectern.local>')).toBe('hello@lectern.local')
    expect(addressOf('hello@lectern.local')).toBe('hello@lectern.local')
  })

  it('reads HTML as text', () => {
    expect(htmlToText('<p>Hi&nbsp;Ada</p><p>Two<br>lines &amp; more</p><ul><li>one</li></ul>')).toBe(
      'Hi Ada\n\nTwo\nlines & more\n\n• one',
    )
  })
})
