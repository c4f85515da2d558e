import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type BuiltServer } from './built-server'
import { resendEvent, signedDelivery, WEBHOOK_SECRET } from './follow-up-fixtures'
import { unzip } from './unzip'

// Every resource route (a route module without a component) over HTTP against the production build:
// the status the client really receives. Calling loaders directly cannot show this, because with single
// fetch a `data(…, { status })` from such a route used to reach the wire as 200.

let server: BuiltServer
let speaker: string
let admin: string

beforeAll(async () => {
  server = await startBuiltServer({ RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET })
  speaker = await server.signIn('http-speaker@example.com')
  admin = await server.signIn('admin@example.com', 'admin')
}, 90_000)

afterAll(async () => {
  await server?.stop()
})

type Init = RequestInit & { cookie?: string }
function send(pathname: string, init: Init = {}) {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  if (init.method && init.method !== 'GET') headers.set('Origin', server.url)
  return fetch(`${server.url}${pathname}`, { redirect: 'manual', ...init, headers })
}

/**
 * The Referrer-Policy exactly as sent. fetch joins repeated header lines with ", ", so a route's own
 * policy appended to the security middleware's default would read "strict-origin-when-cross-origin,
 * no-referrer" here: one value means the route's policy replaced the default (server/security.ts).
 */
const referrerPolicy = (res: Response) => res.headers.get('Referrer-Policy')

function imageForm(file: Blob, name: string) {
  const form = new FormData()
  form.append('file', file, name)
  return form
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#36f' } })
    .png()
    .toBuffer()

/** The resource routes under app/routes: flat modules and folder route.tsx files without `export default`. */
function resourceRoutes() {
  const dir = path.resolve('app/routes')
  const files = readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) {
      return readdirSync(full)
        .filter((f) => /^route\.tsx?$/.test(f))
        .map((f) => `${name}/${f}`)
    }
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [name] : []
  })
  return files
    .filter((f) => !/^export default|^export \{[^}]*\bas default\b/m.test(readFileSync(path.join(dir, f), 'utf8')))
    .sort()
}

