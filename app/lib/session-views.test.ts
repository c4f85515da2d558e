import { describe, expect, it } from 'vitest'
import { countedUrl, viewKindFor } from './session-views'

describe('scan vs visit', () => {
  it.each([
    ['/t/abc?qr=1', 'scan'],
    ['/t/abc?qr=1&utm_source=slide', 'scan'],
    ['/t/abc?utm_source=x&qr=1', 'scan'],
    ['/t/abc', 'visit'],
    ['/t/abc?qr=0', 'visit'],
    ['/t/abc?qr=true', 'visit'],
    ['/t/abc?utm_source=newsletter', 'visit'],
    // The address the page's script leaves after a counted scan: a refresh counts nothing.
    ['/t/abc?via=qr', null],
  ])('%s → %s', (path, kind) => {
    expect(viewKindFor(new URL(path, 'https://lectern.example'))).toBe(kind)
  })

  it('the counted address is not counted again', () => {
    expect(viewKindFor(new URL(countedUrl('/t/abc'), 'https://lectern.example'))).toBeNull()
  })
})
