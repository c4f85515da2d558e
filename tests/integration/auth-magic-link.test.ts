import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { FORM_INTENT } from '~/auth/magic-link-schema'
import { hashMagicToken } from '~/auth/magic-link-tokens.server'
import { MAGIC_LINK_MIN_RESPONSE_MS } from '~/auth/magic-link.server'
import { getSessionUser } from '~/auth/session.server'
import { getDb } from '~/db/client.server'
import { sessions, users, verifications } from '~/db/schema/accounts'
import { rateLimits } from '~/db/schema/limits'
import * as callback from '~/routes/auth.callback'
import * as status from '~/routes/auth.status'
import * as success from '~/routes/auth.success'
import * as login from '~/routes/login'
import * as signup from '~/routes/signup'
import { CookieJar, dataOf, get, latestSignInEmail, locationOf, post, requestForm } from './auth-utils'
import { call, createUser } from './utils'

const AUTH_FAILED = 'Authentication failed. Please try again.'

/** Sessions of this address (each test uses its own addresses; the database is shared by the file). */
async function sessionCount(email: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
  return row!.n
}

async function requestLogin(email: string, jar = new CookieJar(), path = '/login') {
  const response = await call(login.action, post(path, requestForm(email), { jar }))
  jar.absorb(response as Response)
  return { response: response as Response, jar }
}

async function postToken(token: string, jar = new CookieJar()) {
  const result = await call(callback.action, post('/auth/callback', { token }, { jar }))
  if (result instanceof Response) jar.absorb(result)
  return { result, jar }
}

describe('requesting a magic link', () => {
  it('stores only hashes, emails a link built on APP_URL plus a 6-digit code, and remembers the pending sign-in', async () => {
    const email = 'ada@example.com'
    const { response, jar } = await requestLogin(
      ' Ada@Example.com ',
      new CookieJar(),
      '/login?return_to=%2Fpremium%2Fspeaker-profile-submissions%3Fid%3D7',
    )
    expect(locationOf(response)).toBe('/login?return_to=%2Fpremium%2Fspeaker-profile-submissions%3Fid%3D7')
    expect(jar.has('lectern_magic_link')).toBe(true)

    const mail = await latestSignInEmail(email)
    expect(mail!.link.startsWith('http://localhost:3000/auth/callback?token=')).toBe(true)
    expect(Buffer.from(mail!.token, 'base64url')).toHaveLength(32)
    expect(mail!.row.html).toContain(mail!.code)
    expect(mail!.row.html).toContain(mail!.link.replace(/&/g, '&amp;'))

    const [row] = await getDb().select().from(verifications).where(eq(verifications.email, email))
    expect(row!.tokenHash).toBe(hashMagicToken(mail!.token))
    expect(row!.codeHash).not.toContain(mail!.code)
    expect(JSON.stringify(row)).not.toContain(mail!.token)
    expect(row!.intent).toBe('login')
    expect(row!.returnTo).toBe('/premium/speaker-profile-submissions?id=7')
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime()
    expect(ttl).toBeGreaterThan(14 * 60_000)
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1000)
    // Nothing is created until the link is used.
    expect(await getDb().select().from(users).where(eq(users.email, email))).toHaveLength(0)

    // The sent state shows in the original tab.
    const view = dataOf<{ magicLink: { stage: string; email?: string } }>(await call(login.loader, get('/login', { jar })))
    expect(view.data.magicLink).toMatchObject({ stage: 'sent', email })
  })

  it('builds the link from APP_URL even when Host and X-Forwarded-Host name another site', async () => {
    const email = 'forwarded@example.com'
    await call(
      login.action,
      post('/login', requestForm(email), {
        headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Host: 'evil.example' },
      }),
    )
    const mail = await latestSignInEmail(email)
    expect(new URL(mail!.link).origin).toBe('http://localhost:3000')
    expect(mail!.row.text).not.toContain('evil.example')
    expect(mail!.row.html).not.toContain('evil.example')
  })

  it('rejects a missing or malformed email with the field message and HTTP 400', async () => {
    const empty = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
      await call(login.action, post('/login', { intent: FORM_INTENT.request, email: '' })),
    )
    expect(empty.status).toBe(400)
    expect(empty.data.magicLink.result.error.email).toEqual(['Email is required'])
    const bad = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
      await call(login.action, post('/login', { intent: FORM_INTENT.request, email: 'not-an-email' })),
    )
    expect(bad.status).toBe(400)
    expect(bad.data.magicLink.result.error.email).toEqual(['Please enter a valid email address'])
  })

  it('shows "Failed to send magic link" when the request cannot be stored', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await getDb().execute(sql`alter table verifications rename to verifications_away`)
    try {
      const answer = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
        await call(login.action, post('/login', requestForm('broken@example.com'))),
      )
      expect(answer.status).toBe(500)
      expect(answer.data.magicLink.result.error['']).toEqual(['Failed to send magic link'])
      expect(errors).toHaveBeenCalledWith('Magic link request failed', expect.anything())
    } finally {
      await getDb().execute(sql`alter table verifications_away rename to verifications`)
      errors.mockRestore()
    }
    expect(await latestSignInEmail('broken@example.com')).toBeNull()
  })

  it('answers a honeypot submission like a success but writes and sends nothing', async () => {
    const response = await call(
      login.action,
      post('/login', { ...requestForm('bot@example.com'), company_website: 'http://spam' }),
    )
    expect(locationOf(response)).toBe('/login')
    expect(await latestSignInEmail('bot@example.com')).toBeNull()
  })
})