// One entry per resource route module; the first test fails when a new one has no entry here.
const cases: Record<string, Array<{ name: string; run: () => Promise<void> }>> = {
  'admin.inbox_.export.tsx': [
    {
      name: 'anonymous → redirect to the admin login',
      run: async () => {
        const res = await send('/admin/inbox/export?tab=contacts')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/^\/resources\/admin\/login/)
      },
    },
    {
      name: 'admin → 200 CSV attachment',
      run: async () => {
        const res = await send('/admin/inbox/export?tab=contacts', { cookie: admin })
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
        expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename=".+\.csv"$/)
      },
    },
  ],
  'api.events.tsx': [
    {
      name: 'a click event → 204',
      run: async () => {
        const res = await send('/api/events', {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({ name: 'ph_signup_clicked', path: '/product-hunt' }),
        })
        expect(res.status).toBe(204)
      },
    },
    {
      name: 'an unknown event → 400 {"error":"Unknown event"}',
      run: async () => {
        const res = await send('/api/events', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'not_an_event' }),
        })
        expect(res.status).toBe(400)
        expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
        expect(await res.json()).toEqual({ error: 'Unknown event' })
      },
    },
    {
      name: 'GET → 405 with Allow: POST',
      run: async () => {
        const res = await send('/api/events')
        expect(res.status).toBe(405)
        expect(res.headers.get('Allow')).toBe('POST')
      },
    },
  ],
  'api.v1.$.tsx': [
    {
      name: 'an unknown path → 404 in the API error shape, never the HTML page (more in api-http.test.ts)',
      run: async () => {
        const res = await send('/api/v1/nothing-here')
        expect(res.status).toBe(404)
        expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
      },
    },
    {
      name: 'GET /api/v1/me without a key → 401',
      run: async () => {
        const res = await send('/api/v1/me')
        expect(res.status).toBe(401)
        expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"')
      },
    },
  ],
  'api.webhooks.stripe.tsx': [
    {
      name: 'POST without Stripe configured → 404 JSON, nothing read',
      run: async () => {
        const res = await send('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
          body: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
        })
        expect(res.status).toBe(404)
        expect(await res.json()).toEqual({ error: 'Payments are not set up on this server.' })
      },
    },
    {
      name: 'GET → 405',
      run: async () => {
        expect((await send('/api/webhooks/stripe')).status).toBe(405)
      },
    },
  ],
  'api.uploads.image.tsx': [
    {
      name: 'anonymous → 401',
      run: async () => {
        const res = await send('/api/uploads/image', {
          method: 'POST',
          body: imageForm(new Blob([await png()], { type: 'image/png' }), 'a.png'),
        })
        expect(res.status).toBe(401)
        expect(await res.json()).toEqual({ error: 'You must be signed in to upload images.' })
      },
    },
    {
      name: 'a PDF sent as the image → 400',
      run: async () => {
        const pdf = new Blob(['%PDF-1.4\n%…\n'], { type: 'application/pdf' })
        const res = await send('/api/uploads/image', { method: 'POST', cookie: speaker, body: imageForm(pdf, 'talk.pdf') })
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({ error: 'Only image files are allowed.' })
      },
    },
    {
      name: 'a 6 MB image → 413 with the spec message',
      run: async () => {
        const big = new Blob([Buffer.alloc(6 * 1024 * 1024, 1)], { type: 'image/png' })
        const res = await send('/api/uploads/image', { method: 'POST', cookie: speaker, body: imageForm(big, 'big.png') })
        expect(res.status).toBe(413)
        expect(await res.json()).toEqual({ error: 'Images must be 5 MB or smaller.' })
      },
    },
    {
      name: 'an image → 200 {url}, and the URL serves it',
      run: async () => {
        const res = await send('/api/uploads/image', {
          method: 'POST',
          cookie: speaker,
          body: imageForm(new Blob([await png()], { type: 'image/png' }), 'photo.png'),
        })
        expect(res.status).toBe(200)
        const { url } = (await res.json()) as { url: string }
        expect(url).toMatch(/^\/uploads\/images\/\d+-photo\.webp$/)
        const image = await send(url)
        expect(image.status).toBe(200)
        expect(image.headers.get('Content-Type')).toBe('image/webp')
      },
    },
    {
      name: 'GET → 405',
      run: async () => {
        expect((await send('/api/uploads/image')).status).toBe(405)
      },
    },
  ],
  'auth.status.tsx': [
    {
      name: 'GET → 200 JSON',
      run: async () => {
        const res = await send('/auth/status')
        expect(res.status).toBe(200)
        expect(await res.json()).toMatchObject({ signedIn: false })
      },
    },
  ],
  'currency.tsx': [
    {
      name: 'POST a known currency → 302 back, cookie set',
      run: async () => {
        const res = await send('/currency', {
          method: 'POST',
          body: new URLSearchParams({ currency: 'EUR', redirectTo: '/pricing' }),
        })
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toBe('/pricing')
        expect(res.headers.get('Set-Cookie')).toMatch(/preferred-currency=EUR/)
      },
    },
    {
      name: 'POST an unknown currency → 400',
      run: async () => {
        const res = await send('/currency', { method: 'POST', body: new URLSearchParams({ currency: 'XYZ' }) })
        expect(res.status).toBe(400)
      },
    },
    {
      name: 'GET → 302 to /pricing',
      run: async () => {
        const res = await send('/currency')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toBe('/pricing')
      },
    },
  ],
  'go.tsx': [
    {
      name: 'GET → 302 to the local target only',
      run: async () => {
        expect((await send('/go?event=ph_signup_clicked&to=/signup')).headers.get('Location')).toBe('/signup')
        const res = await send('/go?to=https://evil.example/')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toBe('/')
      },
    },
  ],
  'linkedin-ref.tsx': [
    {
      name: 'GET → 302 home',
      run: async () => {
        const res = await send('/linkedin-ref')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toBe('/')
      },
    },
  ],
  'logout.tsx': [
    {
      name: 'GET → 302 home and signs nobody out',
      run: async () => {
        const res = await send('/logout', { cookie: speaker })
        expect(res.status).toBe(302)
        expect(res.headers.get('Set-Cookie')).toBeNull()
      },
    },
    {
      name: 'POST → 302 with the session cleared',
      run: async () => {
        const cookie = await server.signIn('http-logout@example.com')
        const res = await send('/logout', { method: 'POST', cookie, body: new URLSearchParams({ redirectTo: '/' }) })
        expect(res.status).toBe(302)
        expect(res.headers.get('Set-Cookie')).toBeTruthy()
      },
    },
  ],
  // Dismissing a workspace notice (issue 29 Deliver 4): a POST form's action, no page of its own.
  'app.notices.dismiss.tsx': [
    {
      name: 'anonymous POST → redirect to sign in; GET changes nothing and is refused',
      run: async () => {
        const body = new URLSearchParams({ id: '00000000-0000-4000-8000-000000000000' })
        const res = await send('/app/notices/dismiss', { method: 'POST', body })
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/login/)
        expect((await send('/app/notices/dismiss', { cookie: speaker })).status).toBe(405)
      },
    },
    {
      name: 'signed in: a bad id → 400 plain text; another id → 302 back to the page, or /app for a foreign return address',
      run: async () => {
        const bad = await send('/app/notices/dismiss', {
          method: 'POST',
          cookie: speaker,
          body: new URLSearchParams({ id: 'x' }),
        })
        expect(bad.status).toBe(400)
        expect(await bad.text()).toBe('This notice does not exist.')
        const id = '00000000-0000-4000-8000-000000000000'
        const back = await send('/app/notices/dismiss', {
          method: 'POST',
          cookie: speaker,
          body: new URLSearchParams({ id, returnTo: '/app/team' }),
        })
        expect(back.status).toBe(302)
        expect(back.headers.get('Location')).toBe('/app/team')
        const foreign = await send('/app/notices/dismiss', {
          method: 'POST',
          cookie: speaker,
          body: new URLSearchParams({ id, returnTo: 'https://evil.example/' }),
        })
        expect(foreign.headers.get('Location')).toBe('/app')
      },
    },
  ],
  'news.rss[.]xml.tsx': [
    {
      name: 'GET → 200 RSS',
      run: async () => {
        const res = await send('/news/rss.xml')
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toMatch(/xml/)
        expect(await res.text()).toContain('<rss')
      },
    },
  ],
  'og.tsx': [
    {
      name: 'GET → 200 PNG',
      run: async () => {
        const res = await send('/og?title=Hello')
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('image/png')
      },
    },
  ],
  'resources.rss[.]xml.tsx': [
    {
      name: 'GET → 200 RSS',
      run: async () => {
        const res = await send('/resources/rss.xml')
        expect(res.status).toBe(200)
        expect(await res.text()).toContain('<rss')
      },
    },
  ],
  'robots[.]txt.tsx': [
    {
      name: 'GET → 200 text',
      run: async () => {
        const res = await send('/robots.txt')
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
        expect(await res.text()).toContain('Sitemap:')
      },
    },
  ],
  'sitemap[.]xml.tsx': [
    {
      name: 'GET → 200 XML',
      run: async () => {
        const res = await send('/sitemap.xml')
        expect(res.status).toBe(200)
        expect(await res.text()).toContain('<urlset')
      },
    },
  ],
}

