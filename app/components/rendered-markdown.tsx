import { PROSE } from './prose'

/**
 * Post content as HTML rendered at save time from its markdown by react-markdown with raw HTML
 * off and the URL allowlist (app/services/markdown.server.tsx): the same output as <Markdown>,
 * without shipping a markdown parser to the article page.
 */
export function RenderedMarkdown({ html, className }: { html: string; className?: string }) {
  return <div className={`${PROSE} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />
}
