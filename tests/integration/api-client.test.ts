import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import createClient from 'openapi-fetch'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { workspaces } from '~/db/schema/workspaces'
import { createApiKey } from '~/models/api-keys.server'
import { handleApiRequest } from '~/services/api/handler.server'
import { generateApiTypes, SCHEMA_FILE } from '../api-client/generate'
import type { paths } from '../api-client/schema'
import { createUser } from './utils'

// A client generated from the OpenAPI document (issue 30 Deliver 6): openapi-typescript's types in
// tests/api-client/schema.ts must be what the document makes today (else: npm run api:types), and
// openapi-fetch calls the API with them, so code written against the document is type-checked.

describe('the generated client', () => {
  it('is up to date with the document', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'tests/api-client/schema.ts is stale: run npm run api:types').toBe(
      await generateApiTypes(),
    )
  })

  it('calls GET /me with openapi-fetch, typed by the document', async () => {
    const owner = await createUser(`client-${randomBytes(4).toString('hex')}@example.com`)
    await getDb().update(workspaces).set({ plan: 'organiser' }).where(eq(workspaces.id, owner.id))
    const { key } = (await createApiKey(owner.id, { name: 'client', scopes: ['events:read'] }, owner))!
    const client = createClient<paths>({
      baseUrl: 'http://localhost:3000/api/v1',
      fetch: (request: Request) => handleApiRequest(request),
      headers: { Authorization: `Bearer ${key}` },
    })
    const { data, error, response } = await client.GET('/me')
    expect(response.status).toBe(200)
    expect(error).toBeUndefined()
    // Typed: workspace.id is a string, plan one of the plans with the API, scopes the scope names.
    const plan: 'pro' | 'teams' | 'organiser' = data!.plan
    const scopes: string[] = data!.scopes
    expect({ id: data!.workspace.id, plan, scopes }).toEqual({ id: owner.id, plan: 'organiser', scopes: ['events:read'] })

    const anonymous = createClient<paths>({
      baseUrl: 'http://localhost:3000/api/v1',
      fetch: (request: Request) => handleApiRequest(request),
    })
    const refused = await anonymous.GET('/me')
    expect(refused.response.status).toBe(401)
    expect(refused.error?.error.code).toBe('unauthorized')
  })
})
