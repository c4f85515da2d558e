import type { LoaderFunctionArgs } from '@remix-run/node'
import { hitRateLimit } from '~/models/rate-limit.server'
import { renderOgImage } from '~/services/og.server'
import { clientIp } from '~/services/request.server'

// Social crawlers fetch a handful of images; far more from one address is someone filling the cache.
const OG_REQUESTS_PER_MINUTE = 60

// GET /og?title=… → a 1200×630 PNG with the title, for og:image and twitter:image.
export async function loader({ request }: LoaderFunctionArgs) {
  const limit = await hitRateLimit(`og:${clientIp(request)}`, OG_REQUESTS_PER_MINUTE, 60_000)
  if (!limit.allowed)
    return new Response('Too many requests', {
      status: 429,
      headers: { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) },
    })
  const title = new URL(request.url).searchParams.get('title') ?? ''
  const png = await renderOgImage(title)
  return new Response(Buffer.from(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
