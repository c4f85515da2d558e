import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { countWords, IFRAME_INVALID, IFRAME_PARSE_FAILED, parseIframeCode } from './commands'

const parse = (html: string) => new JSDOM(html).window.document

describe('parseIframeCode (spec 001 §2, §5)', () => {
  it('needs an iframe element', () => {
    expect(parseIframeCode('<div>video</div>', parse)).toEqual({ ok: false, error: IFRAME_INVALID })
    expect(IFRAME_INVALID).toBe('Invalid iframe code. Please paste a valid iframe element.')
  })

  it('reports a parser failure with the spec message', () => {
    const failing = () => {
      throw new Error('boom')
    }
    expect(parseIframeCode('<iframe>', failing)).toEqual({ ok: false, error: IFRAME_PARSE_FAILED })
    expect(IFRAME_PARSE_FAILED).toBe('Failed to parse iframe code. Please check the format and try again.')
  })

  it('keeps the spec attributes and defaults to 560×315', () => {
    const result = parseIframeCode(
      '<iframe src="https://www.youtube.com/embed/abc" allow="autoplay" allowfullscreen referrerpolicy="strict-origin" onload="x()" style="a"></iframe>',
      parse,
    )
    expect(result).toEqual({
      ok: true,
      attrs: {
        src: 'https://www.youtube.com/embed/abc',
        width: '560',
        height: '315',
        frameborder: '0',
        allow: 'autoplay',
        allowfullscreen: true,
        title: 'Embedded video',
        referrerpolicy: 'strict-origin',
      },
    })
  })

  it('refuses frames that are not video players over https', () => {
    for (const src of ['http://www.youtube.com/embed/abc', 'https://evil.example/embed/abc', 'javascript:alert(1)']) {
      expect(parseIframeCode(`<iframe src="${src}"></iframe>`, parse).ok).toBe(false)
    }
  })
})

describe('countWords', () => {
  it('counts words separated by any whitespace', () => {
    expect(countWords('  About me  Bold\nwords ')).toBe(4)
    expect(countWords('')).toBe(0)
  })
})
