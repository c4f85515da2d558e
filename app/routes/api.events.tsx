import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { isClickEvent } from '~/lib/analytics-events'
import { safeReturnTo } from '~/lib/url'
import { hitRateLimit } from '~/models/rate-limit.server'
import { recordEvent } from '~/services/analytics.server'
import { bodyKind, readForm, readJson, RequestBodyError } from '~/services/request-body.server'
import { clientIp } from '~/services/request.server'

// POST /api/events: the sendBeacon endpoint for click events. Only names on the allowlist
// (app/lib/analytics-events.ts) are stored; no cookies are read or set.

const EVENTS_PER_MINUTE = 60
// An event is a name and a path: a few hundred bytes.
const MAX_BODY_BYTES = 4 * 1024
const EventSchema = z.object({ name: z.string().max(64), path: z.string().max(512).optional() })

export async function loader() {
  return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
  const parsed = EventSchema.safeParse(await readBody(request))
  if (!parsed.success || !isClickEvent(parsed.data.name)) {
    return Response.json({ error: 'Unknown event' }, { status: 400 })
  }
  const limit = await hitRateLimit(`events:${clientIp(request)}`, EVENTS_PER_MINUTE, 60_000)
  if (!limit.allowed) return Response.json({ error: 'Too many events' }, { status: 429 })
  const path = safeReturnTo(parsed.data.path, '')
  await recordEvent(parsed.data.name, { request, path: path ? path.split(/[?#]/)[0] : undefined })
  return new Response(null, { status: 204 })
}

/** JSON (sendBeacon sends it as text/plain) or a form; anything unreadable is simply not an event. */
async function readBody(request: Request): Promise<unknown> {
  try {
    if (bodyKind(request) === 'form') return Object.fromEntries(await readForm(request, { maxBytes: MAX_BODY_BYTES }))
    return await readJson(request, { maxBytes: MAX_BODY_BYTES, allowTextPlain: true })
  } catch (error) {
    if (error instanceof RequestBodyError && error.status !== 413) return null
    throw error
  }
}
