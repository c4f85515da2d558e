import { renderToStaticMarkup } from 'react-dom/server'
import { MarkdownBody } from '~/components/markdown'

/**
 * Post content (markdown) as the HTML the article page shows, rendered once when the post is saved
 * and stored beside the markdown (posts.content_html). The same react-markdown pipeline as the
 * editor preview: raw HTML skipped, link and image URLs through the scheme allowlist.
 */
export function renderMarkdownHtml(markdown: string) {
  return renderToStaticMarkup(<MarkdownBody>{markdown}</MarkdownBody>)
}