describe('the callback link', () => {
  it('GET and HEAD change nothing; the link still works afterwards and signs in once', async () => {
    const email = 'scanner@example.com'
    await requestLogin(email)
    const mail = await latestSignInEmail(email)

    for (const method of ['GET', 'HEAD']) {
      const result = await call(callback.loader, get(`/auth/callback?token=${mail!.token}`, { method }))
      expect(dataOf<{ token: string }>(result).data.token).toBe(mail!.token)
    }
    expect(await sessionCount(email)).toBe(0)
    const [row] = await getDb().select().from(verifications).where(eq(verifications.email, email))
    expect(row!.usedAt).toBeNull()

    const { result, jar } = await postToken(mail!.token)
    // Signed in from /login without a return_to: the speaker lands in the workspace (decision 13).
    expect(locationOf(result)).toBe('/auth/success?return_to=%2Fapp')
    expect(await sessionCount(email)).toBe(1)
    const user = await getSessionUser(get('/', { jar }))
    expect(user).toMatchObject({ email, role: 'speaker' })

    // The success page greets the signed-in user and only accepts same-site return targets.
    const page = dataOf<{ returnTo: string }>(
      await call(success.loader, get('/auth/success?return_to=https%3A%2F%2Fevil.example', { jar })),
    )
    expect(page.data.returnTo).toBe('/app')
  })

  it('keeps the token from other sites: Referrer-Policy same-origin and no caching on the page that carries it', () => {
    const headers = new Headers(callback.headers({} as never) as HeadersInit)
    expect(headers.get('Referrer-Policy')).toBe('same-origin')
    expect(headers.get('Cache-Control')).toBe('no-store')
  })

  it('two concurrent POSTs of one token give exactly one session', async () => {
    const email = 'race@example.com'
    await requestLogin(email)
    const mail = await latestSignInEmail(email)
    const results = await Promise.all([postToken(mail!.token), postToken(mail!.token), postToken(mail!.token)])
    const redirects = results.filter((r) => r.result instanceof Response)
    const failures = results.filter((r) => !(r.result instanceof Response))
    expect(redirects).toHaveLength(1)
    expect(failures).toHaveLength(2)
    expect(await sessionCount(email)).toBe(1)
  })

  it('a reused, expired, tampered or malformed link fails with the spec texts', async () => {
    const email = 'fail@example.com'
    await requestLogin(email)
    const mail = await latestSignInEmail(email)
    await postToken(mail!.token)

    const reused = dataOf<{ error: string }>((await postToken(mail!.token)).result)
    expect(reused.status).toBe(400)
    expect(reused.data.error).toMatch(/^Authentication failed: /)

    // Tampered: one character changed.
    const other = mail!.token.at(-1) === 'A' ? 'B' : 'A'
    const tampered = dataOf<{ error: string }>((await postToken(mail!.token.slice(0, -1) + other)).result)
    expect(tampered).toEqual({ status: 400, data: { error: AUTH_FAILED } })

    const malformed = dataOf<{ error: string }>((await postToken('abc')).result)
    expect(malformed).toEqual({ status: 400, data: { error: AUTH_FAILED } })
    expect(dataOf(await call(callback.loader, get('/auth/callback?token=abc'))).status).toBe(400)
    expect(dataOf(await call(callback.loader, get('/auth/callback'))).status).toBe(400)

    // Expired: a fresh link whose 15 minutes have passed.
    await getDb().delete(rateLimits)
    await requestLogin('late@example.com')
    const late = await latestSignInEmail('late@example.com')
    await getDb()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.email, 'late@example.com'))
    const expired = dataOf<{ error: string }>((await postToken(late!.token)).result)
    expect(expired.status).toBe(400)
    expect(expired.data.error).toBe('Authentication failed: This sign-in link has expired. Please request a new one.')
    expect(await sessionCount(email)).toBe(1)
    expect(await sessionCount('late@example.com')).toBe(0)
  })

  it('a link from a foreign host is just a token: it works only if ours, and is posted only to our callback', async () => {
    // The host of the clicked link plays no part: the callback reads only the token, and the link
    // the app emails is always on APP_URL (see the X-Forwarded-Host test above). A token the
    // foreign site made up is unknown to us.
    const forged = Buffer.alloc(32, 7).toString('base64url')
    const result = dataOf<{ error: string }>((await postToken(forged)).result)
    expect(result).toEqual({ status: 400, data: { error: AUTH_FAILED } })
  })

  it('a new sign-in always gets a fresh session id and replaces the browser’s previous session', async () => {
    const email = 'again@example.com'
    await requestLogin(email)
    const first = await latestSignInEmail(email)
    const { jar } = await postToken(first!.token)
    const firstSession = (await getSessionUser(get('/', { jar })))!.sessionId
    await getDb().delete(rateLimits)
    await requestLogin(email, jar)
    const second = await latestSignInEmail(email)
    await postToken(second!.token, jar)
    const secondSession = (await getSessionUser(get('/', { jar })))!.sessionId
    expect(secondSession).not.toBe(firstSession)
    const rows = await getDb()
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, email))
    expect(rows.map((r) => r.id)).toEqual([secondSession])
  })

  it('an admin (ADMIN_EMAILS) who opens the link in the browser that asked goes straight to /resources/admin', async () => {
    const { jar } = await requestLogin('Founder@Example.com')
    const mail = await latestSignInEmail('founder@example.com')
    const { result } = await postToken(mail!.token, jar)
    expect(locationOf(result)).toBe('/resources/admin')
  })
})

