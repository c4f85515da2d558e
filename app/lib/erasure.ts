// What is left of a stored message once the person it is about has been erased, or once the message
// that tells the outside world about an erasure has done its work (docs/decisions/0014). Pure rules;
// the queries that apply them are in app/models/lead-erasure.server.ts and the job worker.

/** A webhook delivery's body after its capture was erased: the log keeps status and timing, not the content. */
export const ERASED_PAYLOAD = { erased: true } as const

/** Whether a delivery's stored body was replaced by ERASED_PAYLOAD. */
export function isErasedPayload(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { erased?: unknown }).erased === true
}

/**
 * A finished `lead.event` job's payload: a lead.deleted keeps no snapshot of the erased capture
 * (the email, the CRM record ids) once it has been fanned out or given up. Null: nothing to drop.
 */
export function finishedLeadEventPayload<P extends object>(payload: P): Omit<P, 'deleted'> | null {
  if (!('deleted' in payload)) return null
  const { deleted: _dropped, ...kept } = payload
  return kept
}

/**
 * A lead.deleted delivery's body once delivered or given up: the ids stay (a replay still tells the
 * receiver which record to delete), the email goes. Null: nothing to drop (another event, or done).
 */
export function finishedDeletionBody(body: Record<string, unknown>): Record<string, unknown> | null {
  if (body.type !== 'lead.deleted' || typeof body.data !== 'object' || body.data === null) return null
  const data = body.data as Record<string, unknown>
  if (data.email === undefined) return null
  const { email: _dropped, ...kept } = data
  return { ...body, data: kept }
}

/** The receiver's answer as the log keeps it: dropped when it echoes the erased address. */
export function excerptWithout(excerpt: string | null, email: string | null): string | null {
  if (excerpt === null || !email) return excerpt
  return excerpt.toLowerCase().includes(email.toLowerCase()) ? null : excerpt
}
