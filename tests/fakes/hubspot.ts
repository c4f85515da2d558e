import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'

// A local stand-in for HubSpot's CRM v3 contacts API (set via HUBSPOT_API_BASE_URL), answering the
// calls Lectern makes the way HubSpot does: bearer private-app tokens with scopes (401 unknown
// token, 403 missing scope), GET /crm/v3/objects/contacts, POST …/contacts/batch/upsert by email
// (400 for a property the portal does not have), DELETE …/contacts/{id}; and the deals calls of
// booking leads (issue 33): POST /crm/v3/objects/deals with associations to a contact (type 3, deal to
// contact; 400 for an unknown contact, property or association type), DELETE …/deals/{id}, both
// needing crm.objects.deals.write. Every request is recorded.
// Test controls: GET /__fake/requests, GET /__fake/contacts[?email=], POST /__fake/tokens {token, scopes},
// POST /__fake/properties {names}, POST /__fake/fail {count, status}, POST /__fake/reset.

export const READ = 'crm.objects.contacts.read'
export const WRITE = 'crm.objects.contacts.write'
export const DEALS_WRITE = 'crm.objects.deals.write'

export type FakeDeal = { id: string; properties: Record<string, string>; contactIds: string[]; createdAt: string }

export type FakeContact = { id: string; properties: Record<string, string>; createdAt: string; updatedAt: string }
export type RecordedRequest = {
  method: string
  path: string
  token: string | null
  body: unknown
  status: number
  /** For upserts: whether the contact was created. */
  created?: boolean
}

export type FakeHubSpot = {
  url: string
  requests: RecordedRequest[]
  contacts: Map<string, FakeContact>
  deals: Map<string, FakeDeal>
  addToken: (token: string, scopes?: string[]) => void
  revokeToken: (token: string) => void
  addProperties: (...names: string[]) => void
  /** The next `count` calls fail with `status` — only those to `path`, when given. */
  failNext: (count: number, status?: number, path?: string) => void
  /** Upserts that created a contact with this email. */
  creates: (email: string) => RecordedRequest[]
  updates: (email: string) => RecordedRequest[]
  byEmail: (email: string) => FakeContact | undefined
  reset: () => void
  close: () => Promise<void>
  server: Server
}

// A new portal's contact properties (a few of them), plus whatever a test adds.
const DEFAULT_PROPERTIES = ['email', 'firstname', 'lastname', 'company', 'jobtitle', 'phone', 'website', 'lifecyclestage']
// A new portal's deal properties (a few of them) and its default pipeline's stages.
const DEAL_PROPERTIES = new Set(['dealname', 'pipeline', 'dealstage', 'description', 'amount', 'closedate', 'hubspot_owner_id'])
const DEFAULT_STAGES = new Set([
  'appointmentscheduled',
  'qualifiedtobuy',
  'presentationscheduled',
  'decisionmakerboughtin',
  'contractsent',
  'closedwon',
  'closedlost',
])