describe('the 6-digit code', () => {
  it('signs in the original tab and spends the link too', async () => {
    const email = 'coder@example.com'
    const { jar } = await requestLogin(
      email,
      new CookieJar(),
      '/signup?return_to=%2Fpremium%2Fspeaker-profile-submissions%3Fid%3D2',
    )
    const mail = await latestSignInEmail(email)
    const result = await call(signup.action, post('/signup', { intent: FORM_INTENT.code, code: mail!.code }, { jar }))
    expect(locationOf(result)).toBe('/premium/speaker-profile-submissions?id=2')
    jar.absorb(result as Response)
    expect(jar.has('lectern_magic_link')).toBe(false)
    expect(await getSessionUser(get('/', { jar }))).toMatchObject({ email })
    expect(dataOf<{ error: string }>((await postToken(mail!.token)).result).status).toBe(400)
  })

  it('five wrong codes burn the sign-in, even for the right code afterwards', async () => {
    const email = 'guesser@example.com'
    const { jar } = await requestLogin(email)
    const mail = await latestSignInEmail(email)
    const wrong = mail!.code === '000000' ? '111111' : '000000'
    const messages: string[] = []
    for (let i = 0; i < 5; i++) {
      const answer = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
        await call(login.action, post('/login', { intent: FORM_INTENT.code, code: wrong }, { jar })),
      )
      expect(answer.status).toBe(400)
      messages.push(answer.data.magicLink.result.error.code![0]!)
    }
    expect(messages[0]).toBe('That code is not correct. 4 attempts left.')
    expect(messages[3]).toBe('That code is not correct. 1 attempt left.')
    expect(messages[4]).toBe('Too many incorrect codes: this sign-in email no longer works. Please request a new magic link.')
    const right = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
      await call(login.action, post('/login', { intent: FORM_INTENT.code, code: mail!.code }, { jar })),
    )
    expect(right.status).toBe(400)
    expect(dataOf<{ error: string }>((await postToken(mail!.token)).result).status).toBe(400)
    expect(await sessionCount(email)).toBe(0)
  })

  it('rejects a code that is not 6 digits without counting it', async () => {
    const email = 'short@example.com'
    const { jar } = await requestLogin(email)
    const answer = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
      await call(login.action, post('/login', { intent: FORM_INTENT.code, code: '12a' }, { jar })),
    )
    expect(answer.status).toBe(400)
    expect(answer.data.magicLink.result.error.code).toEqual(['Enter the 6-digit code from the email.'])
    const [row] = await getDb().select().from(verifications).where(eq(verifications.email, email))
    expect(row!.codeAttempts).toBe(0)
  })
})

