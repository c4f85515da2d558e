import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FORM_INTENT } from '~/auth/magic-link-schema'
import { OTHER_DEVICE_TEXT } from '~/auth/other-device-text'
import { getSessionUser } from '~/auth/session.server'
import { getDb } from '~/db/client.server'
import { sessions, users, verifications } from '~/db/schema/accounts'
import { rateLimits } from '~/db/schema/limits'
import * as callback from '~/routes/auth.callback'
import * as status from '~/routes/auth.status'
import * as success from '~/routes/auth.success'
import * as login from '~/routes/login'
import { CookieJar, dataOf, get, latestSignInEmail, locationOf, post, requestForm } from './auth-utils'
import { call } from './utils'

// Issue 20 item 3: the emailed link opened on another device (a phone) while the tab that asked
// (a laptop) waits. The phone is signed in — never the laptop — and shows the email's code; the
// laptop learns the link was used elsewhere and signs in with that code. Two cookie jars, two browsers.

const CODE_COOKIE = 'lectern_other_device_code'
type SuccessData = { returnTo: string; otherDevice: { state: string; code?: string; minutesLeft?: number } }
type ActionAnswer = { magicLink: { form: string; result: { error: Record<string, string[]> } } }

async function sessionCount(email: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
  return row!.n
}

async function laptopAsks(email: string) {
  const jar = new CookieJar()
  jar.absorb((await call(login.action, post('/login', requestForm(email), { jar }))) as Response)
  return { jar, mail: (await latestSignInEmail(email.toLowerCase()))! }
}

async function openLink(token: string, jar: CookieJar) {
  const result = await call(callback.action, post('/auth/callback', { token }, { jar }))
  if (result instanceof Response) jar.absorb(result)
  return result
}

async function successPage(jar: CookieJar) {
  const result = await call(success.loader, get('/auth/success?return_to=%2Fapp', { jar }))
  return dataOf<SuccessData>(result)
}

async function statusOf(jar: CookieJar) {
  return ((await call(status.loader, get('/auth/status', { jar }))) as Response).json()
}

const codeAction = (jar: CookieJar, code: string) =>
  call(login.action, post('/login', { intent: FORM_INTENT.code, code }, { jar }))

