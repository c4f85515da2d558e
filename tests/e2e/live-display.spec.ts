import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import postgres from 'postgres'
import { startBuiltServer, type BuiltServer } from '../integration/built-server'
import { createLeadSession } from './lead-capture-helpers'
import { makeDisplayLink, signUpOn, signupCount, startCuttingProxy } from './live-display-helpers'
import { appUrl, expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// The live display for the projector (issue 33 Deliver 6 and 7) through a real EventSource in
// Chromium: a sign-up in one tab moves the count in the display's tab within 1 s — on one process,
// when the sign-up lands on the other of two server processes on Postgres, and again after the
// stream's connection was cut — and a revoked link is 404.

test('a sign-up in the attendee tab moves the display’s count within 1 s; axe on the display', async ({ page, context }) => {
  const email = uniqueEmail('display')
  const { sessionId, code } = await createLeadSession(context.request, email)
  await signIn(context, email)
  const link = await makeDisplayLink(page, `/app/sessions/${sessionId}`)
  expect(link).toMatch(new RegExp(`^${appUrl()}/d/[A-Za-z0-9_-]{43}$`))

  const display = await context.newPage()
  await display.goto(link)
  await expect(display.getByRole('heading', { level: 1, name: 'Engines of Tomorrow' })).toBeVisible()
  await expect(display.getByRole('img', { name: `QR code for ${appUrl().replace(/^http:\/\//, '')}/t/${code}` })).toBeVisible()
  await expect(display.getByText(`${appUrl().replace(/^http:\/\//, '')}/t/${code}`, { exact: true })).toBeVisible()
  await expect(display.getByText('Scan for The slides')).toBeVisible()
  await expect(display.getByText('Live: updates as they happen')).toBeVisible()
  await expect(signupCount(display)).toHaveText('0')
  await expectNoAxeViolations(display)

  const attendee = await context.newPage()
  await attendee.goto(`/t/${code}`)
  await signUpOn(attendee, uniqueEmail('grace'))
  // From the thank-you page's arrival (the sign-up acknowledged) to the display's number.
  await expect(signupCount(display)).toHaveText('1', { timeout: 1_000 })
  await expectNoAxeViolations(display)
})

test('after the venue network cuts the stream, the display says it is offline, reconnects and counts again', async ({
  page,
  context,
  browser,
}) => {
  const proxy = await startCuttingProxy(Number(new URL(appUrl()).port))
  // The attendee is on their own phone: another browser, another connection pool.
  const phone = await browser.newContext()
  try {
    const email = uniqueEmail('display-cut')
    const { sessionId, code } = await createLeadSession(context.request, email)
    await signIn(context, email)
    const link = await makeDisplayLink(page, `/app/sessions/${sessionId}`)
    const display = await context.newPage()
    await display.goto(link.replace(appUrl(), proxy.url))
    await expect(display.getByText('Live: updates as they happen')).toBeVisible()

    proxy.cut()
    await expect(display.getByText('Offline — reconnecting…')).toBeVisible()
    // A sign-up while the display is away is shown once it is back (the state comes at once).
    const attendee = await phone.newPage()
    await attendee.goto(`${appUrl()}/t/${code}`)
    await signUpOn(attendee, uniqueEmail('grace-away'))
    proxy.restore()
    await display.bringToFront()
    await expect(display.getByText('Live: updates as they happen')).toBeVisible({ timeout: 10_000 })
    await expect(signupCount(display)).toHaveText('1')

    await attendee.goto(`${appUrl()}/t/${code}`)
    await signUpOn(attendee, uniqueEmail('grace-back'))
    await expect(signupCount(display)).toHaveText('2', { timeout: 1_000 })
  } finally {
    await phone.close()
    await proxy.close()
  }
})

test('revoking the link closes the open display and the link answers 404', async ({ page, context }) => {
  const email = uniqueEmail('display-revoke')
  const { sessionId } = await createLeadSession(context.request, email)
  await signIn(context, email)
  const link = await makeDisplayLink(page, `/app/sessions/${sessionId}`)
  const display = await context.newPage()
  await display.goto(link)
  await expect(display.getByText('Live: updates as they happen')).toBeVisible()

  await page.goto(`/app/sessions/${sessionId}`)
  await expect(page.getByText(/A display link is active, made/)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Revoke display link' }).click()
  await expect(page.getByText('Display link revoked: it no longer opens the display.')).toBeVisible()
  await expect(page.getByText('No display link yet.')).toBeVisible()

  // The open display reloads on the stream's `revoked` and finds the link gone.
  await expect(display.getByRole('heading', { name: 'This display link does not work' })).toBeVisible()
  const res = await display.goto(link)
  expect(res?.status()).toBe(404)
})

test.describe('two server processes on Postgres', () => {
  test.describe.configure({ timeout: 180_000 })
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres'
  const database = `lectern_e2e_display_${randomBytes(4).toString('hex')}`
  let first: BuiltServer
  let second: BuiltServer

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${database}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    first = await startBuiltServer({ DATABASE_URL: url.toString() })
    second = await startBuiltServer({ DATABASE_URL: url.toString() })
  })

  test.afterAll(async () => {
    await first?.stop()
    await second?.stop()
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${database} with (force)`)
    await admin.end()
  })

  test('a sign-up taken by the other process moves the display within 1 s', async ({ page, context }) => {
    const email = uniqueEmail('display-pg')
    const made = await context.request.post(`${first.url}/__e2e/lead-session`, { data: { email } })
    const { sessionId, code } = (await made.json()) as { sessionId: string; code: string }
    // Both processes share the database and the session secret: the cookie works on either.
    expect((await context.request.post(`${first.url}/__e2e/session`, { data: { email } })).ok()).toBe(true)
    const link = await makeDisplayLink(page, `${first.url}/app/sessions/${sessionId}`)

    const display = await context.newPage()
    await display.goto(link)
    await expect(display.getByText('Live: updates as they happen')).toBeVisible()
    await expect(signupCount(display)).toHaveText('0')

    const attendee = await context.newPage()
    await attendee.goto(`${second.url}/t/${code}`)
    await signUpOn(attendee, uniqueEmail('grace-pg'))
    await expect(signupCount(display)).toHaveText('1', { timeout: 1_000 })
  })
})
