import { getConfig } from '~/config.server'
import { HUBSPOT_DEAL_SCOPE, HUBSPOT_SCOPES } from '~/lib/crm-mapping'

// HubSpot's CRM v3 contacts API, the three calls Lectern makes (docs/integrations.md):
//   GET    /crm/v3/objects/contacts?limit=1          — checks a token before it is saved
//   POST   /crm/v3/objects/contacts/batch/upsert      — create or update one contact by email
//   DELETE /crm/v3/objects/contacts/{id}              — archive a contact (erasure)
//   POST   /crm/v3/objects/deals                      — a deal for a booking lead, associated with the contact
//   DELETE /crm/v3/objects/deals/{id}                 — archive that deal (erasure of its capture)
// Authenticated with a private app's access token as a bearer token. The base URL is the setting
// HUBSPOT_API_BASE_URL (tests use tests/fakes/hubspot.ts). Errors say whether a retry can help.

export const HUBSPOT_TIMEOUT_MS = 10_000
const MAX_RESPONSE_BYTES = 256 * 1024

export class HubSpotError extends Error {
  constructor(
    /** HubSpot's HTTP status; null when it could not be reached. */
    readonly status: number | null,
    message: string,
  ) {
    super(message)
    this.name = 'HubSpotError'
  }

  /** 429 and 5xx pass; a refused token, a missing scope or a bad property do not. */
  get retryable() {
    return this.status === null || this.status === 429 || this.status >= 500
  }
}

/** The reason HubSpot gives, or a plain one. */
function describe(status: number, body: unknown, what = 'contact'): string {
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message.slice(0, 300) : ''
  if (status === 401)
    return 'HubSpot refused the access token (401): it was revoked, rotated or mistyped. Paste a new token in Settings → Integrations.'
  if (status === 403 && what === 'deal')
    return `HubSpot refused the deal (403): the token lacks the scope ${HUBSPOT_DEAL_SCOPE}, which booking leads need. Add it to the private app and paste its token again; contacts are sent meanwhile.`
  if (status === 403)
    return `HubSpot refused the call (403): the token lacks a scope it needs (${HUBSPOT_SCOPES.join(', ')}). Add the scopes to the private app and paste its token again.`
  if (status === 429) return 'HubSpot asked us to slow down (429); retrying.'
  if (status >= 500) return `HubSpot had an error (${status}); retrying.`
  return `HubSpot refused the ${what} (${status})${message ? `: ${message}` : ''}`
}

async function readBody(res: Response): Promise<unknown> {
  const reader = res.body?.getReader()
  if (!reader) return null
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

async function call(token: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const base = getConfig().HUBSPOT_API_BASE_URL.replace(/\/+$/, '')
  let res: Response
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(HUBSPOT_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new HubSpotError(
      null,
      timedOut
        ? `HubSpot did not answer within ${HUBSPOT_TIMEOUT_MS / 1000} s; retrying.`
        : 'HubSpot could not be reached; retrying.',
    )
  }
  return { status: res.status, body: await readBody(res) }
}

/** One cheap read that needs the contacts read scope: proves the token before it is stored. */
export async function verifyHubSpotToken(token: string): Promise<void> {
  const { status, body } = await call(token, 'GET', '/crm/v3/objects/contacts?limit=1&archived=false')
  if (status !== 200) throw new HubSpotError(status, describe(status, body))
}

type UpsertResponse = { results?: { id?: unknown; new?: unknown }[]; errors?: { message?: unknown }[] }

/** Creates the contact with this email, or updates the one that has it. */
export async function upsertHubSpotContact(
  token: string,
  email: string,
  properties: Record<string, string>,
): Promise<{ id: string; created: boolean }> {
  const { status, body } = await call(token, 'POST', '/crm/v3/objects/contacts/batch/upsert', {
    inputs: [{ idProperty: 'email', id: email, properties }],
  })
  const result = (body as UpsertResponse | null)?.results?.[0]
  if ((status === 200 || status === 201) && result && typeof result.id === 'string') {
    return { id: result.id, created: result.new === true }
  }
  if (status === 200 || status === 201 || status === 207) {
    const reason = (body as UpsertResponse | null)?.errors?.[0]?.message
    throw new HubSpotError(400, `HubSpot refused the contact${typeof reason === 'string' ? `: ${reason.slice(0, 300)}` : ''}`)
  }
  throw new HubSpotError(status, describe(status, body))
}

/** Archives a contact; one already gone counts as removed. */
export async function archiveHubSpotContact(token: string, id: string): Promise<'archived' | 'absent'> {
  const { status, body } = await call(token, 'DELETE', `/crm/v3/objects/contacts/${encodeURIComponent(id)}`)
  if (status === 204 || status === 200) return 'archived'
  if (status === 404) return 'absent'
  throw new HubSpotError(status, describe(status, body))
}

/** HubSpot's own association type "deal to contact" (HUBSPOT_DEFINED). */
export const DEAL_TO_CONTACT = 3

/** Creates a deal associated with the contact, in the default pipeline's first stage; its id. */
export async function createHubSpotDeal(
  token: string,
  contactId: string,
  properties: Record<string, string>,
): Promise<{ id: string }> {
  const { status, body } = await call(token, 'POST', '/crm/v3/objects/deals', {
    properties,
    associations: [
      { to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: DEAL_TO_CONTACT }] },
    ],
  })
  const id = (body as { id?: unknown } | null)?.id
  if ((status === 201 || status === 200) && typeof id === 'string') return { id }
  throw new HubSpotError(status === 201 || status === 200 ? 502 : status, describe(status, body, 'deal'))
}

/** Archives a deal; one already gone counts as removed. */
export async function archiveHubSpotDeal(token: string, id: string): Promise<'archived' | 'absent'> {
  const { status, body } = await call(token, 'DELETE', `/crm/v3/objects/deals/${encodeURIComponent(id)}`)
  if (status === 204 || status === 200) return 'archived'
  if (status === 404) return 'absent'
  throw new HubSpotError(status, describe(status, body, 'deal'))
}
