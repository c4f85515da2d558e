import { getConfig } from '~/config.server'
import { isLegalDocKey, legalDocuments, type LegalDoc } from '~/content/legal'
import { embeddableVideoSrc } from '~/lib/video-embed'

// What the shared layout needs from the server beyond the root loader's basics. Legal texts are sent
// only when a legal modal is open, so the long copy never ships in every page's JavaScript.
export type ShellModal = { name: string; legal?: LegalDoc } | null

export function legalOptions() {
  const config = getConfig()
  // Only an explicitly configured team address is published; ADMIN_EMAILS stays private.
  return config.TEAM_EMAIL ? { contactEmail: config.TEAM_EMAIL } : {}
}

export function shellModal(request: Request): ShellModal {
  const name = new URL(request.url).searchParams.get('modal')
  if (!name) return null
  if (isLegalDocKey(name)) return { name, legal: legalDocuments[name](getConfig().BRAND_NAME, legalOptions()) }
  return { name }
}

/** The demo video's player URL, or null when none is configured or it cannot be framed. */
export function demoVideoEmbed() {
  const url = getConfig().DEMO_VIDEO_URL
  // toEmbedUrl knows YouTube and Loom share links; a plain Vimeo page link maps to its player too.
  const vimeo = url?.match(/^https:\/\/(?:www\.)?vimeo\.com\/(\d+)\/?$/)
  return embeddableVideoSrc(vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : url)
}
