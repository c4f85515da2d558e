import type { Config } from 'dompurify'
import { getConfig } from '~/config.server'
import { EMBED_FRAME_ATTRIBUTES, LOCAL_UPLOADS_PATH } from '~/lib/constants'
import { isAllowedEditorLink } from '~/lib/url'
import { isAllowedEmbedSrc } from '~/lib/video-embed'
import { lazyPurifier } from './dom.server'

// Bio HTML is sanitized once, when it is saved (ARCHITECTURE "User HTML is sanitized when saved").
// The rendered page then trusts the stored HTML, so every rule lives here.

const FORMATTING_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
  'iframe',
]
const FRAME_ATTRIBUTES: readonly string[] = EMBED_FRAME_ATTRIBUTES
const TEXT_ALIGN = /^\s*text-align:\s*(left|center|right|justify)\s*;?\s*$/i
const COL_WIDTH = /^\s*(?:min-)?width:\s*\d{1,4}px\s*;?\s*$/i

const CONFIG: Config = {
  ALLOWED_TAGS: FORMATTING_TAGS,
  ALLOWED_ATTR: [
    'href',
    'title',
    'target',
    'rel',
    'src',
    'alt',
    'width',
    'height',
    'style',
    'colspan',
    'rowspan',
    'data-colwidth',
    'frameborder',
    'allow',
    'allowfullscreen',
    'referrerpolicy',
  ],
  ALLOW_DATA_ATTR: false,
  ADD_TAGS: [],
  FORBID_TAGS: ['style', 'script', 'svg', 'math', 'form', 'input', 'button', 'object', 'embed', 'template'],
  FORBID_ATTR: ['srcdoc', 'srcset', 'formaction', 'xlink:href'],
  // Links: the editor's scheme list (spec 001 §5) is checked per element below; this regexp only
  // keeps DOMPurify from rejecting schemes that list allows (ftp, tel, callto, sms, cid).
  ALLOWED_URI_REGEXP: /^(?:(?:https?|ftps?|mailto|tel|callto|sms|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  KEEP_CONTENT: true,
}

// jsdom and DOMPurify load on the first save of a bio (app/services/dom.server.ts).
const purifier = lazyPurifier(({ purify }) =>
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element
    const tag = el.tagName.toLowerCase()
    if (tag === 'iframe') {
      for (const name of Array.from(el.getAttributeNames())) {
        if (!FRAME_ATTRIBUTES.includes(name)) el.removeAttribute(name)
      }
      // Removing nodes inside a hook upsets DOMPurify's walk; dropNodes() removes it afterwards.
      if (!isAllowedEmbedSrc(el.getAttribute('src') ?? '')) el.removeAttribute('src')
      return
    }
    if (tag === 'a') {
      const href = el.getAttribute('href')
      if (href !== null && !isAllowedEditorLink(href)) el.removeAttribute('href')
      if (el.getAttribute('target') === '_blank' || el.hasAttribute('href')) {
        el.setAttribute('rel', 'noopener noreferrer nofollow')
      }
      if (el.hasAttribute('target') && el.getAttribute('target') !== '_blank') el.removeAttribute('target')
    }
    if (tag === 'img') {
      const src = el.getAttribute('src') ?? ''
      if (!isAllowedImageSrc(src)) el.removeAttribute('src')
      return
    }
    const style = el.getAttribute('style')
    if (style !== null) {
      const keep =
        (tag === 'col' || tag === 'td' || tag === 'th') && COL_WIDTH.test(style) ? style : TEXT_ALIGN.test(style) ? style : null
      if (keep === null) el.removeAttribute('style')
    }
    for (const name of ['frameborder', 'allow', 'allowfullscreen', 'referrerpolicy']) el.removeAttribute(name)
  }),
)

/**
 * Images in a bio: https anywhere, our local uploads, or objects under the configured storage public
 * URL (which may be http, as MinIO or LocalStack often are). The CSP's img-src admits the same set.
 */
export function isAllowedImageSrc(src: string, storagePublicUrl = getConfig().storagePublicUrl): boolean {
  const value = src.trim()
  if (value.includes('\\')) return false
  if (value.startsWith('/') && !value.startsWith('//')) {
    const path = new URL(value, 'http://localhost').pathname
    return path.startsWith(`${LOCAL_UPLOADS_PATH}/`) || path.startsWith(`${storagePublicUrl}/`)
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  // The URL as parsed (dot segments resolved) must still sit under the storage base.
  return url.protocol === 'http:' && /^https?:\/\//.test(storagePublicUrl) && url.href.startsWith(`${storagePublicUrl}/`)
}

/** Safe bio HTML: formatting, tables, images, scheme-checked links and video-player iframes only. */
export function sanitizeBioHtml(html: string): string {
  // Two passes: whatever the first pass produces must already be a fixed point, so a string
  // that re-parses into something new (mutation XSS) is cleaned again rather than trusted.
  const { purify } = purifier()
  const once = dropNodes(purify.sanitize(html, CONFIG) as unknown as string)
  return dropNodes(purify.sanitize(once, CONFIG) as unknown as string).trim()
}

/** Frames that are not video players and images without an allowed source go entirely. */
function dropNodes(html: string): string {
  const template = purifier().window.document.createElement('template')
  template.innerHTML = html
  for (const frame of Array.from(template.content.querySelectorAll('iframe'))) {
    if (!isAllowedEmbedSrc(frame.getAttribute('src') ?? '')) frame.remove()
  }
  for (const img of Array.from(template.content.querySelectorAll('img'))) {
    if (!isAllowedImageSrc(img.getAttribute('src') ?? '')) img.remove()
  }
  return template.innerHTML
}

/** Text a person would read in the bio, for the "required" check: an empty <p></p> is no bio. */
export function bioHasContent(html: string): boolean {
  const doc = new (purifier().window.DOMParser)().parseFromString(html, 'text/html')
  return (doc.body.textContent ?? '').trim() !== '' || doc.body.querySelector('img,iframe,table') !== null
}
