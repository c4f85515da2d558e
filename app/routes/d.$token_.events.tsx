import type { LoaderFunctionArgs } from '@remix-run/node'
import { parseLastEventId } from '~/lib/live-display'
import { getDisplaySession, hashDisplayToken } from '~/models/display-links.server'
import { openDisplayStream } from '~/services/live-display.server'

// GET /d/{token}/events: the display's Server-Sent Events stream (issue 33 Deliver 6; framing and
// fan-out in app/services/live-display.server.ts). Not compressed (Cache-Control: no-transform), not
// buffered by proxies (X-Accel-Buffering: no). A revoked or renewed token answers 404, which stops
// the browser's EventSource; the page then shows it is offline and finds the link gone.

export async function loader({ params, request }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  const session = await getDisplaySession(token)
  if (!session) return new Response('Display link not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  return openDisplayStream({
    sessionId: session.id,
    tokenHash: hashDisplayToken(token),
    lastEventId: parseLastEventId(request.headers.get('Last-Event-ID')),
    signal: request.signal,
  })
}
