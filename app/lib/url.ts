import { DEFAULT_RETURN_TO } from './constants'

// URL allowlists from the specs (spec 000 §5 and spec 001 §5 for markdown links; spec 001 §5
// for the rich-text editor) and the sign-in return target.

export const MARKDOWN_SAFE_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const
export const EDITOR_LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'] as const

/**
 * Same rule as react-markdown's default urlTransform, so it can be passed as `urlTransform`:
 * a URL whose first ":" comes before any "/", "?" or "#" has a scheme, which must be on the
 * list exactly (case-insensitive); anything else is relative and kept. Unsafe → "".
 * Deliberately strict about the scheme text: " javascript:" or "java\tscript:" is not a listed
 * scheme, so it is dropped even though a browser would strip the whitespace.
 */
export function safeMarkdownUrl(url: string): string {
  return hasAllowedScheme(url, MARKDOWN_SAFE_SCHEMES) ? url : ''
}

/**
 * Links inserted in the bio editor: a listed scheme, or a scheme-less (relative) link, as
 * DOMPurify's default allowlist also lets through. Surrounding whitespace is ignored, inner
 * whitespace before the ":" is not.
 */
export function isAllowedEditorLink(url: string): boolean {
  const value = url.trim()
  return value !== '' && hasAllowedScheme(value, EDITOR_LINK_SCHEMES)
}

function hasAllowedScheme(url: string, schemes: readonly string[]): boolean {
  const colon = url.indexOf(':')
  if (colon === -1) return true
  for (const stop of ['/', '?', '#']) {
    const at = url.indexOf(stop)
    if (at !== -1 && at < colon) return true
  }
  return schemes.includes(url.slice(0, colon).toLowerCase())
}

const MAX_RETURN_TO_LENGTH = 2048

/**
 * Where to send a user after sign-in. Only a path on this site is accepted: it starts with one
 * "/" and is not "//host" (protocol-relative). Backslashes are refused anywhere because browsers
 * read "\" as "/" ("/\evil.example" is "//evil.example"); control characters are refused because
 * browsers drop tabs and newlines ("/\t/evil.example"). Anything else → the fallback.
 */
export function safeReturnTo(value: unknown, fallback: string = DEFAULT_RETURN_TO): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO_LENGTH) return fallback
  if (!value.startsWith('/') || value.startsWith('//')) return fallback
  if (value.includes('\\') || hasControlChar(value)) return fallback
  // Belt and braces: resolved against a placeholder origin, it must stay on that origin.
  try {
    const base = 'https://return-to.invalid'
    if (new URL(value, base).origin !== base) return fallback
  } catch {
    return fallback
  }
  return value
}

function hasControlChar(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
