import { describe, it, expect } from 'vitest'
import { defaultUrlTransform } from 'react-markdown'
import { isAllowedEditorLink, safeMarkdownUrl, safeReturnTo } from './url'

describe('safeMarkdownUrl', () => {
  it.each([
    ['https://example.com/a?b=c#d', true],
    ['http://example.com', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['mailto:hi@example.com', true],
    ['irc://irc.example.net/chan', true],
    ['ircs://irc.example.net/chan', true],
    ['xmpp:someone@example.com', true],
    ['/resources/some-post', true],
    ['../relative', true],
    ['#section', true],
    ['?page=2', true],
    ['page.html', true],
    ['/path/with:colon', true],
    ['?q=a:b', true],
    ['#x:y', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:msgbox', false],
    ['ftp://example.com/file', false],
    ['tel:+441234', false],
    ['file:///etc/passwd', false],
  ])('%j kept: %s', (url, kept) => {
    expect(safeMarkdownUrl(url)).toBe(kept ? url : '')
    // The rendered markdown uses react-markdown's default; the two must never disagree.
    expect(defaultUrlTransform(url)).toBe(safeMarkdownUrl(url))
  })
})

describe('isAllowedEditorLink', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['ftp://files.example.com', true],
    ['ftps://files.example.com', true],
    ['mailto:a@b.c', true],
    ['tel:+441234567', true],
    ['callto:someone', true],
    ['sms:+441234567', true],
    ['cid:part1@example', true],
    ['xmpp:a@b.c', true],
    ['  https://example.com  ', true],
    ['/about', true],
    ['#top', true],
    ['irc://irc.example.net', false], // markdown allows it, the editor list does not
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,x', false],
    ['vbscript:x', false],
    ['java\nscript:alert(1)', false],
    ['', false],
    ['   ', false],
  ])('%j → %s', (url, ok) => {
    expect(isAllowedEditorLink(url)).toBe(ok)
  })
})

describe('safeReturnTo', () => {
  it.each([
    '/premium/speaker-profile-submissions',
    '/premium/speaker-profile-submissions?id=42',
    '/resources/admin',
    '/',
    '/a/b?c=d#e',
    '/path:with:colons',
    '/%2F%2Fevil.example', // encoded: still a path on this site
  ])('accepts %j', (path) => {
    expect(safeReturnTo(path)).toBe(path)
  })

  it.each([
    ['//evil.example'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/foo\\bar'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/ok\u0000'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['relative/path'],
    [' /leading-space'],
    [''],
    [`/${'a'.repeat(2048)}`],
    [null],
    [undefined],
    [42],
    [['/array']],
  ])('rejects %j', (value) => {
    expect(safeReturnTo(value)).toBe('/premium/speaker-profile-submissions')
  })

  it('uses the given fallback', () => {
    expect(safeReturnTo('//evil.example', '/')).toBe('/')
  })
})