describe('limits and the original tab', () => {
  it('enforces the 60-second per-address cooldown on new requests and on resend', async () => {
    const email = 'cool@example.com'
    const { jar } = await requestLogin(email)
    const again = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
      await call(login.action, post('/login', requestForm(email))),
    )
    expect(again.status).toBe(429)
    expect(again.data.magicLink.result.error['']![0]).toMatch(/^Failed to send magic link: please wait \d+ seconds/)

    const resend = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
      await call(login.action, post('/login', { intent: FORM_INTENT.resend }, { jar })),
    )
    expect(resend.status).toBe(429)
    expect((await latestSignInEmail(email))!.count).toBe(1)

    // 61 seconds later the resend goes out, and only the newest link works.
    const first = await latestSignInEmail(email)
    await getDb()
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
    const ok = await call(login.action, post('/login', { intent: FORM_INTENT.resend }, { jar }))
    expect(locationOf(ok)).toBe('/login')
    const second = await latestSignInEmail(email)
    expect(second!.count).toBe(2)
    expect(second!.token).not.toBe(first!.token)
    expect(dataOf((await postToken(first!.token)).result).status).toBe(400)
    expect(locationOf((await postToken(second!.token)).result)).toMatch(/^\/auth\/success/)
  })

  it('limits link requests per IP address', async () => {
    const ip = '203.0.113.9'
    for (let i = 0; i < 20; i++) {
      const result = await call(login.action, post('/login', requestForm(`ip${i}@example.com`), { ip }))
      expect(result).toBeInstanceOf(Response)
    }
    const blocked = dataOf<{ magicLink: { result: { error: Record<string, string[]> } } }>(
      await call(login.action, post('/login', requestForm('ip-last@example.com'), { ip })),
    )
    expect(blocked.status).toBe(429)
    expect(blocked.data.magicLink.result.error['']![0]).toMatch(/^Failed to send magic link: too many requests/)
    expect(await latestSignInEmail('ip-last@example.com')).toBeNull()
  })

  it('known and unknown addresses get the same answer in similar time', async () => {
    await createUser('known@example.com')
    const timed = async (email: string) => {
      const started = Date.now()
      const response = (await call(login.action, post('/login', requestForm(email)))) as Response
      return {
        ms: Date.now() - started,
        status: response.status,
        location: response.headers.get('Location'),
        cookies: response.headers.getSetCookie().map((c) => c.split('=')[0]),
      }
    }
    const known = await timed('known@example.com')
    const unknown = await timed('nobody@example.com')
    expect({ ...unknown, ms: 0 }).toEqual({ ...known, ms: 0 })
    expect(known.ms).toBeGreaterThanOrEqual(MAGIC_LINK_MIN_RESPONSE_MS - 5)
    expect(unknown.ms).toBeGreaterThanOrEqual(MAGIC_LINK_MIN_RESPONSE_MS - 5)
  })

  it('the status endpoint and the no-JS continue button notice the session created in another tab', async () => {
    const email = 'tabs@example.com'
    const { jar } = await requestLogin(
      email,
      new CookieJar(),
      '/login?return_to=%2Fpremium%2Fspeaker-profile-submissions%3Fid%3D9',
    )
    const before = (await call(status.loader, get('/auth/status', { jar }))) as Response
    expect(await before.json()).toEqual({ signedIn: false, redirectTo: null, openedElsewhere: false })
    expect(before.headers.get('Cache-Control')).toBe('no-store')

    const notYet = dataOf<{ magicLink: { form: string } }>(
      await call(login.action, post('/login', { intent: FORM_INTENT.check }, { jar })),
    )
    expect(notYet.status).toBe(409)

    // The link is opened in another tab of the same browser: same cookie jar.
    const mail = await latestSignInEmail(email)
    await postToken(mail!.token, jar)
    const after = (await call(status.loader, get('/auth/status', { jar }))) as Response
    expect(await after.json()).toEqual({
      signedIn: true,
      redirectTo: '/premium/speaker-profile-submissions?id=9',
      openedElsewhere: false,
    })

    const go = await call(login.action, post('/login', { intent: FORM_INTENT.check }, { jar }))
    expect(locationOf(go)).toBe('/premium/speaker-profile-submissions?id=9')
  })

  it('"use a different email" forgets the pending sign-in', async () => {
    const { jar } = await requestLogin('reset@example.com')
    const result = await call(login.action, post('/login', { intent: FORM_INTENT.reset }, { jar }))
    jar.absorb(result as Response)
    expect(locationOf(result)).toBe('/login')
    expect(jar.has('lectern_magic_link')).toBe(false)
  })

  it('a signed-in visitor on /login or /signup moves on by role', async () => {
    await requestLogin('mover@example.com')
    const mail = await latestSignInEmail('mover@example.com')
    const { jar } = await postToken(mail!.token)
    expect(locationOf(await call(login.loader, get('/login?return_to=%2Fspeakers', { jar })))).toBe('/speakers')
    expect(locationOf(await call(signup.loader, get('/signup?return_to=https%3A%2F%2Fevil.example', { jar })))).toBe('/app')
  })
})

describe('housekeeping', () => {
  it('the janitor deletes expired sessions and sign-ins that expired over a day ago', async () => {
    const { deleteExpiredSessions } = await import('~/auth/session.server')
    const user = await createUser('janitor@example.com')
    await getDb()
      .insert(sessions)
      .values([
        { id: 'expired-session', userId: user.id, expiresAt: new Date(Date.now() - 1000) },
        { id: 'live-session', userId: user.id, expiresAt: new Date(Date.now() + 60_000) },
      ])
    const row = (tokenHash: string, expiresAt: Date) => ({
      email: 'janitor@example.com',
      tokenHash,
      codeHash: 'x',
      intent: 'login',
      expiresAt,
    })
    await getDb()
      .insert(verifications)
      .values([row('old', new Date(Date.now() - 2 * 86_400_000)), row('recent', new Date(Date.now() - 60_000))])
    await deleteExpiredSessions()
    expect(
      (await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.id),
    ).toEqual(['live-session'])
    expect(
      (
        await getDb()
          .select({ h: verifications.tokenHash })
          .from(verifications)
          .where(eq(verifications.email, 'janitor@example.com'))
      ).map((r) => r.h),
    ).toEqual(['recent'])
  })
})