export async function startFakeHubSpot(port = 0, host = '127.0.0.1'): Promise<FakeHubSpot> {
  const tokens = new Map<string, Set<string>>()
  const properties = new Set(DEFAULT_PROPERTIES)
  const contacts = new Map<string, FakeContact>()
  const deals = new Map<string, FakeDeal>()
  const requests: RecordedRequest[] = []
  let nextId = 1001
  let failures = 0
  let failStatus = 500
  let failPath: string | null = null

  const findByEmail = (email: string) =>
    [...contacts.values()].find((c) => c.properties.email?.toLowerCase() === email.toLowerCase())
  const upsertsOf = (email: string, created: boolean) =>
    requests.filter(
      (r) =>
        r.path === '/crm/v3/objects/contacts/batch/upsert' &&
        r.created === created &&
        (r.body as { inputs?: { id?: string }[] })?.inputs?.[0]?.id?.toLowerCase() === email.toLowerCase(),
    )

  const reset = () => {
    tokens.clear()
    contacts.clear()
    deals.clear()
    requests.length = 0
    properties.clear()
    for (const p of DEFAULT_PROPERTIES) properties.add(p)
    failures = 0
    failPath = null
  }

  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      let body: unknown = null
      try {
        body = raw ? JSON.parse(raw) : null
      } catch {
        body = raw
      }
      const auth = String(req.headers.authorization ?? '')
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : null
      const entry: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, token, body, status: 0 }
      const json = (status: number, payload?: unknown) => {
        entry.status = status
        res.writeHead(status, payload === undefined ? {} : { 'Content-Type': 'application/json;charset=utf-8' })
        res.end(payload === undefined ? undefined : JSON.stringify(payload))
      }

      // Test controls.
      if (url.pathname.startsWith('/__fake/')) {
        const input = (body ?? {}) as { token?: string; scopes?: string[]; names?: string[]; count?: number; status?: number }
        if (req.method === 'GET' && url.pathname === '/__fake/requests') return json(200, requests)
        if (req.method === 'GET' && url.pathname === '/__fake/contacts') {
          const email = url.searchParams.get('email')
          return json(200, email ? [findByEmail(email)].filter(Boolean) : [...contacts.values()])
        }
        if (req.method === 'POST' && url.pathname === '/__fake/tokens') {
          tokens.set(String(input.token), new Set(input.scopes ?? [READ, WRITE]))
          return json(200, { ok: true })
        }
        if (req.method === 'POST' && url.pathname === '/__fake/properties') {
          for (const n of input.names ?? []) properties.add(n)
          return json(200, { ok: true })
        }
        if (req.method === 'POST' && url.pathname === '/__fake/fail') {
          failures = input.count ?? 1
          failStatus = input.status ?? 500
          failPath = null
          return json(200, { ok: true })
        }
        if (req.method === 'POST' && url.pathname === '/__fake/reset') {
          reset()
          return json(200, { ok: true })
        }
        return json(404, { message: 'unknown control' })
      }

      requests.push(entry)
      const correlationId = randomUUID()
      const scopes = token ? tokens.get(token) : undefined
      if (!scopes) {
        return json(401, {
          status: 'error',
          message:
            'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
          correlationId,
          category: 'INVALID_AUTHENTICATION',
        })
      }
      if (failures > 0 && (failPath === null || failPath === url.pathname)) {
        failures--
        if (failStatus === 429) {
          res.setHeader('Retry-After', '1')
          return json(429, {
            status: 'error',
            message: 'You have reached your secondly limit.',
            errorType: 'RATE_LIMIT',
            correlationId,
            policyName: 'SECONDLY',
          })
        }
        return json(failStatus, { status: 'error', message: 'internal error', correlationId, category: 'INTERNAL_ERROR' })
      }
      const needs = (scope: string) => {
        if (scopes.has(scope)) return false
        json(403, {
          status: 'error',
          message:
            "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
          correlationId,
          errors: [
            { message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: [scope] } },
          ],
          category: 'MISSING_SCOPES',
        })
        return true
      }

      if (req.method === 'GET' && url.pathname === '/crm/v3/objects/contacts') {
        if (needs(READ)) return
        const limit = Math.max(1, Math.min(100, Number(url.searchParams.get('limit') ?? 10)))
        return json(200, { results: [...contacts.values()].slice(0, limit) })
      }

      if (req.method === 'POST' && url.pathname === '/crm/v3/objects/contacts/batch/upsert') {
        if (needs(WRITE)) return
        const inputs = (body as { inputs?: { id?: unknown; idProperty?: unknown; properties?: Record<string, unknown> }[] })
          ?.inputs
        if (
          !Array.isArray(inputs) ||
          inputs.length !== 1 ||
          inputs[0]!.idProperty !== 'email' ||
          typeof inputs[0]!.id !== 'string'
        ) {
          return json(400, {
            status: 'error',
            message: 'Invalid input JSON on line 1',
            correlationId,
            category: 'VALIDATION_ERROR',
          })
        }
        const input = inputs[0]!
        const given = Object.entries(input.properties ?? {})
        const unknown = given.filter(([name]) => !properties.has(name))
        if (unknown.length) {
          const detail = unknown.map(([name]) => ({
            isValid: false,
            message: `Property "${name}" does not exist`,
            error: 'PROPERTY_DOESNT_EXIST',
            name,
          }))
          return json(400, {
            status: 'error',
            message: `Property values were not valid: ${JSON.stringify(detail)}`,
            correlationId,
            category: 'VALIDATION_ERROR',
          })
        }
        const now = new Date().toISOString()
        const email = (input.id as string).toLowerCase()
        let contact = findByEmail(email)
        const created = !contact
        if (!contact) {
          contact = { id: String(nextId++), properties: { email }, createdAt: now, updatedAt: now }
          contacts.set(contact.id, contact)
        }
        for (const [name, value] of given) contact.properties[name] = String(value)
        contact.updatedAt = now
        entry.created = created
        return json(200, {
          status: 'COMPLETE',
          results: [
            {
              id: contact.id,
              properties: contact.properties,
              createdAt: contact.createdAt,
              updatedAt: now,
              archived: false,
              new: created,
            },
          ],
          startedAt: now,
          completedAt: now,
        })
      }

      if (req.method === 'POST' && url.pathname === '/crm/v3/objects/deals') {
        if (needs(DEALS_WRITE)) return
        const input = (body ?? {}) as {
          properties?: Record<string, unknown>
          associations?: { to?: { id?: unknown }; types?: { associationCategory?: unknown; associationTypeId?: unknown }[] }[]
        }
        const given = Object.entries(input.properties ?? {})
        const invalid = (message: string) => json(400, { status: 'error', message, correlationId, category: 'VALIDATION_ERROR' })
        const unknown = given.filter(([name]) => !DEAL_PROPERTIES.has(name))
        if (unknown.length)
          return invalid(`Property values were not valid: ${unknown.map(([n]) => `Property "${n}" does not exist`).join('; ')}`)
        const props = Object.fromEntries(given.map(([k, v]) => [k, String(v)]))
        if (props.pipeline && props.pipeline !== 'default') return invalid(`${props.pipeline} is not a valid pipeline`)
        if (props.dealstage && !DEFAULT_STAGES.has(props.dealstage))
          return invalid(`${props.dealstage} is not a valid deal stage`)
        const contactIds: string[] = []
        for (const a of input.associations ?? []) {
          const type = a.types?.[0]
          if (type?.associationCategory !== 'HUBSPOT_DEFINED' || type.associationTypeId !== 3)
            return invalid('Invalid association type for deal to contact')
          const to = String(a.to?.id ?? '')
          if (!contacts.has(to)) return invalid(`No contact with id ${to} exists`)
          contactIds.push(to)
        }
        const now = new Date().toISOString()
        const deal: FakeDeal = { id: String(nextId++), properties: props, contactIds, createdAt: now }
        deals.set(deal.id, deal)
        return json(201, { id: deal.id, properties: props, createdAt: now, updatedAt: now, archived: false })
      }

      const oneDeal = /^\/crm\/v3\/objects\/deals\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'DELETE' && oneDeal) {
        if (needs(DEALS_WRITE)) return
        deals.delete(decodeURIComponent(oneDeal[1]!))
        return json(204)
      }

      const one = /^\/crm\/v3\/objects\/contacts\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'DELETE' && one) {
        if (needs(WRITE)) return
        // HubSpot answers 204 whether or not the contact existed.
        contacts.delete(decodeURIComponent(one[1]!))
        return json(204)
      }

      json(404, { status: 'error', message: 'Not found', correlationId, category: 'OBJECT_NOT_FOUND' })
    })
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://${host}:${actualPort}`,
    requests,
    contacts,
    deals,
    addToken: (token, scopes = [READ, WRITE]) => void tokens.set(token, new Set(scopes)),
    revokeToken: (token) => void tokens.delete(token),
    addProperties: (...names) => names.forEach((n) => properties.add(n)),
    failNext(count, status = 500, path) {
      failures = count
      failStatus = status
      failPath = path ?? null
    },
    creates: (email) => upsertsOf(email, true),
    updates: (email) => upsertsOf(email, false),
    byEmail: findByEmail,
    reset,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    server,
  }
}

// Run directly (Playwright's webServer): `tsx tests/fakes/hubspot.ts <port>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/tests\//, 'tests/'))) {
  const port = Number(process.argv[2] ?? 0)
  startFakeHubSpot(port).then((fake) => console.info(`fake hubspot on ${fake.url}`))
}
