import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { safeMarkdownUrl } from '~/lib/url'
import { PROSE } from './prose'

// Post content is markdown (decision 8). Raw HTML is never rendered (no rehype-raw; react-markdown
// drops HTML nodes), and every link and image URL goes through the spec's scheme allowlist.
// GFM adds tables, task lists and strikethrough.

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={`${PROSE} ${className ?? ''}`}>
      <MarkdownBody>{children}</MarkdownBody>
    </div>
  )
}

/**
 * The markdown as elements, without the typography wrapper. Articles store this rendered once at
 * save time (app/services/markdown.server.tsx) and show it through RenderedMarkdown, so their
 * pages ship no markdown library; the editor's preview renders it live.
 */
export function MarkdownBody({ children }: { children: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      urlTransform={safeMarkdownUrl}
      components={{
        a: ({ node: _node, href, children: linkChildren, ...rest }) => {
          const external = typeof href === 'string' && /^https?:/i.test(href)
          return (
            <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
              {linkChildren}
            </a>
          )
        },
        img: ({ node: _node, alt, ...rest }) => <img alt={alt ?? ''} loading="lazy" decoding="async" {...rest} />,
        // Wide code blocks scroll; focusable so keyboard users can scroll them too.
        pre: ({ node: _node, ...rest }) => <pre tabIndex={0} {...rest} />,
        input: ({ node: _node, ...rest }) => <input {...rest} disabled aria-label={rest.checked ? 'Done' : 'To do'} />,
      }}
    >
      {children}
    </ReactMarkdown>
  )
}
