import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { leads } from '~/db/schema/leads'
import { talkSessions } from '~/db/schema/talks'
import { API_SCOPES } from '~/lib/api-keys'
import { getEndpoint } from '~/models/webhooks.server'
import { apiClient, apiDoc, keyFor, type Json } from './api-calls'
import { eventSignUp, liveEvent } from './event-recipients-utils'

// Another workspace's ids answer 404 on every operation with an id in its path (issue 30 Deliver 6),
// the operations read from the served document, so a new one is crawled without editing this test:
// its path's first segment names the resource whose real id of the other workspace goes in, and a
// body is the example its document declares. Nothing of the other workspace changes.

type Fixture = Awaited<ReturnType<typeof liveEvent>>

/** The other workspace's real id of each resource (the test fails for a resource it has none of). */
async function theirIds(fx: Fixture): Promise<Record<string, string>> {
  const signed = await eventSignUp(fx.speakers.ada)
  const [session] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, fx.speakers.ada.sessionId))
  // A webhook subscription of theirs, made through the API as Zapier would.
  const subscribe = apiClient(await keyFor(fx.workspaceId, fx.owner, ['webhooks:write', 'leads:read']))
  const subscribed = await subscribe('POST', '/webhooks', {
    body: { url: 'https://hooks.example.com/zap', events: ['lead.created'] },
  })
  expect(subscribed.status).toBe(201)
  return {
    leads: signed.lead.contactId,
    sessions: session!.id,
    talks: session!.talkId,
    events: fx.event.id,
    webhooks: subscribed.body.id as string,
  }
}

function resolve(document: Json, node: Json | undefined): Json | undefined {
  if (!node || typeof node.$ref !== 'string') return node
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce<Json>((n, part) => n[part], document)
}

describe('another workspace’s ids', () => {
  it('are 404 on every operation with an id, as the document lists them', async () => {
    const mine = await liveEvent('organiser')
    const theirs = await liveEvent('organiser')
    const ids = await theirIds(theirs)
    const document = apiDoc()
    const call = apiClient(await keyFor(mine.workspaceId, mine.owner, [...API_SCOPES]), document)
    const before = JSON.stringify(await getDb().select().from(leads).where(eq(leads.ownerId, theirs.workspaceId)))
    let crawled = 0
    for (const [template, item] of Object.entries(document.paths)) {
      if (!template.includes('{id}')) continue
      const resource = template.split('/')[1]!
      const id = ids[resource]
      expect(id, `a real id of the other workspace for /${resource}: add one to theirIds`).toBeDefined()
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const schema = resolve(document, operation.requestBody?.content?.['application/json']?.schema)
        if (schema) expect(schema.examples, `${method} ${template} declares an example body`).toBeDefined()
        const res = await call(method.toUpperCase(), template.replace('{id}', id!), { body: schema?.examples?.[0] })
        expect(res.status, `${method.toUpperCase()} ${template} with the other workspace’s ${resource}`).toBe(404)
        expect(res.body.error.code).toBe('not_found')
        crawled++
      }
    }
    // GET/PATCH lead, POST note, GET talk, GET session, go-live, close, GET event, its sessions, DELETE webhook.
    expect(crawled).toBeGreaterThanOrEqual(10)
    expect(await getEndpoint(theirs.workspaceId, ids.webhooks!)).not.toBeNull()
    expect(JSON.stringify(await getDb().select().from(leads).where(eq(leads.ownerId, theirs.workspaceId)))).toBe(before)
    const [session] = await getDb().select().from(talkSessions).where(eq(talkSessions.id, ids.sessions!))
    expect(session!.status).toBe('live')
  })
})
