import type { NextFunction, Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { refuseControlCharactersInUrl, sameOriginPosts } from './security'

function run(url: string) {
  const res = { status: vi.fn(), type: vi.fn(), send: vi.fn() }
  res.status.mockReturnValue(res)
  res.type.mockReturnValue(res)
  const next = vi.fn() as NextFunction
  refuseControlCharactersInUrl({ originalUrl: url, path: url.split('?')[0] } as Request, res as unknown as Response, next)
  return { refused: res.status.mock.calls[0]?.[0] as number | undefined, passed: vi.mocked(next).mock.calls.length === 1 }
}

describe('refuseControlCharactersInUrl', () => {
  it.each([
    '/resources?tag=%00',
    '/resources?tag=a%1Fb',
    '/resources/%00',
    '/news?q=%7f',
    '/speakers?page=%0b',
    '/x?y=%0C',
    // A path whose %-escapes are not UTF-8 (Express's router would answer its own HTML page).
    '/api/v1/webhooks/%FF%FE',
    '/speakers/%E0%A4%A',
    '/x/%zz',
  ])('refuses %s with 400', (url) => {
    expect(run(url)).toEqual({ refused: 400, passed: false })
  })

  it.each(['/resources?tag=ai', '/news?q=line%0Abreak%09tab%0D', '/speakers?q=%C3%A9t%C3%A9', '/x?y=%20%2F%25', '/x?y=%ff'])(
    'lets %s through',
    (url) => {
      expect(run(url)).toEqual({ refused: undefined, passed: true })
    },
  )
})

describe('sameOriginPosts', () => {
  const APP = 'https://lectern.example'
  function post(path: string, headers: Record<string, string>, method = 'POST') {
    const res = { status: vi.fn(), type: vi.fn(), send: vi.fn(), setHeader: vi.fn(), locals: {} }
    res.status.mockReturnValue(res)
    res.type.mockReturnValue(res)
    res.send.mockReturnValue(res)
    const next = vi.fn() as NextFunction
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    const req = {
      method,
      path,
      protocol: 'https',
      headers: lower,
      get: (name: string) => (name === 'Host' ? 'lectern.example' : lower[name.toLowerCase()]),
    }
    sameOriginPosts(APP)(req as unknown as Request, res as unknown as Response, next)
    return {
      refused: res.status.mock.calls[0]?.[0] as number | undefined,
      passed: vi.mocked(next).mock.calls.length === 1,
      origin: lower.origin,
    }
  }
  const token = 'AbCdEfGhIjKlMnOpQrStUv'

  it('refuses a cross-site form post, and one from Origin null', () => {
    expect(post('/app/settings', { Origin: 'https://evil.example' })).toMatchObject({ refused: 403, passed: false })
    expect(post('/app/settings', { Origin: 'null' })).toMatchObject({ refused: 403, passed: false })
    expect(post('/app/settings', { 'Sec-Fetch-Site': 'cross-site' })).toMatchObject({ refused: 403, passed: false })
    expect(post('/app/settings', { Origin: APP })).toMatchObject({ refused: undefined, passed: true, origin: APP })
  })

  it('lets the one-click unsubscribe POST through from anywhere: its token is the authority (RFC 8058)', () => {
    expect(post(`/u/${token}`, {})).toMatchObject({ refused: undefined, passed: true })
    // Remix would refuse a foreign Origin on a document action: the route never sees it.
    expect(post(`/u/${token}`, { Origin: 'https://mail.example' })).toEqual({
      refused: undefined,
      passed: true,
      origin: undefined,
    })
    expect(post(`/u/${token}`, { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' })).toMatchObject({
      refused: undefined,
      passed: true,
    })
    // Only that path and only POST: a PUT, a deeper path or another route keep the rule.
    expect(post(`/u/${token}`, { Origin: 'https://evil.example' }, 'PUT')).toMatchObject({ refused: 403, passed: false })
    expect(post(`/u/${token}/more`, { Origin: 'https://evil.example' })).toMatchObject({ refused: 403, passed: false })
    expect(post(`/c/${token}/0`, { Origin: 'https://evil.example' })).toMatchObject({ refused: 403, passed: false })
  })
})
