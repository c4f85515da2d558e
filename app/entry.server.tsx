import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from '~/components/nonce'
import { RequestIdProvider } from '~/components/request-id'
import { isPersonalRequest } from '~/services/page-cache.server'

export { startApp, stopApp, checkHealth } from '~/boot.server'
// Graceful shutdown (server/index.ts) ends the live display streams before it waits for requests to finish.
export { closeDisplayStreams } from '~/services/live-display.server'

const ABORT_DELAY = 5_000
export const streamTimeout = ABORT_DELAY

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  keepPrivate(request, responseHeaders)
  if (responseStatusCode >= 400 && remixContext.staticHandlerContext.errors && wantsJsonOnly(request)) {
    return jsonError(responseStatusCode, responseHeaders, remixContext, loadContext.requestId)
  }
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : ''
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId || null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logServerError(error, request, loadContext.requestId)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY + 1000)
  })
}

/** Single-fetch data of a personal navigation (signed in, flash message…): theirs alone, like the pages. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  keepPrivate(request, response.headers)
  return response
}

/**
 * A page or data answered to a personal request (a session, a flash message, any cookie but the
 * consent and currency choices) is that visitor's alone: unless the route chose its own caching, no
 * browser or shared cache (CDN, proxy) may keep it. Public pages the page cache serves are marked
 * there (server/page-cache.ts).
 */
function keepPrivate(request: Request, headers: Headers) {
  if (!headers.has('Cache-Control') && isPersonalRequest(request)) headers.set('Cache-Control', 'private, no-store')
}

function wantsJsonOnly(request: Request) {
  const accept = request.headers.get('Accept') ?? ''
  return accept.includes('application/json') && !accept.includes('text/html')
}

/**
 * A client that asked for JSON gets its error as `{"error": "…"}` with the status, not an HTML page:
 * the sentence a route (or the request-body boundary) threw, or, for a 5xx, a generic one and the
 * request id to quote.
 */
function jsonError(status: number, headers: Headers, context: EntryContext, requestId: string | undefined) {
  const error = Object.values(context.staticHandlerContext.errors ?? {})[0]
  let message = 'Something went wrong.'
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data
    if (typeof data === 'string' && data) message = data
    else if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') message = data.error
    else message = error.statusText || message
  }
  headers.set('Content-Type', 'application/json; charset=utf-8')
  const body = status >= 500 ? { error: 'Something went wrong.', requestId: requestId || undefined } : { error: message }
  return new Response(JSON.stringify(body), { status, headers })
}

/**
 * The one log line of a failed request: method, path, request id (also the X-Request-Id header and on
 * the error page) and the stack. A 4xx is the client's mistake, answered and not logged as an error
 * (a POST to a route without an action is Remix's 405); an aborted request has no one to answer.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  logServerError(error, request, context.requestId)
}

function logServerError(error: unknown, request: Request, requestId: string | undefined) {
  const url = new URL(request.url)
  console.error(`[request ${requestId || '-'}] ${request.method} ${url.pathname} failed:`, error)
}
