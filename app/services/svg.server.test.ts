import { beforeAll, describe, expect, it } from 'vitest'
import { MALICIOUS_SVGS, REJECTED_SVGS } from '../../tests/fixtures/xss-corpus'
import { sanitizeSvg } from './svg.server'

// jsdom loads on the first call (app/services/dom.server.ts), not at import: outside the tests' timing.
beforeAll(() => void sanitizeSvg('<svg></svg>'), 30_000)

describe('sanitizeSvg', () => {
  it('keeps a plain icon intact', () => {
    const result = sanitizeSvg(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"/></defs><path d="M0 0h24v24z" fill="url(#g)"/><use href="#g"/></svg>',
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.svg).toContain('viewBox="0 0 24 24"')
    expect(result.svg).toContain('fill="url(#g)"')
    expect(result.svg).toContain('<use href="#g"/>')
  })

  it.each(MALICIOUS_SVGS)('removes every active or external part: %s', (input) => {
    const result = sanitizeSvg(input)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const out = result.svg.toLowerCase()
    for (const bad of [
      '<script',
      'foreignobject',
      'javascript:',
      'data:',
      'evil.example',
      ' on',
      '<iframe',
      '<embed',
      '<object',
      '<animate',
      '<set',
      '<style',
      'alert(',
    ]) {
      expect(out).not.toContain(bad)
    }
    expect(out.startsWith('<svg')).toBe(true)
  })

  it.each(REJECTED_SVGS)('rejects DOCTYPE, ENTITY and non-SVG documents: %s', (input) => {
    expect(sanitizeSvg(input)).toEqual({ ok: false })
  })
})
