import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type BuiltServer } from './built-server'
import { resendEvent, signedDelivery, WEBHOOK_SECRET } from './follow-up-fixtures'

// Issue 32 through the production server, where statuses, headers and the same-origin rule are real:
// RFC 8058's one-click unsubscribe as a mail provider posts it (no cookie, no Origin, or a foreign
// Origin) answers 200 with a page and takes effect; GET changes nothing; an unknown token is 404;
// a cross-site POST elsewhere is still refused. POST /webhooks/resend checks the svix signature on
// the bytes as they arrive (400 for a changed byte), ignores a replay, and clicks redirect only to
// stored links.

let server: BuiltServer

beforeAll(async () => {
  server = await startBuiltServer({ RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET })
}, 90_000)

afterAll(async () => {
  await server?.stop()
})

async function sentFollowUp() {
  const res = await fetch(`${server.url}/__e2e/sent-follow-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `owner-${Date.now()}@example.com`,
      to: `grace-${Math.random().toString(36).slice(2)}@example.com`,
    }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { token: string; links: string[] }
}

/** The page's text as a reader sees it (React separates interpolations with empty comments). */
const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '')

const oneClick = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/u/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: 'List-Unsubscribe=One-Click',
    redirect: 'manual',
  })

describe('one-click unsubscribe over HTTP', () => {
  it('GET shows the question and changes nothing; the POST without cookie or Origin answers 200 with a page, at once', async () => {
    const { token } = await sentFollowUp()
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${server.url}/u/${token}`, { redirect: 'manual' })
      expect(page.status).toBe(200)
      expect(page.headers.get('cache-control')).toBe('no-store')
      const html = await page.text()
      expect(html).toContain('Stop emails from <strong')
      expect(html).not.toContain('You are unsubscribed')
    }
    const res = await oneClick(token)
    expect(res.status).toBe(200)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('set-cookie') ?? '').not.toContain('lectern_session')
    expect(await text(res)).toContain('You are unsubscribed: Ada Lovelace via Lectern will not email you again.')
    expect(await text(await fetch(`${server.url}/u/${token}`))).toContain('You are unsubscribed')
  })

  it('a provider posting from its own origin is let through too; a cross-site POST elsewhere is refused', async () => {
    const { token } = await sentFollowUp()
    const res = await oneClick(token, { Origin: 'https://mail.example', 'Sec-Fetch-Site': 'cross-site' })
    expect(res.status).toBe(200)
    expect(await text(res)).toContain('You are unsubscribed')
    const elsewhere = await fetch(`${server.url}/app/settings`, {
      method: 'POST',
      headers: { Origin: 'https://mail.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'intent=x',
      redirect: 'manual',
    })
    expect(elsewhere.status).toBe(403)
  })

  it('an unknown token is a 404 page on GET and POST', async () => {
    const token = 'Q'.repeat(32)
    const page = await fetch(`${server.url}/u/${token}`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('This unsubscribe link is not known.')
    expect((await oneClick(token)).status).toBe(404)
  })
})

describe('/u/{token} in the attendee’s language over HTTP (issue 31 negotiation)', () => {
  it('reads German to a German browser, keeps it through the button, and says a 404 in German', async () => {
    const { token } = await sentFollowUp()
    const de = { 'Accept-Language': 'de-DE,de;q=0.9' }
    const page = await fetch(`${server.url}/u/${token}`, { headers: de })
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Language')).toBe('de')
    const html = await text(page)
    expect(html).toContain('<div lang="de"')
    expect(html).toContain('<h1 class="text-3xl font-bold text-white">Abmelden</h1>')
    expect(html).toContain(
      'Keine E-Mails mehr von <strong class="text-white">Ada Lovelace via Lectern</strong> erhalten? Die Abmeldung gilt sofort.',
    )
    expect(html).toContain(`action="/u/${token}?lang=de"`)
    // The button's POST (no JavaScript) names the language shown.
    const done = await fetch(`${server.url}/u/${token}?lang=de`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    })
    expect(done.status).toBe(200)
    expect(await text(done)).toContain('Sie sind abgemeldet: Ada Lovelace via Lectern wird Ihnen keine E-Mails mehr schicken.')
    const unknown = await fetch(`${server.url}/u/${'Q'.repeat(32)}`, { headers: de })
    expect(unknown.status).toBe(404)
    const unknownHtml = await text(unknown)
    expect(unknownHtml).toContain('Link unbekannt')
    expect(unknownHtml).toContain('Dieser Abmeldelink ist nicht bekannt.')
  })
})

describe('the dev mailbox shows a follow-up’s headers over HTTP (issue 32 Deliver 8)', () => {
  it('lists From, Reply-To, List-Unsubscribe and List-Unsubscribe-Post on the message’s page', async () => {
    const json = { 'Content-Type': 'application/json', Origin: server.url }
    const made = await fetch(`${server.url}/__e2e/lead-session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: `mailbox-${Date.now()}@example.com`, plan: 'pro', questions: [] }),
    })
    const { sessionId, userId } = (await made.json()) as { sessionId: string; userId: string }
    const sent = await fetch(`${server.url}/__e2e/follow-up-send`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ sessionId, userId, people: 1 }),
    })
    expect(await sent.json()).toMatchObject({ started: 'started' })
    // The server's own worker sends the batch into the dev mailbox; wait for the message to be listed.
    const row = /<a[^>]*href="\/dev\/mailbox\/([0-9a-f-]{36})"[^>]*><span><span[^>]*>The slides<\/span>/
    let id: string | undefined
    for (let i = 0; i < 200 && !id; i++) {
      id = row.exec(await text(await fetch(`${server.url}/dev/mailbox`)))?.[1]
      if (!id) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(id).toBeDefined()
    const page = await fetch(`${server.url}/dev/mailbox/${id}`)
    expect(page.status).toBe(200)
    const html = await text(page)
    const header = (name: string) => new RegExp(`<dt[^>]*>${name}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1]
    expect(header('From')).toBe('&quot;Ada Lovelace via Lectern&quot; &lt;hello@lectern.local&gt;')
    expect(header('Subject')).toBe('The slides')
    expect(header('List-Unsubscribe')).toMatch(/^&lt;http:\/\/[^/]+\/u\/[A-Za-z0-9_-]{43}&gt;$/)
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  })
})

describe('POST /webhooks/resend over HTTP', () => {
  it('takes a signed delivery once, refuses a changed byte with 400, and GET is 405', async () => {
    const delivery = signedDelivery(resendEvent('email.delivered', 'a-message-of-no-follow-up'))
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${server.url}/webhooks/resend`, { method: 'POST', headers, body, redirect: 'manual' })
    const first = await post(delivery.body, delivery.headers)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true, outcome: 'unknown-message' })
    const again = await post(delivery.body, delivery.headers)
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' })
    const changed = await post(delivery.body.replace('delivered', 'complained'), { ...delivery.headers, 'svix-id': 'msg_other' })
    expect(changed.status).toBe(400)
    expect((await fetch(`${server.url}/webhooks/resend`)).status).toBe(405)
  })
})

describe('clicks over HTTP', () => {
  it('302 to the stored link, 404 for anything else', async () => {
    const { token, links } = await sentFollowUp()
    const res = await fetch(`${server.url}/c/${token}/0`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(links[0])
    for (const path of [`/c/${token}/1`, `/c/${token}/https%3A%2F%2Fevil.example`, `/c/${'Q'.repeat(32)}/0`]) {
      const r = await fetch(`${server.url}${path}`, { redirect: 'manual' })
      expect(r.status).toBe(404)
      expect(r.headers.get('location')).toBeNull()
    }
  })
})
