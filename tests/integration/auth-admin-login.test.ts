import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FORM_INTENT } from '~/auth/magic-link-schema'
import { getSessionUser } from '~/auth/session.server'
import { getDb } from '~/db/client.server'
import { sessions, users, verifications } from '~/db/schema/accounts'
import * as callback from '~/routes/auth.callback'
import * as status from '~/routes/auth.status'
import * as login from '~/routes/login'
import * as logout from '~/routes/logout'
import * as adminLogin from '~/routes/resources_.admin_.login'
import { CookieJar, dataOf, emailCount, get, latestSignInEmail, locationOf, post, requestForm } from './auth-utils'
import { call, createUser, signedInAs } from './utils'

const PATH = '/resources/admin/login'

async function requestAdminLink(email: string, jar = new CookieJar()) {
  const response = (await call(adminLogin.action, post(PATH, requestForm(email), { jar }))) as Response
  jar.absorb(response)
  return { response, jar }
}

describe('admin login (existing accounts only)', () => {
  it('answers an unknown address exactly like a known one but sends nothing and stores nothing', async () => {
    await createUser('editor@example.com', 'admin')
    const known = await requestAdminLink('editor@example.com')
    const unknown = await requestAdminLink('stranger@example.com')
    const shape = (r: Response) => ({
      status: r.status,
      location: r.headers.get('Location'),
      cookies: r.headers.getSetCookie().map((c) => c.split('=')[0]),
    })
    expect(shape(unknown.response)).toEqual(shape(known.response))
    expect(locationOf(known.response)).toBe(PATH)

    // Both tabs show the same "sent" screen.
    const view = async (jar: CookieJar) => dataOf(await call(adminLogin.loader, get(PATH, { jar })))
    expect((await view(known.jar)).data).toMatchObject({
      denied: false,
      magicLink: { stage: 'sent', email: 'editor@example.com' },
    })
    expect((await view(unknown.jar)).data).toMatchObject({
      denied: false,
      magicLink: { stage: 'sent', email: 'stranger@example.com' },
    })

    expect(await emailCount('editor@example.com')).toBe(1)
    expect(await emailCount('stranger@example.com')).toBe(0)
    expect(await getDb().select().from(verifications).where(eq(verifications.email, 'stranger@example.com'))).toHaveLength(0)
    expect(await getDb().select().from(users).where(eq(users.email, 'stranger@example.com'))).toHaveLength(0)
  })

  it('an admin signing in there goes to /resources/admin', async () => {
    await createUser('boss@example.com', 'admin')
    const { jar: asked } = await requestAdminLink('boss@example.com')
    const mail = await latestSignInEmail('boss@example.com')
    // In the browser that asked (on another device the code for that tab is shown first: auth-other-device.test.ts).
    const result = await call(callback.action, post('/auth/callback', { token: mail!.token }, { jar: asked }))
    expect(locationOf(result)).toBe('/resources/admin')
    const jar = new CookieJar().absorb(result as Response)
    expect(locationOf(await call(adminLogin.loader, get(PATH, { jar })))).toBe('/resources/admin')
  })

  it('a speaker signing in there sees "Access denied. Admin privileges required." and can log out', async () => {
    await createUser('speaker-at-admin@example.com', 'speaker')
    const { jar } = await requestAdminLink('speaker-at-admin@example.com')
    const mail = await latestSignInEmail('speaker-at-admin@example.com')

    // The code in the original tab signs in, then the tab shows the denial.
    const result = await call(adminLogin.action, post(PATH, { intent: FORM_INTENT.code, code: mail!.code }, { jar }))
    expect(locationOf(result)).toBe(PATH)
    jar.absorb(result as Response)
    const page = dataOf(await call(adminLogin.loader, get(PATH, { jar })))
    expect(page.data).toEqual({ denied: true, email: 'speaker-at-admin@example.com' })

    // A denied user cannot use the form to send links.
    expect(locationOf(await call(adminLogin.action, post(PATH, requestForm('other@example.com'), { jar })))).toBe(PATH)
    expect(await emailCount('other@example.com')).toBe(0)

    // "Logout and try a different account" returns to an empty admin login.
    const out = await call(logout.action, post('/logout', { redirectTo: PATH }, { jar }))
    expect(locationOf(out)).toBe(PATH)
    jar.absorb(out as Response)
    expect(dataOf(await call(adminLogin.loader, get(PATH, { jar }))).data).toEqual({
      denied: false,
      magicLink: { stage: 'form' },
      roleUnknown: false,
    })
  })

  it('the original tab polling after a link opened elsewhere is sent back to the admin login (denied) or on to the admin area', async () => {
    await createUser('poll-speaker@example.com', 'speaker')
    const { jar } = await requestAdminLink('poll-speaker@example.com')
    const mail = await latestSignInEmail('poll-speaker@example.com')
    const viaLink = await call(callback.action, post('/auth/callback', { token: mail!.token }, { jar }))
    // The callback tab follows the spec: non-admins go on to /auth/success.
    expect(locationOf(viaLink)).toMatch(/^\/auth\/success\?return_to=/)
    jar.absorb(viaLink as Response)
    const polled = (await call(status.loader, get('/auth/status', { jar }))) as Response
    expect(await polled.json()).toEqual({ signedIn: true, redirectTo: PATH, openedElsewhere: false })
  })

  it('never creates an account: a link for an account deleted meanwhile fails', async () => {
    const user = await createUser('gone@example.com', 'admin')
    await requestAdminLink('gone@example.com')
    const mail = await latestSignInEmail('gone@example.com')
    await getDb().delete(users).where(eq(users.id, user.id))
    const result = dataOf<{ error: string }>(await call(callback.action, post('/auth/callback', { token: mail!.token })))
    expect(result).toEqual({ status: 400, data: { error: 'Authentication failed. Please try again.' } })
    expect(await getDb().select().from(users).where(eq(users.email, 'gone@example.com'))).toHaveLength(0)
  })
})

describe('logout', () => {
  it('is POST only and really revokes: the old cookie no longer works', async () => {
    const { user, cookie } = await signedInAs('leaver@example.com')
    const jar = new CookieJar()
    const request = () => get('/', { headers: { Cookie: cookie } })
    expect(await getSessionUser(request())).toMatchObject({ email: 'leaver@example.com' })

    // A GET (a link, a prefetch, a scanner) signs no one out.
    expect(locationOf(await call(logout.loader as never, get('/logout', { headers: { Cookie: cookie } })))).toBe('/')
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1)

    const out = (await call(
      logout.action,
      post('/logout', { redirectTo: 'https://evil.example/' }, { headers: { Cookie: cookie } }),
    )) as Response
    expect(locationOf(out)).toBe('/')
    jar.absorb(out)
    expect(jar.has('lectern_session')).toBe(false)
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
    // Replaying the old cookie (e.g. copied before logout) finds no session.
    expect(await getSessionUser(request())).toBeNull()
    const polled = (await call(status.loader, get('/auth/status', { headers: { Cookie: cookie } }))) as Response
    expect(await polled.json()).toEqual({ signedIn: false, redirectTo: null, openedElsewhere: false })
    // A browser still holding the revoked cookie is told why it has to sign in again.
    const page = dataOf<{ roleUnknown: boolean }>(await call(login.loader, get('/login', { headers: { Cookie: cookie } })))
    expect(page.data.roleUnknown).toBe(true)
    // After a normal logout the cookie is gone and the login page is plain.
    const fresh = dataOf<{ roleUnknown: boolean }>(await call(login.loader, get('/login', { jar })))
    expect(fresh.data.roleUnknown).toBe(false)
  })
})
