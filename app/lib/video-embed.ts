// Speaker videos (spec 000 §2 "Featured Video") and frames pasted into the bio editor
// (spec 001 §2). Parsing uses the WHATWG URL class, available in browsers and Node alike.

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com'])
const LOOM_HOSTS = new Set(['loom.com', 'www.loom.com'])
// Video ids are path segments we paste into a new URL: allow only characters that cannot
// change the URL's structure.
const SAFE_ID = /^[A-Za-z0-9_-]+$/

/**
 * YouTube watch / youtu.be / shorts links → https://www.youtube.com/embed/{id};
 * Loom share links → https://www.loom.com/embed/{id}. Anything else comes back as given
 * (trimmed) — whether it may be framed is isAllowedEmbedSrc's call, not this function's.
 * A link typed without a scheme ("youtu.be/abc") is understood as https.
 */
export function toEmbedUrl(url: string): string {
  const given = url.trim()
  const parsed = parseLoose(given)
  if (!parsed) return given
  const host = parsed.hostname.toLowerCase()
  const segments = parsed.pathname.split('/').filter(Boolean)

  let id: string | null | undefined
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = parsed.searchParams.get('v')
    else if (segments.length === 2 && segments[0] === 'shorts') id = segments[1]
    if (id && SAFE_ID.test(id)) return `https://www.youtube.com/embed/${id}`
  } else if (host === 'youtu.be') {
    id = segments.length === 1 ? segments[0] : null
    if (id && SAFE_ID.test(id)) return `https://www.youtube.com/embed/${id}`
  } else if (LOOM_HOSTS.has(host)) {
    id = segments.length === 2 && segments[0] === 'share' ? segments[1] : null
    if (id && SAFE_ID.test(id)) return `https://www.loom.com/embed/${id}`
  }
  return given
}

// Host → the path a frame on that host must have. Only players, never a host's whole site.
const EMBED_PATHS: ReadonlyMap<string, RegExp> = new Map([
  ['youtube.com', /^\/embed\/[A-Za-z0-9_-]+\/?$/],
  ['www.youtube.com', /^\/embed\/[A-Za-z0-9_-]+\/?$/],
  ['www.youtube-nocookie.com', /^\/embed\/[A-Za-z0-9_-]+\/?$/],
  ['player.vimeo.com', /^\/video\/\d+\/?$/],
  ['www.loom.com', /^\/embed\/[A-Za-z0-9_-]+\/?$/],
])

/**
 * May this URL be an iframe's src? https only, no credentials or custom port, one of the known
 * video hosts, and that host's player path. A javascript: or data: src would run in our origin,
 * so nothing else is framed. Query strings (start time, player options) are allowed.
 */
export function isAllowedEmbedSrc(src: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(src.trim())
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return false
  const path = EMBED_PATHS.get(parsed.hostname)
  return path !== undefined && path.test(parsed.pathname)
}

/** The src to frame for a stored video link, or null when it must not be framed at all. */
export function embeddableVideoSrc(url: string | null | undefined): string | null {
  if (!url?.trim()) return null
  const embed = toEmbedUrl(url)
  return isAllowedEmbedSrc(embed) ? embed : null
}

function parseLoose(value: string): URL | null {
  if (!value) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  try {
    const parsed = new URL(withScheme)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null
  } catch {
    return null
  }
}
