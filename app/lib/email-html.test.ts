import { describe, expect, it } from 'vitest'
import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from './email-html'

describe('email html helpers', () => {
  it('escapes every character that could open markup or an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;')
  })

  it('keeps user text inert inside paragraphs and the layout', () => {
    const html = textToHtmlParagraphs('Hello <b>there</b>\nline two\n\nsecond <script>')
    expect(html).toContain('Hello &lt;b&gt;there&lt;/b&gt;<br>line two')
    expect(html).toContain('second &lt;script&gt;')
    expect(html.match(/<p /g)).toHaveLength(2)
    const page = emailLayout({ brand: 'A&B', title: '<x>', bodyHtml: html })
    expect(page).toContain('A&amp;B')
    expect(page).toContain('&lt;x&gt;')
    expect(emailButton('https://e.x/?a=1&b="2"', 'Go')).toContain('href="https://e.x/?a=1&amp;b=&quot;2&quot;"')
  })
})
