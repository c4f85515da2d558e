import type { GetLoadContextFunction } from '@remix-run/express'
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js'
import type { ActionFunction, LoaderFunction, ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'

// GET and POST /t/{code}, the attendee page and its sign-up (issue 9), straight to the route
// module's own loader and action — app/routes/t.$code.tsx stays the one implementation — without
// Remix's request pipeline, which flattens and ranks every route of the app on each request (twice
// for a resource route) and cost more CPU than the sign-up itself (docs/lead-capture.md,
// Benchmark). It runs behind the same middleware as every route (request id, security headers and
// CSP nonce, same-origin posts, body ceiling, client address) and is called the way Remix calls a
// resource route: the same Request (createRemixRequest), the same load context, a thrown Response
// sent as it is, any other error through entry.server's handleError and answered 500 with Remix's
// own text. Anything else (other methods, a code that is not a short code, Remix's data requests)
// goes on to Remix.

export const ATTENDEE_ROUTE_ID = 'routes/t.$code'
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

type Options = { build: ServerBuild; getLoadContext: GetLoadContextFunction }

export function attendeeRoute({ build, getLoadContext }: Options) {
  const route = build.routes[ATTENDEE_ROUTE_ID]?.module as { loader?: LoaderFunction; action?: ActionFunction } | undefined
  const { loader, action } = route ?? {}
  if (!loader || !action) throw new Error(`The server build has no loader and action for ${ATTENDEE_ROUTE_ID}.`)
  const handleError = build.entry.module.handleError

  return async (req: Request, res: Response, next: NextFunction) => {
    const code = req.params.code ?? ''
    const method = req.method
    if ((method !== 'GET' && method !== 'HEAD' && method !== 'POST') || !CODE_PATTERN.test(code) || '_data' in req.query) {
      return next()
    }
    let request: globalThis.Request | undefined
    try {
      request = createRemixRequest(req, res)
      const context = await getLoadContext(req, res)
      const params = { code }
      let response: globalThis.Response
      try {
        const handler = method === 'POST' ? action : loader
        response = (await handler({ request, params, context })) as globalThis.Response
      } catch (error) {
        if (!(error instanceof globalThis.Response)) {
          handleError?.(error, { request, params, context })
          response = new globalThis.Response('Unexpected Server Error', {
            status: 500,
            headers: { 'Content-Type': 'text/plain' },
          })
        } else {
          response = error
          try {
            response.headers.set('X-Remix-Catch', 'yes')
          } catch {
            // Immutable headers (Response.redirect): sent as they are.
          }
        }
      }
      await sendRemixResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}
