import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type BuiltServer } from './built-server'

// /app/leads over HTTP against the production build: what reaches the wire. Hostile attendee text is
// sent as escaped text, never markup; another speaker's ids in a bulk action are a 404 (a document
// POST and a single-fetch .data POST alike), and their person is untouched.

let server: BuiltServer

beforeAll(async () => {
  server = await startBuiltServer()
}, 90_000)

afterAll(async () => {
  await server?.stop()
})

function send(pathname: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  if (init.method && init.method !== 'GET') headers.set('Origin', server.url)
  return fetch(`${server.url}${pathname}`, { redirect: 'manual', ...init, headers })
}

async function speakerWithLead(speaker: string, values: Record<string, string>) {
  const made = await fetch(`${server.url}/__e2e/lead-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: speaker }),
  })
  const { code } = (await made.json()) as { code: string }
  const page = await (await send(`/t/${code}`)).text()
  const token = /name="submission" value="([^"]+)"/.exec(page)![1]!
  const res = await send(`/t/${code}`, {
    method: 'POST',
    body: new URLSearchParams({ submission: token, q_role: 'Engineering', ...values }),
  })
  expect(res.status).toBe(303)
  const cookie = await server.signIn(speaker)
  const list = await (await send('/app/leads', { cookie })).text()
  const id = /href="\/app\/leads\/([0-9a-f-]{36})"/.exec(list)![1]!
  return { cookie, list, id }
}

describe('/app/leads over HTTP', () => {
  it('renders hostile names and companies as text', async () => {
    const { list } = await speakerWithLead('http-list-xss@example.com', {
      first_name: '<img src=x onerror=alert(1)>',
      email: 'xss-attendee@example.com',
      company: '<script>alert(2)</script>',
    })
    expect(list).not.toContain('<img src=x')
    expect(list).not.toContain('<script>alert(2)')
    expect(list).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(list).toContain('&lt;script&gt;alert(2)&lt;/script&gt;')
  })

  it('answers 404 to a bulk action on another speaker’s person and changes nothing', async () => {
    const mine = await speakerWithLead('http-list-a@example.com', { first_name: 'Ada', email: 'ada-http@example.com' })
    const theirs = await speakerWithLead('http-list-b@example.com', { first_name: 'Bob', email: 'bob-http@example.com' })
    const body = () =>
      new URLSearchParams([
        ['intent', 'status'],
        ['status', 'meeting'],
        ['ids', mine.id],
        ['ids', theirs.id],
      ])
    expect((await send('/app/leads?index', { method: 'POST', cookie: mine.cookie, body: body() })).status).toBe(404)
    expect((await send('/app/leads.data?index', { method: 'POST', cookie: mine.cookie, body: body() })).status).toBe(404)
    const page = await (await send('/app/leads?status=meeting', { cookie: theirs.cookie })).text()
    expect(page).not.toContain('bob-http@example.com')
    const own = await send('/app/leads?index', {
      method: 'POST',
      cookie: mine.cookie,
      body: new URLSearchParams([
        ['intent', 'status'],
        ['status', 'meeting'],
        ['ids', mine.id],
      ]),
    })
    expect(own.status).toBe(302)
    expect(await (await send('/app/leads?status=meeting', { cookie: mine.cookie })).text()).toContain('ada-http@example.com')
  })
})
