import { describe, expect, it } from 'vitest'
import { ownHeaders } from './route-headers'

const h = (init: Record<string, string>) => new Headers(init)

describe('ownHeaders', () => {
  it('sends the loader’s headers, the action’s over them and a thrown response’s over both, without Set-Cookie', () => {
    const out = new Headers(
      ownHeaders({
        parentHeaders: h({ 'X-Parent': '1' }),
        loaderHeaders: h({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store', 'Set-Cookie': 'a=1' }),
        actionHeaders: h({ 'Cache-Control': 'no-store' }),
        errorHeaders: h({ 'X-Robots-Tag': 'noindex' }),
      }),
    )
    expect(Object.fromEntries(out)).toEqual({
      'x-parent': '1',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    })
  })
})
