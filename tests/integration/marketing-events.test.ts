import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { analyticsEvents } from '~/db/schema/marketing'
import { CLICK_EVENTS, LINKEDIN_REFERRAL_EVENT } from '~/lib/analytics-events'
import * as apiEvents from '~/routes/api.events'
import * as go from '~/routes/go'
import * as linkedinRef from '~/routes/linkedin-ref'
import { BASE_URL, call, makeRequest } from './utils'
import { fromNewIp, redirectOf } from './marketing-utils'

const events = async (name: string) => getDb().select().from(analyticsEvents).where(eq(analyticsEvents.name, name))

function beacon(body: unknown, type = 'application/json') {
  const req = fromNewIp('/api/events', { method: 'POST', headers: { 'Content-Type': type, Origin: BASE_URL } })
  return new Request(req.url, {
    method: 'POST',
    headers: req.headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** A resource route answers with a real Response; `data()` would reach the wire as 200. */
function statusOf(result: unknown) {
  expect(result).toBeInstanceOf(Response)
  return (result as Response).status
}

describe('POST /api/events (sendBeacon)', () => {
  it.each(CLICK_EVENTS)('stores the allowed click event %s without cookies or IP', async (name) => {
    const response = (await call(apiEvents.action, beacon({ name, path: '/product-hunt?x=1' }))) as Response
    expect(response.status).toBe(204)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    const [row] = await events(name)
    expect(row).toMatchObject({ name, path: '/product-hunt' })
    expect(row!.visitor).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.stringify(row)).not.toContain('10.0.')
  })

  it.each(['startup_application_submitted', 'post_deleted', 'anything_else', ''])(
    'refuses %j (not a click event) and stores nothing',
    async (name) => {
      const result = await call(apiEvents.action, beacon({ name }))
      expect(statusOf(result)).toBe(400)
      if (name) expect(await events(name)).toEqual([])
    },
  )

  it('accepts the beacon text/plain JSON body', async () => {
    const response = (await call(
      apiEvents.action,
      beacon({ name: 'ph_signup_clicked', path: '/product-hunt' }, 'text/plain;charset=UTF-8'),
    )) as Response
    expect(response.status).toBe(204)
  })

  it('refuses a malformed body', async () => {
    expect(statusOf(await call(apiEvents.action, beacon('{not json', 'text/plain')))).toBe(400)
  })

  it('GET answers 405', async () => {
    expect(statusOf(await call(apiEvents.loader, makeRequest('/api/events')))).toBe(405)
  })

  it('an external path is not stored as the page', async () => {
    await call(apiEvents.action, beacon({ name: 'ph_final_cta_clicked', path: 'https://evil.example/x' }))
    const rows = await events('ph_final_cta_clicked')
    expect(rows.at(-1)!.path).toBe('/api/events')
  })
})

describe('GET /go (tracked links without JavaScript)', () => {
  it('records the click and redirects to the destination', async () => {
    const before = (await events('founders_story_cta_clicked')).length
    const result = await call(
      go.loader,
      makeRequest('/go?event=founders_story_cta_clicked&to=%2Fsignup&from=%2Four-founders-story'),
    )
    expect(redirectOf(result)).toBe('/signup')
    const rows = await events('founders_story_cta_clicked')
    expect(rows).toHaveLength(before + 1)
    expect(rows.map((r) => r.path)).toContain('/our-founders-story')
  })

  it('never redirects off the site', async () => {
    for (const to of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      expect(redirectOf(await call(go.loader, makeRequest(`/go?event=ph_cta_clicked&to=${encodeURIComponent(to)}`)))).toBe('/')
    }
  })

  it('an unknown event redirects without recording', async () => {
    expect(redirectOf(await call(go.loader, makeRequest('/go?event=drop_tables&to=%2Fpricing')))).toBe('/pricing')
    expect(await events('drop_tables')).toEqual([])
  })
})

describe('/linkedin-ref', () => {
  it('records the referral and redirects home', async () => {
    expect(redirectOf(await call(linkedinRef.loader, makeRequest('/linkedin-ref')))).toBe('/')
    const rows = await events(LINKEDIN_REFERRAL_EVENT)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.path).toBe('/linkedin-ref')
  })
})
