import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Markdown } from '~/components/markdown'
import { PROSE } from '~/components/prose'
import { RenderedMarkdown } from '~/components/rendered-markdown'
import { MALICIOUS_MARKDOWN } from '../../tests/fixtures/xss-corpus'
import { renderMarkdownHtml } from './markdown.server'

const SAMPLE = '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n[link](https://x.example) ![pic](/a.png)\n\n~~old~~'

describe('renderMarkdownHtml (post content rendered at save time)', () => {
  it('stores exactly what the live renderer shows, so the article page looks the same', () => {
    const stored = renderToStaticMarkup(<RenderedMarkdown html={renderMarkdownHtml(SAMPLE)} />)
    expect(stored).toBe(renderToStaticMarkup(<Markdown>{SAMPLE}</Markdown>))
    expect(stored).toContain(PROSE.split(' ')[0])
    expect(stored).toContain('target="_blank"')
  })

  it('keeps no raw HTML, event handler or unsafe URL from the hostile corpus', () => {
    const html = renderMarkdownHtml(MALICIOUS_MARKDOWN).toLowerCase()
    expect(html).not.toMatch(/<(script|iframe|img src="x"|svg|math|details|noscript|b )/)
    expect(html).not.toMatch(/href="\s*(javascript|data|vbscript|java\s)/)
    expect(html).not.toMatch(/src="\s*(javascript|data)/)
    expect(html).not.toMatch(/<[^>]+\son[a-z]+=/)
  })
})
