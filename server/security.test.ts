import type { NextFunction, Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { refuseControlCharactersInUrl } from './security'

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
