import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { isClickEvent } from '~/lib/analytics-events'
import { safeReturnTo } from '~/lib/url'
import { recordEvent } from '~/services/analytics.server'

// GET /go?event=…&to=…&from=… records a call-to-action click on the server, then redirects to
// `to` (a path on this site only). Tracked links point here so the event is counted even
// without JavaScript; with JavaScript the page sends a beacon instead and skips this hop.

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const to = safeReturnTo(url.searchParams.get('to'), '/')
  const event = url.searchParams.get('event')
  if (isClickEvent(event)) {
    const from = safeReturnTo(url.searchParams.get('from'), '')
    await recordEvent(event, { request, path: from ? new URL(from, url.origin).pathname : undefined })
  }
  return redirect(to, { headers: { 'Cache-Control': 'no-store' } })
}
