import { expect, test } from '@playwright/test'
import { isShortCode } from '../../app/lib/short-link'
import { createSession, createTalk, decodeQrDownload, giveName, signUpWithCode } from './app-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { appUrl, expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// The pointer rests where the last button was clicked, so a button under it is scanned in its
// hover colour too.

test('sign up → talk → session → go live → the downloaded QR code encodes the short link', async ({ page }) => {
  test.slow()
  const email = uniqueEmail('speaker')
  await signUpWithCode(page, email)
  await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add your first talk' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Workspace' })).toHaveAttribute('href', '/app')
  // The workspace is this person's alone: no shared cache may keep it.
  expect((await page.request.get('/app')).headers()['cache-control']).toBe('private, no-store')
  await expectNoAxeViolations(page)

  // The first-run step asks for the name attendees will see before anything goes live (issue 29
  // Deliver 7): saved empty, its page says why by the field; then the name and the workspace's.
  await expect(page.getByText(`your sign-in address, ${email}, is shown only as the contact`)).toBeVisible()
  await page.getByRole('button', { name: 'Save my name' }).click()
  await expect(page).toHaveURL(/\/app\/name/)
  await expect(page.getByText('Enter your name: attendees see it on your session page')).toBeVisible()
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await giveName(page, 'Ada Okafor', 'Okafor Talks')
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByRole('listitem').filter({ hasText: 'Give the name attendees will see.' })).toHaveClass(/line-through/)

  await page.goto('/app/talks/new')
  await expectNoAxeViolations(page)
  await createTalk(page, 'Nanoseconds matter')
  // The browser's zone is proposed on a new session (Playwright's default zone here).
  const guessed = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  if (guessed !== 'UTC') await expect(page.getByLabel('Time zone')).toHaveValue(guessed)
  await expectNoAxeViolations(page)
  await createSession(page, 'JSConf EU')
  await expect(page.getByText('Session created as a draft.')).toBeVisible()
  await expect(page.getByText('Draft', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Go live' }).click()
  await expect(page.getByText('The session is live')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close session' })).toBeVisible()

  const shortUrl = await page.getByLabel('Attendee page').inputValue()
  const code = shortUrl.split('/t/')[1]!
  expect(shortUrl).toBe(`${appUrl()}/t/${code}`)
  expect(isShortCode(code)).toBe(true)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'QR code (PNG, 1024 px)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`session-${code}-qr-1024.png`)
  expect(await decodeQrDownload(download)).toEqual({ text: `${appUrl()}/t/${code}?qr=1`, width: 1024, height: 1024 })

  const slide = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Slide (1920×1080 PNG)' }).click()
  expect(await decodeQrDownload(await slide)).toEqual({ text: `${appUrl()}/t/${code}?qr=1`, width: 1920, height: 1080 })

  // The attendee page names the speaker; the address is only the notice's labelled contact.
  const attendee = await page.context().newPage()
  await attendee.goto(shortUrl)
  await expect(attendee.getByText('Ada Okafor', { exact: true })).toBeVisible()
  await expect(attendee.getByText('Your details go to Ada Okafor, who decides how they are used.')).toBeVisible()
  await expect(attendee.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)
  expect((await attendee.locator('body').innerText()).split(email)).toHaveLength(2)
  await attendee.close()

  await page.getByRole('link', { name: 'Sessions', exact: true }).click()
  await expect(page.getByRole('link', { name: 'JSConf EU', exact: true })).toBeVisible()
  await expect(page.getByRole('row', { name: /JSConf EU/ }).getByText('Live')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('going live without a name asks for it by the button; the session page passes axe with the message', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('nameless')
  const { sessionId } = await createLeadSession(context.request, email, { status: 'draft', profile: false })
  await signIn(context, email)
  await page.goto(`/app/sessions/${sessionId}`)
  await expect(page.getByLabel('Your name, as attendees will see it')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Go live' }).click()
  await expect(page.getByText('Enter your name: attendees see it on your session page')).toBeVisible()
  await expect(page.getByLabel('Your name, as attendees will see it')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await page.getByLabel('Your name, as attendees will see it').fill('Nadia Nameless')
  await page.getByRole('button', { name: 'Go live' }).click()
  await expect(page.getByText('The session is live')).toBeVisible()
  await page.goto('/app/settings')
  await expect(page.getByLabel('Name attendees see')).toHaveValue('Nadia Nameless')
})

test('free plan: a second session cannot go live while one is; edit, duplicate and delete', async ({ page, context }) => {
  test.slow()
  await signIn(context, uniqueEmail('plan'))
  await createTalk(page, 'Signature talk')
  await giveName(page, 'Pat Plan')
  await createSession(page, 'First event')
  await page.getByRole('button', { name: 'Go live' }).click()
  await expect(page.getByText('The session is live')).toBeVisible()

  await page.getByRole('button', { name: 'Duplicate for the next event' }).click()
  await expect(page).toHaveURL(/\/app\/sessions\/[^/]+\/edit$/)
  await expect(page.getByLabel('Event name')).toHaveValue('First event')
  await expectNoAxeViolations(page)
  await page.getByLabel('Event name').fill('Second event')
  await page.getByLabel('Accent colour').fill('#808080')
  await page.getByRole('button', { name: 'Save session' }).click()
  await expect(page.getByText(/Button text would be hard to read on this colour/)).toBeVisible()
  await page.getByLabel('Accent colour').fill('#15803d')
  await page.getByRole('button', { name: 'Save session' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Second event' })).toBeVisible()

  await page.getByRole('button', { name: 'Go live' }).click()
  await expect(page.getByRole('alert').getByText(/Your Free plan allows 1 live session at a time/)).toBeVisible()

  await page.getByRole('link', { name: 'Delete' }).click()
  await expect(page.getByText(/Delete this session/)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Session deleted.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Second event' })).toHaveCount(0)
})

test('settings and talks pages have no accessibility violations; settings save', async ({ page, context }) => {
  await signIn(context, uniqueEmail('settings'))
  await page.goto('/app/settings')
  await expect(page.getByRole('heading', { name: 'Plan: Free' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Daily digest').check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved.')).toBeVisible()
  await expect(page.getByLabel('Daily digest')).toBeChecked()
  await page.getByLabel('Name attendees see').fill('x'.repeat(81))
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByText('Use 80 characters or fewer')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Name attendees see').fill('Grace Hopper')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByText('Name saved.')).toBeVisible()
  await expect(page.getByLabel('Name attendees see')).toHaveValue('Grace Hopper')
  await page.goto('/app/talks')
  await expectNoAxeViolations(page)
})

test('admin accounts: list, set a plan, unlock a session', async ({ page, context }) => {
  const speaker = uniqueEmail('acct')
  await signIn(context, speaker)
  await createTalk(page, 'Admin test talk')
  await giveName(page, 'Adam Accounts')
  await createSession(page, 'Unlock me')
  await signIn(context, 'admin@example.com', 'admin')
  await page.goto('/admin/accounts')
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Accounts' })).toBeVisible()
  await expectNoAxeViolations(page)
  // Newest first: the speaker just created is on the first page.
  await page.getByLabel(`Plan of ${speaker}`, { exact: true }).selectOption('pro')
  await page.getByRole('button', { name: `Set plan of ${speaker}` }).click()
  await expect(page.getByText('Plan set to Professional.')).toBeVisible()
  await page.getByRole('link', { name: speaker }).click()
  await expect(page.getByText(/Plan: Professional/)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Unlock Unlock me' }).click()
  await expect(page.getByText('Session unlocked: all its leads are visible.')).toBeVisible()
})

test('close the account: the email must be typed, then everything is gone and the speaker is signed out', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('closing')
  await signIn(context, email)
  await createTalk(page, 'Talk to be closed')
  await giveName(page, 'Cleo Closing')
  await createSession(page, 'Closing Conf')
  await page.getByRole('button', { name: 'Go live' }).click()
  const shortUrl = await page.getByLabel('Attendee page').inputValue()

  await page.goto('/app/settings')
  const confirm = page.getByLabel('Type your email address to confirm')
  await confirm.fill('someone-else@example.com')
  await page.getByRole('button', { name: 'Close my account' }).click()
  await expect(page.getByText('Type the email address you sign in with to confirm')).toBeVisible()
  await expectNoAxeViolations(page)

  await confirm.fill(email)
  await page.getByRole('button', { name: 'Close my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Your account is closed, and everything in it deleted.')).toBeVisible()
  // Signed out, and the attendee page is gone.
  await page.goto('/app')
  await expect(page).toHaveURL(/\/login/)
  expect((await page.request.get(new URL(shortUrl).pathname)).status()).toBe(404)
})
