import { z } from 'zod'
import type { OutsideEvent } from '~/lib/lead-events'

// Settings → Webhooks (issue 10 Deliver 6, docs/webhooks.md): the events an endpoint can subscribe
// to, the endpoint form, and the retry schedule. Shared by the form (client and server) and the
// delivery worker.

export const WEBHOOK_EVENTS = ['lead.created', 'lead.updated', 'lead.deleted'] as const satisfies readonly OutsideEvent[]
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
export const isWebhookEvent = (value: string): value is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(value)
/** The test ping's type: sent on request, never subscribed to. */
export const WEBHOOK_PING = 'webhook.ping'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, { label: string; hint: string }> = {
  'lead.created': { label: 'lead.created', hint: 'An attendee left their details on one of your sessions.' },
  'lead.updated': { label: 'lead.updated', hint: 'An attendee sent the form again, or you changed the person.' },
  'lead.deleted': { label: 'lead.deleted', hint: 'A capture was deleted or erased at the attendee’s request.' },
}

export const WEBHOOK_LIMITS = { url: 2000, description: 200, endpoints: 10 }

export const WEBHOOK_MESSAGES = {
  urlMissing: 'Enter the URL that should receive the events',
  urlInvalid: 'Enter a full URL, like https://example.com/webhooks',
  urlLong: `Keep the URL under ${WEBHOOK_LIMITS.url} characters`,
  descriptionLong: `Keep the description under ${WEBHOOK_LIMITS.description} characters`,
  eventsMissing: 'Choose at least one event',
  tooMany: `You can have up to ${WEBHOOK_LIMITS.endpoints} endpoints. Delete one to add another.`,
}

/**
 * The endpoint form. `urlProblem` is the server's check of scheme and address
 * (app/services/safe-fetch.server.ts); the browser checks only the shape.
 */
export function webhookEndpointSchema(urlProblem?: (url: URL) => string | null) {
  return z.object({
    url: z
      .string({ error: WEBHOOK_MESSAGES.urlMissing })
      .trim()
      .min(1, WEBHOOK_MESSAGES.urlMissing)
      .max(WEBHOOK_LIMITS.url, WEBHOOK_MESSAGES.urlLong)
      .superRefine((value, ctx) => {
        if (!value) return
        let url: URL
        try {
          url = new URL(value)
        } catch {
          return ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid })
        }
        if (!/^https?:$/.test(url.protocol) || !url.hostname)
          return ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid })
        const problem = urlProblem?.(url)
        if (problem) ctx.addIssue({ code: 'custom', message: `${problem}: webhooks only go to public addresses` })
      }),
    description: z.string().trim().max(WEBHOOK_LIMITS.description, WEBHOOK_MESSAGES.descriptionLong).default(''),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventsMissing }), { error: WEBHOOK_MESSAGES.eventsMissing })
      .min(1, WEBHOOK_MESSAGES.eventsMissing),
  })
}
export type WebhookEndpointInput = z.infer<ReturnType<typeof webhookEndpointSchema>>

// ── Retries ─────────────────────────────────────────────────────────────────────────────────────
/** Retries run for this long after the first attempt; the last one falls at the end of it. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
/** An endpoint whose deliveries have all failed for this long is disabled (and its owner told). */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000
const FIRST_RETRY_MS = 30_000
const MAX_RETRY_MS = 4 * 60 * 60 * 1000

/**
 * The wait before the next attempt after `attempt` failed ones, `elapsedMs` after the first, or
 * null to give up. Doubles from 30 s (30 s, 1 min, 2 min, … 2 h 8 min), then every 4 h, with a
 * final attempt at the 24-hour mark: about 15 attempts in all.
 */
export function webhookRetryDelayMs(attempt: number, elapsedMs: number): number | null {
  if (elapsedMs >= WEBHOOK_RETRY_WINDOW_MS) return null
  const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1))
  return Math.min(delay, WEBHOOK_RETRY_WINDOW_MS - elapsedMs)
}

/** The host of an endpoint URL, for the timeline and lists (never the path, which may hold a token). */
export function urlHost(url: string) {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
