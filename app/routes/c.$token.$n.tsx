import type { LoaderFunctionArgs } from '@remix-run/node'
import { linkIndex } from '~/lib/follow-up-links'
import { recordClick } from '~/models/follow-up-links.server'
import { rescorePeople } from '~/services/lead-scoring.server'

// /c/{token}/{n}: a link in a follow-up (issue 32 Deliver 5; docs/follow-up.md "Clicks"). A
// first-party redirect to the nth link stored for the token's follow-up — never to an address taken
// from the request, so it cannot be used as an open redirect — counting the recipient's first click
// (clicked_at) and raising the person's score. Anything unknown is a 404.

const NOT_FOUND = () =>
  new Response('This link is not known.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
  })

export async function loader({ params }: LoaderFunctionArgs) {
  const index = linkIndex(params.n)
  if (index === null) return NOT_FOUND()
  const click = await recordClick(params.token ?? '', index)
  if (!click) return NOT_FOUND()
  if (click.firstClick) {
    // The click is stored; the score is derived from it and recomputed with every change of the
    // person, so a failure here costs nothing but a late score and must not keep the reader waiting.
    await rescorePeople([click.firstClick]).catch((error) => console.error('rescore after a follow-up click failed', error))
  }
  return new Response(null, {
    status: 302,
    headers: { Location: click.url, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' },
  })
}
