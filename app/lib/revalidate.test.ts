import { describe, expect, it } from 'vitest'
import { skipRevalidationForParam } from './revalidate'

const args = (from: string, to: string, formMethod?: string) =>
  ({
    currentUrl: new URL(from, 'http://x'),
    nextUrl: new URL(to, 'http://x'),
    formMethod,
    defaultShouldRevalidate: true,
  }) as unknown as Parameters<ReturnType<typeof skipRevalidationForParam>>[0]

describe('skipRevalidationForParam', () => {
  const should = skipRevalidationForParam('billing')
  it('skips the reload when only that parameter changes', () => {
    expect(should(args('/pricing', '/pricing?billing=annual'))).toBe(false)
  })
  it('reloads when another parameter or the path changes, or a form is posted', () => {
    expect(should(args('/pricing?billing=annual', '/pricing?billing=monthly&x=1'))).toBe(true)
    expect(should(args('/pricing', '/compare?billing=annual'))).toBe(true)
    expect(should(args('/pricing', '/pricing?billing=annual', 'POST'))).toBe(true)
  })
})
