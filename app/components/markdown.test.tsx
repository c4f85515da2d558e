import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MALICIOUS_MARKDOWN } from '../../tests/fixtures/xss-corpus'
import { Markdown } from './markdown'

describe('Markdown', () => {
  it('renders GFM: tables, task lists, strikethrough', () => {
    const html = renderToStaticMarkup(
      <Markdown>{'| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~'}</Markdown>,
    )
    expect(html).toContain('<table')
    expect(html).toContain('type="checkbox"')
    expect(html).toContain('<del>old</del>')
  })

  it('keeps the allowed schemes and relative links', () => {
    const html = renderToStaticMarkup(
      <Markdown>{'[a](https://x.example) [b](mailto:a@b.c) [c](/pricing) [d](#top) [e](xmpp:me@x) [f](irc://x)'}</Markdown>,
    )
    for (const href of ['https://x.example', 'mailto:a@b.c', '/pricing', '#top', 'xmpp:me@x', 'irc://x'])
      expect(html).toContain(`href="${href}"`)
  })

  it('renders no raw HTML, no event handler and no unsafe URL from the hostile corpus', () => {
    const html = renderToStaticMarkup(<Markdown>{MALICIOUS_MARKDOWN}</Markdown>).toLowerCase()
    expect(html).not.toMatch(/<(script|iframe|img src="x"|svg|math|details|noscript|b )/)
    expect(html).not.toMatch(/href="\s*(javascript|data|vbscript|java\s)/)
    expect(html).not.toMatch(/src="\s*(javascript|data)/)
    expect(html).not.toMatch(/<[^>]+\son[a-z]+=/)
  })
})