describe('a link opened on another device', () => {
  it('signs in that device only, which shows the email’s code; the asking tab is told and signs in with it', async () => {
    const email = 'two-devices@example.com'
    const { jar: laptop, mail } = await laptopAsks(email)
    expect(await statusOf(laptop)).toEqual({ signedIn: false, redirectTo: null, openedElsewhere: false })

    const phone = new CookieJar()
    expect(locationOf(await openLink(mail.token, phone))).toBe('/auth/success?return_to=%2Fapp')
    expect(phone.has(CODE_COOKIE)).toBe(true)
    expect(await getSessionUser(get('/', { jar: phone }))).toMatchObject({ email })
    expect(await getSessionUser(get('/', { jar: laptop }))).toBeNull()
    expect(await sessionCount(email)).toBe(1)

    // The phone: signed in here, and the very code of the email, with its time left.
    const page = await successPage(phone)
    expect(page.data.otherDevice).toEqual({ state: 'open', code: mail.code, minutesLeft: 15 })

    // The laptop: the poll, the loader (no JS) and the "continue" button all say where the link went.
    expect(await statusOf(laptop)).toEqual({ signedIn: false, redirectTo: null, openedElsewhere: true })
    const view = dataOf<{ magicLink: { stage: string; openedElsewhere?: boolean } }>(
      await call(login.loader, get('/login', { jar: laptop })),
    )
    expect(view.data.magicLink).toMatchObject({ stage: 'sent', openedElsewhere: true })
    const check = dataOf<ActionAnswer>(await call(login.action, post('/login', { intent: FORM_INTENT.check }, { jar: laptop })))
    expect(check.status).toBe(409)
    expect(check.data.magicLink.result.error['']).toEqual([OTHER_DEVICE_TEXT.checkOpenedElsewhere])

    // The code shown on the phone signs the laptop in.
    const signedIn = await codeAction(laptop, page.data.otherDevice.code!)
    expect(locationOf(signedIn)).toBe('/app')
    laptop.absorb(signedIn as Response)
    expect(await getSessionUser(get('/', { jar: laptop }))).toMatchObject({ email })
    expect(await sessionCount(email)).toBe(2)

    // Spent: the phone stops showing it (and forgets it); the link and the code work no more.
    const after = await successPage(phone)
    expect(after.data.otherDevice).toEqual({ state: 'closed' })
    expect(phone.has(CODE_COOKIE)).toBe(true)
    expect(dataOf(await openLink(mail.token, new CookieJar())).status).toBe(400)
    const again = await laptopAsks('two-devices-again@example.com')
    expect(dataOf(await codeAction(again.jar, mail.code)).status).toBe(400)
  })

  it('in the browser that asked, the tab follows the session and the code is closed', async () => {
    const email = 'one-browser@example.com'
    const { jar, mail } = await laptopAsks(email)
    expect(locationOf(await openLink(mail.token, jar))).toBe('/auth/success?return_to=%2Fapp')
    expect(jar.has(CODE_COOKIE)).toBe(false)
    expect((await successPage(jar)).data.otherDevice).toEqual({ state: 'none' })
    expect(await statusOf(jar)).toEqual({ signedIn: true, redirectTo: '/app', openedElsewhere: false })
    const [row] = await getDb().select().from(verifications).where(eq(verifications.email, email))
    expect(row!.usedAt).not.toBeNull()
    const closed = dataOf<ActionAnswer>(await codeAction(jar, mail.code))
    expect(closed.status).toBe(400)
    expect(closed.data.magicLink.result.error.code).toEqual([
      'This code has expired or can no longer be used. Please request a new magic link.',
    ])
  })

  it('an admin who opens the link on another device sees the code before the admin area', async () => {
    const { mail } = await laptopAsks('Founder@Example.com')
    const phone = new CookieJar()
    expect(locationOf(await openLink(mail.token, phone))).toBe('/auth/success?return_to=%2Fresources%2Fadmin')
    const page = dataOf<SuccessData>(
      await call(success.loader, get('/auth/success?return_to=%2Fresources%2Fadmin', { jar: phone })),
    )
    expect(page.data).toEqual({ returnTo: '/resources/admin', otherDevice: { state: 'open', code: mail.code, minutesLeft: 15 } })
  })

  it('the code is shown only with the signed cookie of the device that spent the link, for its account', async () => {
    const { mail } = await laptopAsks('owner-a@example.com')
    const phone = new CookieJar()
    await openLink(mail.token, phone)
    const [codeCookie] = phone
      .header()
      .split('; ')
      .filter((c) => c.startsWith(`${CODE_COOKIE}=`))

    // Forged: the same fields without the signature.
    const forged = `${CODE_COOKIE}=${Buffer.from(JSON.stringify({ code: mail.code, tokenHash: 'x' })).toString('base64')}`
    const { mail: bMail } = await laptopAsks('owner-b@example.com')
    const bPhone = new CookieJar()
    await openLink(bMail.token, bPhone)
    const bSession = bPhone
      .header()
      .split('; ')
      .filter((c) => !c.startsWith(`${CODE_COOKIE}=`))
      .join('; ')
    const withCookie = (cookie: string) =>
      call(success.loader, get('/auth/success', { headers: { Cookie: `${bSession}; ${cookie}` } })).then((r) =>
        dataOf<SuccessData>(r),
      )
    expect((await withCookie(forged)).data.otherDevice).toEqual({ state: 'none' })
    // A's code in B's browser (say a shared computer): not shown to B.
    expect((await withCookie(codeCookie!)).data.otherDevice).toEqual({ state: 'none' })
    // B's own cookie shows B's code.
    expect((await successPage(bPhone)).data.otherDevice).toMatchObject({ state: 'open', code: bMail.code })
  })

  it('wrong guesses, a newer email or expiry close the code on both devices', async () => {
    const email = 'closing@example.com'
    const { jar: laptop, mail } = await laptopAsks(email)
    const phone = new CookieJar()
    await openLink(mail.token, phone)
    const wrong = mail.code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect(dataOf(await codeAction(laptop, wrong)).status).toBe(400)
    expect((await successPage(phone)).data.otherDevice).toEqual({ state: 'closed' })
    expect(await statusOf(laptop)).toEqual({ signedIn: false, redirectTo: null, openedElsewhere: false })
    expect(dataOf(await codeAction(laptop, mail.code)).status).toBe(400)

    // A newer email replaces an opened-elsewhere one.
    await getDb().delete(rateLimits)
    const second = await laptopAsks('replaced@example.com')
    const phone2 = new CookieJar()
    await openLink(second.mail.token, phone2)
    await getDb().delete(rateLimits)
    second.jar.absorb((await call(login.action, post('/login', { intent: FORM_INTENT.resend }, { jar: second.jar }))) as Response)
    expect((await successPage(phone2)).data.otherDevice).toEqual({ state: 'closed' })
    expect(await statusOf(second.jar)).toMatchObject({ openedElsewhere: false })

    // Expired.
    await getDb().delete(rateLimits)
    const third = await laptopAsks('expired-code@example.com')
    const phone3 = new CookieJar()
    await openLink(third.mail.token, phone3)
    await getDb()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.email, 'expired-code@example.com'))
    expect((await successPage(phone3)).data.otherDevice).toEqual({ state: 'closed' })
    expect(dataOf(await codeAction(third.jar, third.mail.code)).status).toBe(400)
  })
})
