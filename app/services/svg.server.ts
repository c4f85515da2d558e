import { STORAGE_CACHE_CONTROL_SECONDS, SVG_ICON_MAX_BYTES, SVG_MIME_TYPE } from '~/lib/constants'
import { lazyPurifier } from './dom.server'
import { putObject, storageKey } from './storage.server'

// Featured-section icons are user-uploaded SVG served from our own origin, so they are cleaned
// on the server before they are stored: no scripts, no foreignObject (HTML inside SVG), no event
// handlers, no links or references that leave the document (href/xlink:href must be "#…"),
// no CSS url() to elsewhere, and DOCTYPE/ENTITY declarations are refused outright (entity
// expansion and external entities). The result is served with nosniff and default-src 'none'.

const EXTERNAL_URL = /url\(\s*(['"]?)(?!#)/i

// jsdom and DOMPurify load on the first icon upload (app/services/dom.server.ts).
const purifier = lazyPurifier(({ purify }) =>
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase()
    const value = data.attrValue.trim()
    if (name === 'href' || name === 'xlink:href' || name.endsWith(':href') || name === 'src') {
      if (!value.startsWith('#')) data.keepAttr = false
    }
    if (name === 'style' && EXTERNAL_URL.test(value)) data.keepAttr = false
    if (/^on/i.test(name)) data.keepAttr = false
    // Presentation attributes may carry url(): only same-document fragments survive.
    if (EXTERNAL_URL.test(value)) data.keepAttr = false
  }),
)

export type SvgResult = { ok: true; svg: string } | { ok: false }

export function sanitizeSvg(input: string): SvgResult {
  const text = input.replace(/^\uFEFF/, '').trim()
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false }
  // Must be an SVG document: an optional XML declaration and comments, then <svg.
  if (!/^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return { ok: false }
  const { purify, window } = purifier()
  const clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: [
      'script',
      'foreignObject',
      'style',
      'a',
      'iframe',
      'embed',
      'object',
      'audio',
      'video',
      'animate',
      'set',
      'animateMotion',
      'animateTransform',
    ],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
    ADD_TAGS: ['use'],
    RETURN_DOM_FRAGMENT: true,
  })
  const root = clean.firstElementChild
  if (!root || root.localName !== 'svg' || clean.childElementCount !== 1) return { ok: false }
  // Serialised as XML: the file is served as image/svg+xml, where HTML entities like &nbsp; break.
  return { ok: true, svg: new window.XMLSerializer().serializeToString(root) }
}

export const SVG_UPLOAD_ERRORS = {
  missing: 'No file provided',
  notSvg: 'Only SVG files are allowed',
  tooLarge: 'File size must be less than 1MB',
  invalid: 'Please upload a valid SVG file',
} as const

/**
 * A featured-section icon (spec 001 §5, §7): required, image/svg+xml, under 1MB, sanitized, then
 * stored under icons/ with cache control 3600. Storage failures read "Failed to upload SVG: …".
 */
export async function uploadSvgIcon(file: unknown): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, error: SVG_UPLOAD_ERRORS.missing }
  if (file.type !== SVG_MIME_TYPE) return { ok: false, error: SVG_UPLOAD_ERRORS.notSvg }
  if (file.size >= SVG_ICON_MAX_BYTES) return { ok: false, error: SVG_UPLOAD_ERRORS.tooLarge }
  const cleaned = sanitizeSvg(await file.text())
  if (!cleaned.ok) return { ok: false, error: SVG_UPLOAD_ERRORS.invalid }
  try {
    const stem = (file.name || 'icon').replace(/\.[^.]*$/, '') || 'icon'
    const stored = await putObject({
      key: storageKey(`${stem}.svg`, { icon: true }),
      body: Buffer.from(cleaned.svg, 'utf8'),
      contentType: SVG_MIME_TYPE,
      cacheControl: `public, max-age=${STORAGE_CACHE_CONTROL_SECONDS}`,
    })
    return { ok: true, url: stored.url }
  } catch (error) {
    console.error('Failed to upload icon', error)
    return { ok: false, error: `Failed to upload SVG: ${error instanceof Error ? error.message : 'Unknown error'}` }
  }
}