// The attendee pages (/t/*): a live session made through the test hook, one sign-up through the form.
let lead: { code: string; submission: string } | undefined
async function signedUpLead() {
  if (lead) return lead
  const made = await fetch(`${server.url}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'http-lead-speaker@example.com' }),
  })
  const { code } = (await made.json()) as { code: string }
  const page = await (await send(`/t/${code}`)).text()
  const token = /name="submission" value="([^"]+)"/.exec(page)![1]!
  const res = await send(`/t/${code}`, {
    method: 'POST',
    body: new URLSearchParams({ submission: token, first_name: 'Grace', email: 'grace-http@example.com', q_role: 'Engineering' }),
  })
  expect(res.status).toBe(303)
  lead = { code, submission: token.split('.')[0]! }
  return lead
}

// An organiser's event with two sessions (/app/events/{id}/qr.zip), made through the test hook.
let organiser: { eventId: string; slug: string; owner: string } | undefined
async function organiserEvent() {
  if (organiser) return organiser
  const made = await fetch(`${server.url}/__e2e/organiser-event`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'http-organiser@example.com' }),
  })
  const { eventId, slug } = (await made.json()) as { eventId: string; slug: string }
  organiser = { eventId, slug, owner: await server.signIn('http-organiser@example.com') }
  return organiser
}

Object.assign(cases, {
  'app.events.$id.qr[.]zip.tsx': [
    {
      name: 'anonymous → redirect to sign in',
      run: async () => {
        const { eventId } = await organiserEvent()
        const res = await send(`/app/events/${eventId}/qr.zip`)
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/login/)
      },
    },
    {
      name: 'organiser → 200 ZIP attachment, streamed, with three files a session',
      run: async () => {
        const { eventId, slug, owner } = await organiserEvent()
        const res = await send(`/app/events/${eventId}/qr.zip`, { cookie: owner })
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('application/zip')
        expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${slug}-qr-codes.zip"`)
        // Streamed: no length known up front.
        expect(res.headers.get('Content-Length')).toBeNull()
        const names = Object.keys(unzip(Buffer.from(await res.arrayBuffer())))
        expect(names.sort()).toEqual([
          'Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine - slide.png',
          'Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine.png',
          'Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine.svg',
          'Room B/2027-03-10 1000 Grace Hopper - Compilers for everyone - slide.png',
          'Room B/2027-03-10 1000 Grace Hopper - Compilers for everyone.png',
          'Room B/2027-03-10 1000 Grace Hopper - Compilers for everyone.svg',
        ])
      },
    },
    {
      name: "another workspace's event or no such id → 404",
      run: async () => {
        const { eventId } = await organiserEvent()
        expect((await send(`/app/events/${eventId}/qr.zip`, { cookie: speaker })).status).toBe(404)
        expect((await send('/app/events/nope/qr.zip', { cookie: speaker })).status).toBe(404)
      },
    },
  ],
  ...Object.fromEntries(
    (['csv', 'json'] as const).map((format) => [
      `app.events.$id.export.${format}.tsx`,
      [
        {
          name: 'anonymous → redirect to sign in',
          run: async () => {
            const { eventId } = await organiserEvent()
            const res = await send(`/app/events/${eventId}/export/${format}`)
            expect(res.status).toBe(302)
            expect(res.headers.get('Location')).toMatch(/login/)
          },
        },
        {
          name: `organiser → 200 ${format.toUpperCase()} attachment, streamed`,
          run: async () => {
            const { eventId, slug, owner } = await organiserEvent()
            const res = await send(`/app/events/${eventId}/export/${format}`, { cookie: owner })
            expect(res.status).toBe(200)
            expect(res.headers.get('Content-Type')).toBe(
              format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
            )
            expect(res.headers.get('Content-Disposition')).toMatch(
              new RegExp(`^attachment; filename="${slug}-leads-[0-9-]{10}\\.${format}"$`),
            )
            expect(res.headers.get('Content-Length')).toBeNull()
            const text = await res.text()
            if (format === 'csv') expect(text).toMatch(/^Captured at \(UTC\),Email,First name,/)
            else expect(JSON.parse(text)).toMatchObject({ event: { id: eventId }, leads: [] })
          },
        },
        {
          name: "another workspace's event or no such id → 404",
          run: async () => {
            const { eventId } = await organiserEvent()
            expect((await send(`/app/events/${eventId}/export/${format}`, { cookie: speaker })).status).toBe(404)
            expect((await send(`/app/events/nope/export/${format}`, { cookie: speaker })).status).toBe(404)
          },
        },
      ],
    ]),
  ),
  't.$code.tsx': [
    {
      name: 'unknown code → 404 page',
      run: async () => {
        const res = await send('/t/unknown-code')
        expect(res.status).toBe(404)
        expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      },
    },
    {
      name: 'live → 200 page whose one script carries the response’s CSP nonce',
      run: async () => {
        const { code } = await signedUpLead()
        const res = await send(`/t/${code}?qr=1`)
        expect(res.status).toBe(200)
        const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')![1]
        const html = await res.text()
        expect(html.match(/<script/g)).toHaveLength(1)
        expect(html).toContain(`<script nonce="${nonce}">`)
      },
    },
    {
      name: 'invalid POST → 400 page; valid POST → 303 to the thank-you page',
      run: async () => {
        const { code } = await signedUpLead()
        const page = await (await send(`/t/${code}`)).text()
        const token = /name="submission" value="([^"]+)"/.exec(page)![1]!
        const bad = await send(`/t/${code}`, {
          method: 'POST',
          body: new URLSearchParams({ submission: token, first_name: '', email: 'x' }),
        })
        expect(bad.status).toBe(400)
        const good = await send(`/t/${code}`, {
          method: 'POST',
          body: new URLSearchParams({ submission: token, first_name: 'Ada', email: 'ada-http@example.com', q_role: 'Marketing' }),
        })
        expect(good.status).toBe(303)
        expect(good.headers.get('Location')).toBe(`/t/${code}/thanks/${token.split('.')[0]}`)
      },
    },
    // Served by server/attendee-route.ts, behind the middleware every route has.
    {
      name: 'GET and POST carry the request id and the security headers',
      run: async () => {
        const { code } = await signedUpLead()
        const page = await send(`/t/${code}`)
        const token = /name="submission" value="([^"]+)"/.exec(await page.text())![1]!
        const post = await send(`/t/${code}`, {
          method: 'POST',
          body: new URLSearchParams({
            submission: token,
            first_name: 'Ada',
            email: 'ada-headers@example.com',
            q_role: 'Engineering',
          }),
        })
        expect(post.status).toBe(303)
        for (const res of [page, post]) {
          expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
          expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'nonce-[^']+'/)
          expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
          expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN')
        }
        expect(page.headers.get('X-Request-Id')).not.toBe(post.headers.get('X-Request-Id'))
      },
    },
    {
      name: 'a cross-site POST → 403; PUT → 405 naming GET and POST',
      run: async () => {
        const { code } = await signedUpLead()
        const cross = await fetch(`${server.url}/t/${code}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'first_name=A',
        })
        expect(cross.status).toBe(403)
        const put = await send(`/t/${code}`, { method: 'PUT', body: new URLSearchParams({ first_name: 'A' }) })
        expect(put.status).toBe(405)
        expect(put.headers.get('Allow')).toBe('GET, POST')
      },
    },
    {
      name: 'a body over the form limit → 413 page; the honeypot filled → 200 thank-you, nothing stored',
      run: async () => {
        const { code } = await signedUpLead()
        const page = await (await send(`/t/${code}`)).text()
        const token = /name="submission" value="([^"]+)"/.exec(page)![1]!
        const big = await send(`/t/${code}`, {
          method: 'POST',
          body: new URLSearchParams({ submission: token, first_name: 'x'.repeat(70 * 1024), email: 'big@example.com' }),
        })
        expect(big.status).toBe(413)
        expect(big.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
        const bot = await send(`/t/${code}`, {
          method: 'POST',
          body: new URLSearchParams({
            submission: token,
            first_name: 'Bot',
            email: 'bot@example.com',
            q_role: 'Engineering',
            company_website: 'https://spam.example',
          }),
        })
        expect(bot.status).toBe(200)
        expect(await bot.text()).toContain('Your details have been sent.')
        // The same submission id still stores the real sign-up: the bot's post stored nothing.
        const real = await send(`/t/${code}`, {
          method: 'POST',
          body: new URLSearchParams({ submission: token, first_name: 'Real', email: 'real@example.com', q_role: 'Engineering' }),
        })
        expect(real.status).toBe(303)
      },
    },
  ],
  't.$code_.thanks.$submission.tsx': [
    {
      name: 'the submission’s own page → 200; an unknown submission → 404',
      run: async () => {
        const { code, submission } = await signedUpLead()
        expect((await send(`/t/${code}/thanks/${submission}`)).status).toBe(200)
        expect((await send(`/t/${code}/thanks/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
      },
    },
  ],
  't.$code_.feedback.tsx': [
    {
      name: 'unknown code → 404 page; a session without feedback → 404',
      run: async () => {
        const unknown = await send('/t/unknown-code/feedback')
        expect(unknown.status).toBe(404)
        expect(unknown.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
        const { code } = await signedUpLead()
        expect((await send(`/t/${code}/feedback`)).status).toBe(404)
      },
    },
  ],
  't.$code_.card.$submission.tsx': [
    {
      name: 'GET → 200 vCard attachment; unknown submission → 404',
      run: async () => {
        const { code, submission } = await signedUpLead()
        const res = await send(`/t/${code}/card/${submission}`)
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('text/vcard; charset=utf-8')
        expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="ada-lovelace.vcf"')
        expect(await res.text()).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/)
        expect((await send(`/t/${code}/card/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
      },
    },
  ],
  't.$code_.offer.$submission.tsx': [
    {
      name: 'a URL offer → 303 to it; unknown submission → 404',
      run: async () => {
        const { code, submission } = await signedUpLead()
        const res = await send(`/t/${code}/offer/${submission}`)
        expect(res.status).toBe(303)
        expect(res.headers.get('Location')).toBe('https://ada.example/slides.pdf')
        expect((await send(`/t/${code}/offer/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
      },
    },
  ],
  't.$code_.erase.$token.tsx': [
    {
      name: 'an unknown token → 404 on GET and POST',
      run: async () => {
        const { code } = await signedUpLead()
        const token = 'A'.repeat(43)
        expect((await send(`/t/${code}/erase/${token}`)).status).toBe(404)
        expect((await send(`/t/${code}/erase/${token}`, { method: 'POST', body: new URLSearchParams() })).status).toBe(404)
      },
    },
  ],
  // Where withdrawing a testimonial lands (issue 33 Deliver 2), in the erasure link's language.
  't.$code_.withdrawn.tsx': [
    {
      name: 'GET → 200 page in English, or in the language of ?lang=',
      run: async () => {
        const en = await send('/t/any/withdrawn')
        expect(en.status).toBe(200)
        expect(en.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
        expect(await en.text()).toContain('Your quote has been withdrawn')
        const de = await send('/t/any/withdrawn?lang=de')
        expect(de.status).toBe(200)
        expect(await de.text()).toContain('Ihr Zitat wurde zurückgezogen')
      },
    },
  ],
  't.$code_.erased.tsx': [
    {
      name: 'GET → 200 page',
      run: async () => {
        expect((await send('/t/any/erased')).status).toBe(200)
      },
    },
  ],
})

// QR downloads of a speaker's session (/app/sessions/{id}/qr/{format}): made through the test hook.
let qrSession: { id: string; owner: string } | undefined
async function ownedSession() {
  if (qrSession) return qrSession
  const made = await fetch(`${server.url}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'http-qr-speaker@example.com', status: 'draft' }),
  })
  const { sessionId } = (await made.json()) as { sessionId: string }
  qrSession = { id: sessionId, owner: await server.signIn('http-qr-speaker@example.com') }
  return qrSession
}

Object.assign(cases, {
  'app.leads.export.tsx': [
    {
      name: 'anonymous → redirect to sign in',
      run: async () => {
        const res = await send('/app/leads/export')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/login/)
      },
    },
    {
      name: 'speaker → 200 streamed CSV attachment with a BOM',
      run: async () => {
        const res = await send('/app/leads/export?status=new', { cookie: speaker })
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
        expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="leads-[\d-]+\.csv"$/)
        const bytes = new Uint8Array(await res.arrayBuffer())
        expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      },
    },
    {
      name: 'a malformed selection → 400',
      run: async () => {
        expect((await send('/app/leads/export?id=nope', { cookie: speaker })).status).toBe(400)
      },
    },
  ],
  'app.team_.audit.export.tsx': [
    {
      name: 'anonymous → redirect to sign in',
      run: async () => {
        const res = await send('/app/team/audit/export')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/login/)
      },
    },
    {
      name: 'the owner of the workspace → 200 CSV attachment with a BOM and the header row',
      run: async () => {
        const res = await send('/app/team/audit/export?kind=webhook.added', { cookie: speaker })
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
        expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="audit-log-[\d-]+\.csv"$/)
        const bytes = new Uint8Array(await res.arrayBuffer())
        expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
        expect(new TextDecoder().decode(bytes)).toContain('When (UTC)')
      },
    },
    {
      name: 'a workspace the person is not in → 404',
      run: async () => {
        const res = await send('/app/team/audit/export?workspace=00000000-0000-4000-8000-000000000000', { cookie: speaker })
        expect(res.status).toBe(404)
      },
    },
  ],
  // Insights CSVs (issue 23 Deliver 7): an event's (another workspace's or unknown → 404) and the workspace's.
  ...Object.fromEntries(
    (['sessions', 'speakers'] as const).map((table) => [
      `app.events.$id.insights_.${table}[.]csv.tsx`,
      [
        {
          name: 'anonymous → redirect to sign in',
          run: async () => {
            const res = await send(`/app/events/00000000-0000-4000-8000-000000000000/insights/${table}.csv`)
            expect(res.status).toBe(302)
            expect(res.headers.get('Location')).toMatch(/login/)
          },
        },
        {
          name: 'an event not of the workspace, or a malformed id → 404',
          run: async () => {
            expect(
              (await send(`/app/events/00000000-0000-4000-8000-000000000000/insights/${table}.csv`, { cookie: speaker })).status,
            ).toBe(404)
            expect((await send(`/app/events/nope/insights/${table}.csv`, { cookie: speaker })).status).toBe(404)
          },
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    (['speakers', 'events'] as const).map((table) => [
      `app.events.insights_.${table}[.]csv.tsx`,
      [
        {
          name: 'anonymous → redirect to sign in',
          run: async () => {
            const res = await send(`/app/events/insights/${table}.csv`)
            expect(res.status).toBe(302)
            expect(res.headers.get('Location')).toMatch(/login/)
          },
        },
        {
          name: 'the owner → 200 CSV attachment with a BOM and the header row',
          run: async () => {
            const res = await send(`/app/events/insights/${table}.csv?sort=leads&dir=desc`, { cookie: speaker })
            expect(res.status).toBe(200)
            expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
            expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[a-z-]+\.csv"$/)
            const bytes = new Uint8Array(await res.arrayBuffer())
            expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
            expect(new TextDecoder().decode(bytes)).toContain('Unique visitors,Leads,Conversion (%),Hot leads')
          },
        },
      ],
    ]),
  ),
  'app.leads_.$id_.vcard.tsx': [
    {
      name: 'anonymous → redirect to sign in',
      run: async () => {
        const res = await send('/app/leads/00000000-0000-4000-8000-000000000000/vcard')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/login/)
      },
    },
    {
      name: 'speaker, a person who is not theirs or a malformed id → 404',
      run: async () => {
        expect((await send('/app/leads/00000000-0000-4000-8000-000000000000/vcard', { cookie: speaker })).status).toBe(404)
        expect((await send('/app/leads/nope/vcard', { cookie: speaker })).status).toBe(404)
      },
    },
  ],
  'app.leads_.$id_.export.tsx': [
    {
      name: 'anonymous → redirect to sign in',
      run: async () => {
        const res = await send('/app/leads/00000000-0000-4000-8000-000000000000/export')
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/login/)
      },
    },
    {
      name: 'speaker, a person who is not theirs or a malformed id → 404',
      run: async () => {
        expect((await send('/app/leads/00000000-0000-4000-8000-000000000000/export', { cookie: speaker })).status).toBe(404)
        expect((await send('/app/leads/nope/export', { cookie: speaker })).status).toBe(404)
      },
    },
  ],
  'app.sessions.$id.qr.$format.tsx': [
    {
      name: 'anonymous → redirect to sign in',
      run: async () => {
        const { id } = await ownedSession()
        const res = await send(`/app/sessions/${id}/qr/svg`)
        expect(res.status).toBe(302)
        expect(res.headers.get('Location')).toMatch(/login/)
      },
    },
    {
      name: 'owner → 200 SVG and PNG attachments',
      run: async () => {
        const { id, owner } = await ownedSession()
        const svg = await send(`/app/sessions/${id}/qr/svg`, { cookie: owner })
        expect(svg.status).toBe(200)
        expect(svg.headers.get('Content-Type')).toBe('image/svg+xml')
        expect(svg.headers.get('Content-Disposition')).toMatch(/^attachment; filename="session-.+-qr\.svg"$/)
        const png = await send(`/app/sessions/${id}/qr/png-1024`, { cookie: owner })
        expect(png.status).toBe(200)
        expect(png.headers.get('Content-Type')).toBe('image/png')
      },
    },
    {
      name: 'another speaker or an unknown format → 404',
      run: async () => {
        const { id, owner } = await ownedSession()
        expect((await send(`/app/sessions/${id}/qr/svg`, { cookie: speaker })).status).toBe(404)
        expect((await send(`/app/sessions/${id}/qr/gif`, { cookie: owner })).status).toBe(404)
      },
    },
  ],
})

// The speakers CSV downloads of an organiser's event (the same test-hook event as the bulk QR's).
const SPEAKERS_CSV_HEADER = 'Name,Email,Job title,Company,Bio,Talk title,Talk description,Start time,Duration,Room'
const speakersCsvCases = (tail: 'template' | 'export', file: RegExp) => [
  {
    name: 'anonymous → redirect to sign in',
    run: async () => {
      const { eventId: id } = await organiserEvent()
      const res = await send(`/app/events/${id}/speakers/${tail}`)
      expect(res.status).toBe(302)
      expect(res.headers.get('Location')).toMatch(/login/)
    },
  },
  {
    name: 'the organiser → 200 CSV attachment with a BOM and the import’s columns',
    run: async () => {
      const { eventId: id, owner } = await organiserEvent()
      const res = await send(`/app/events/${id}/speakers/${tail}`, { cookie: owner })
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
      expect(res.headers.get('Content-Disposition')).toMatch(file)
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(new TextDecoder().decode(bytes).split('\r\n')[0]).toBe(SPEAKERS_CSV_HEADER)
    },
  },
  {
    name: 'another workspace’s event or no such event → 404',
    run: async () => {
      const { eventId: id } = await organiserEvent()
      expect((await send(`/app/events/${id}/speakers/${tail}`, { cookie: speaker })).status).toBe(404)
      const { owner } = await organiserEvent()
      expect((await send(`/app/events/00000000-0000-4000-8000-000000000000/speakers/${tail}`, { cookie: owner })).status).toBe(
        404,
      )
    },
  },
]
Object.assign(cases, {
  'app.events.$id.speakers.template.tsx': speakersCsvCases(
    'template',
    /^attachment; filename="e2e-conf-[0-9a-f]+-speakers-template\.csv"$/,
  ),
  'app.events.$id.speakers.export.tsx': speakersCsvCases('export', /^attachment; filename="e2e-conf-[0-9a-f]+-speakers\.csv"$/),
})

// The projector's live display (issue 33 Deliver 6; more in live-display-http.test.ts): a link made
// on the session's page by its owner.
async function displayToken() {
  const { id, owner } = await ownedSession()
  const res = await send(`/app/sessions/${id}`, {
    method: 'POST',
    cookie: owner,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'display-make' }),
  })
  expect(res.status).toBe(200)
  return /\/d\/([A-Za-z0-9_-]{43})/.exec(await res.text())![1]!
}
Object.assign(cases, {
  'd.$token.tsx': [
    {
      name: 'a display link → 200 HTML page, not stored; an unknown token → 404 page',
      run: async () => {
        const res = await send(`/d/${await displayToken()}`)
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
        expect(res.headers.get('Cache-Control')).toMatch(/no-store/)
        expect(referrerPolicy(res)).toBe('no-referrer')
        const missing = await send(`/d/${'A'.repeat(43)}`)
        expect(missing.status).toBe(404)
        expect(await missing.text()).toContain('This display link does not work')
      },
    },
  ],
  'd.$token_.events.tsx': [
    {
      name: 'a display link → 200 text/event-stream; an unknown token → 404',
      run: async () => {
        const controller = new AbortController()
        const res = await send(`/d/${await displayToken()}/events`, { signal: controller.signal })
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
        controller.abort()
        expect((await send(`/d/${'A'.repeat(43)}/events`)).status).toBe(404)
      },
    },
  ],
})

// What comes back from a follow-up (issue 32 Deliver 4 and 5): a sent follow-up through the test hook (one
// recipient, one stored link), and Resend's svix-signed deliveries as Resend posts them (no Origin, no cookie).
async function sentFollowUp() {
  const res = await fetch(`${server.url}/__e2e/sent-follow-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'http-follow-up@example.com', to: `grace-${Math.random().toString(36).slice(2)}@example.com` }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { token: string; links: string[] }
}
const resendPost = (body: string, headers: Record<string, string>) =>
  fetch(`${server.url}/webhooks/resend`, { method: 'POST', headers, body, redirect: 'manual' })

Object.assign(cases, {
  'c.$token.$n.tsx': [
    {
      name: 'a stored link → 302 to it, every time, never cached or referred',
      run: async () => {
        const { token, links } = await sentFollowUp()
        for (let i = 0; i < 2; i++) {
          const res = await send(`/c/${token}/0`)
          expect(res.status).toBe(302)
          expect(res.headers.get('Location')).toBe(links[0])
          expect(res.headers.get('Cache-Control')).toBe('no-store')
          expect(referrerPolicy(res)).toBe('no-referrer')
        }
      },
    },
    {
      name: 'a link number past the stored ones, not a number, or an unknown token → 404 text, no Location',
      run: async () => {
        const { token } = await sentFollowUp()
        for (const path of [
          `/c/${token}/1`,
          `/c/${token}/-1`,
          `/c/${token}/https%3A%2F%2Fevil.example`,
          `/c/${'Q'.repeat(32)}/0`,
        ]) {
          const res = await send(path)
          expect(res.status, path).toBe(404)
          expect(res.headers.get('Location')).toBeNull()
          expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
          expect(await res.text()).toBe('This link is not known.')
        }
      },
    },
    {
      name: 'POST → 405',
      run: async () => {
        const { token } = await sentFollowUp()
        expect((await send(`/c/${token}/0`, { method: 'POST', body: new URLSearchParams() })).status).toBe(405)
      },
    },
  ],
  'webhooks.resend.tsx': [
    {
      name: 'a signed delivery → 200 JSON once; the same svix-id again → 200, nothing done',
      run: async () => {
        const delivery = signedDelivery(resendEvent('email.delivered', 'http-no-such-message'))
        const first = await resendPost(delivery.body, delivery.headers)
        expect(first.status).toBe(200)
        expect(first.headers.get('Content-Type')).toMatch(/^application\/json/)
        expect(first.headers.get('Cache-Control')).toBe('no-store')
        expect(await first.json()).toEqual({ received: true, outcome: 'unknown-message' })
        expect(await (await resendPost(delivery.body, delivery.headers)).json()).toEqual({ received: true, outcome: 'duplicate' })
      },
    },
    {
      name: 'missing svix headers, another secret’s signature or a stale one → 400 JSON',
      run: async () => {
        const event = resendEvent('email.bounced', 'http-no-such-message')
        const { 'svix-signature': _dropped, ...unsigned } = signedDelivery(event).headers
        const missing = await resendPost(JSON.stringify(event), unsigned)
        expect(missing.status).toBe(400)
        expect(await missing.json()).toEqual({ error: 'Missing svix-id, svix-timestamp or svix-signature header.' })
        const other = signedDelivery(event, {
          secret: `whsec_${Buffer.from('another secret of 32 bytes long!').toString('base64')}`,
        })
        const stale = signedDelivery(event, { at: new Date(Date.now() - 10 * 60_000) })
        for (const bad of [other, stale]) {
          const res = await resendPost(bad.body, bad.headers)
          expect(res.status).toBe(400)
          expect(await res.json()).toEqual({ error: 'The signature does not match this body, or it is too old.' })
        }
      },
    },
    {
      name: 'a body over 256 KB → 413 JSON, unread',
      run: async () => {
        const big = signedDelivery(resendEvent('email.delivered', 'http-no-such-message', { padding: 'x'.repeat(300 * 1024) }))
        const res = await resendPost(big.body, big.headers)
        expect(res.status).toBe(413)
        expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
      },
    },
    {
      name: 'GET → 405 with Allow: POST',
      run: async () => {
        const res = await send('/webhooks/resend')
        expect(res.status).toBe(405)
        expect(res.headers.get('Allow')).toBe('POST')
      },
    },
  ],
})

// The shareable feedback report (issue 33 Deliver 5): a link made on the session's Feedback page by its
// owner; the token is shown once, in the toast of the page the POST redirects to.
async function reportLink(intent: 'report-create' | 'report-revoke' = 'report-create') {
  const { id, owner } = await ownedSession()
  const res = await send(`/app/sessions/${id}/feedback`, { method: 'POST', cookie: owner, body: new URLSearchParams({ intent }) })
  expect(res.status).toBe(302)
  const toast = res.headers.get('Set-Cookie')!.split(';')[0]!
  const page = await (await send(res.headers.get('Location')!, { cookie: `${owner}; ${toast}` })).text()
  return /\/r\/([A-Za-z0-9_-]{43})/.exec(page)?.[1] ?? null
}
Object.assign(cases, {
  'r.$token[.]pdf.tsx': [
    {
      name: 'a live link → 200 inline PDF, not stored; revoked or unknown → 404 text',
      run: async () => {
        const token = (await reportLink())!
        const res = await send(`/r/${token}.pdf`)
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Type')).toBe('application/pdf')
        expect(res.headers.get('Content-Disposition')).toBe('inline; filename="feedback-report.pdf"')
        expect(res.headers.get('Cache-Control')).toBe('private, no-store')
        expect(
          Buffer.from(await res.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-')
        await reportLink('report-revoke')
        for (const path of [`/r/${token}.pdf`, `/r/${'A'.repeat(43)}.pdf`]) {
          const gone = await send(path)
          expect(gone.status, path).toBe(404)
          expect(gone.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
        }
      },
    },
  ],
})

describe('resource routes over HTTP', () => {
  it('every resource route module has cases here', () => {
    expect(Object.keys(cases).sort()).toEqual(resourceRoutes())
  })

  for (const [route, list] of Object.entries(cases)) {
    for (const c of list) it(`${route}: ${c.name}`, c.run)
  }

  it('local uploads: a missing object → 404', async () => {
    expect((await send('/uploads/images/1-missing.webp')).status).toBe(404)
  })

  it('the server never warned about resource routes returning data', () => {
    expect(server.output()).not.toMatch(/REMIX FUTURE CHANGE|resource routes/i)
  })
})

describe('Referrer-Policy: one policy per response', () => {
  const UNKNOWN = 'A'.repeat(43)

  it('a page or link that names its own policy sends only that one', async () => {
    const { token } = await sentFollowUp()
    const own: Array<[string, string, string?]> = [
      [`/invite/${UNKNOWN}`, 'same-origin'],
      [`/invite/${UNKNOWN}`, 'same-origin', speaker],
      [`/startup-program/offer/${UNKNOWN}`, 'same-origin'],
      [`/u/${'A'.repeat(24)}`, 'no-referrer'],
      [`/d/${await displayToken()}`, 'no-referrer'],
      [`/c/${token}/0`, 'no-referrer'],
      ['/newsletter/confirm?token=unknown', 'same-origin'],
      ['/newsletter/unsubscribe?token=unknown', 'same-origin'],
      ['/newsletter/confirm.data?token=unknown', 'same-origin'],
      // Signed in, a checkout id Stripe cannot settle here (payments not set up): the return page itself.
      ['/billing/return?session_id=cs_test_unknown', 'same-origin', speaker],
      ['/auth/callback?token=unknown', 'same-origin'],
    ]
    for (const [path, policy, cookie] of own) {
      const res = await send(path, { cookie })
      // The route answered itself (the /c link's 302 is its own), not a sign-in redirect.
      expect(res.headers.get('Location') ?? '', path).not.toMatch(/login|signup/)
      expect(referrerPolicy(res), path).toBe(policy)
    }
  })

  it('every other response keeps the default, once', async () => {
    const others: Array<[string, Init?]> = [
      ['/'],
      ['/pricing'],
      ['/login'],
      ['/app', { cookie: speaker }],
      ['/no-such-page'],
      ['/healthz'],
      ['/assets/no-such-file.js'],
      ['/uploads/images/1-missing.webp'],
      ['/t/no-such-code'],
      ['/pricing', { method: 'POST', headers: { Origin: 'https://evil.example' } }],
    ]
    for (const [path, init] of others) {
      const res = init?.headers ? await fetch(`${server.url}${path}`, { redirect: 'manual', ...init }) : await send(path, init)
      expect(referrerPolicy(res), path).toBe('strict-origin-when-cross-origin')
    }
  })
})
