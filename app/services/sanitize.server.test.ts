import { beforeAll, describe, expect, it } from 'vitest'
import { bioHasContent, isAllowedImageSrc, sanitizeBioHtml } from './sanitize.server'

// jsdom loads on the first call (app/services/dom.server.ts), not at import: outside the tests' timing.
beforeAll(() => void sanitizeBioHtml(''), 30_000)

// An XSS corpus through the bio sanitizer: nothing executable may survive.
const CORPUS: Array<[string, string]> = [
  ['script tag', '<p>hi</p><script>alert(1)</script>'],
  ['img onerror', '<img src="https://example.com/a.png" onerror="alert(1)">'],
  ['img javascript src', '<img src="javascript:alert(1)">'],
  ['svg onload', '<svg onload="alert(1)"><circle/></svg>'],
  ['javascript link', '<a href="javascript:alert(1)">x</a>'],
  ['encoded javascript link', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['data link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/abc"></iframe>'],
  ['foreign iframe', '<iframe src="https://evil.example/embed/abc"></iframe>'],
  ['javascript iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['http youtube iframe', '<iframe src="http://www.youtube.com/embed/abc"></iframe>'],
  ['iframe onload', '<iframe src="https://www.youtube.com/embed/abc" onload="alert(1)"></iframe>'],
  ['style expression', '<p style="width: expression(alert(1))">x</p>'],
  ['style url', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['nested mXSS noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['mXSS svg style', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ['mXSS math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>'],
  ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  ['object', '<object data="javascript:alert(1)"></object>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['template', '<template><img src=x onerror=alert(1)></template>'],
]

describe('sanitizeBioHtml', () => {
  it.each(CORPUS)('removes everything executable: %s', (_name, html) => {
    const out = sanitizeBioHtml(html).toLowerCase()
    expect(out).not.toMatch(
      /<script|onerror|onload|javascript:|vbscript:|data:text|srcdoc|expression\(|<svg|<math|<form|<object|<meta|<base|<style/,
    )
    expect(out).not.toContain('evil.example')
    expect(out).not.toContain('http://www.youtube.com')
    // The output is a fixed point: sanitizing again changes nothing.
    expect(sanitizeBioHtml(sanitizeBioHtml(html))).toBe(sanitizeBioHtml(html))
  })

  it('keeps formatting, tables, alignment and allowed links', () => {
    const html =
      '<h2 style="text-align: center">Hi</h2><p><strong>b</strong> <em>i</em> <u>u</u> <a href="mailto:a@b.co">m</a> <a href="tel:+123">t</a> <a href="/speakers">r</a></p>' +
      '<ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>' +
      '<table><tbody><tr><th>h</th></tr><tr><td>d</td></tr></tbody></table>'
    const out = sanitizeBioHtml(html)
    for (const part of [
      '<h2 style="text-align: center">',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      'href="mailto:a@b.co"',
      'href="tel:+123"',
      'href="/speakers"',
      '<ul>',
      '<ol>',
      '<blockquote>',
      '<pre><code>',
      '<table>',
      '<th>h</th>',
      '<td>d</td>',
    ]) {
      expect(out).toContain(part)
    }
  })

  it('keeps links on the editor scheme list only', () => {
    expect(sanitizeBioHtml('<a href="ftp://x.example/f">f</a>')).toContain('href="ftp://x.example/f"')
    expect(sanitizeBioHtml('<a href="sms:123">s</a>')).toContain('href="sms:123"')
    expect(sanitizeBioHtml('<a href="gopher://x">g</a>')).not.toContain('href')
    expect(sanitizeBioHtml('<a href="https://x.example" target="_blank">x</a>')).toContain('rel="noopener noreferrer nofollow"')
  })

  it('keeps player iframes over https with the spec attributes only', () => {
    const out = sanitizeBioHtml(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" frameborder="0" allow="autoplay" allowfullscreen title="Talk" referrerpolicy="strict-origin" name="x" style="border:0"></iframe>',
    )
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/abc"')
    for (const attr of [
      'width="560"',
      'height="315"',
      'frameborder="0"',
      'allow="autoplay"',
      'allowfullscreen',
      'title="Talk"',
      'referrerpolicy="strict-origin"',
    ]) {
      expect(out).toContain(attr)
    }
    expect(out).not.toContain('name=')
    expect(out).not.toContain('style=')
    for (const src of [
      'https://player.vimeo.com/video/123',
      'https://www.loom.com/embed/abc',
      'https://www.youtube.com/embed/abc',
    ]) {
      expect(sanitizeBioHtml(`<iframe src="${src}"></iframe>`)).toContain(src)
    }
  })

  it('keeps https and own-upload images only', () => {
    expect(sanitizeBioHtml('<img src="/uploads/1-a.webp" alt="a">')).toContain('/uploads/1-a.webp')
    expect(sanitizeBioHtml('<img src="https://cdn.example/a.png" alt="a">')).toContain('https://cdn.example/a.png')
    expect(sanitizeBioHtml('<img src="http://cdn.example/a.png">')).not.toContain('<img')
    expect(isAllowedImageSrc('//evil.example/a.png')).toBe(false)
  })

  // The storage public URL decides which http images survive (an http bucket: MinIO, LocalStack).
  it.each([
    ['http://minio.local:9000/images/1-a.webp', 'http://minio.local:9000/images', true],
    ['http://minio.local:9000/images/icons/1-a.svg', 'http://minio.local:9000/images', true],
    ['http://minio.local:9000/other/1-a.webp', 'http://minio.local:9000/images', false],
    ['http://minio.local:9000/images/../other/1-a.webp', 'http://minio.local:9000/images', false],
    ['http://minio.local:9000/imagesX/1-a.webp', 'http://minio.local:9000/images', false],
    ['http://minio.local:9001/images/1-a.webp', 'http://minio.local:9000/images', false],
    ['http://evil.example/images/1-a.webp', 'http://minio.local:9000/images', false],
    ['http://cdn.example/a.png', '/uploads/images', false],
    ['https://cdn.example/a.png', '/uploads/images', true],
    ['/uploads/images/1-a.webp', '/uploads/images', true],
    ['/uploads/../admin', '/uploads/images', false],
    ['/admin/x.png', '/uploads/images', false],
    ['javascript:alert(1)', 'http://minio.local:9000/images', false],
  ])('isAllowedImageSrc(%j) with storage at %j → %s', (src, base, allowed) => {
    expect(isAllowedImageSrc(src, base)).toBe(allowed)
  })
})

describe('bioHasContent', () => {
  it('treats empty paragraphs as no bio', () => {
    expect(bioHasContent('<p></p><p> </p>')).toBe(false)
    expect(bioHasContent('<p>Hi</p>')).toBe(true)
  })
})

describe('sanitizeBioHtml on a whole corpus at once', () => {
  it('keeps the text that follows removed elements', () => {
    const out = sanitizeBioHtml(
      '<iframe srcdoc="<script>parent.x=1</script>"></iframe><iframe src="https://evil.example/embed/x"></iframe><img src="javascript:alert(1)"><p>After</p>',
    )
    expect(out).toBe('<p>After</p>')
  })
})
