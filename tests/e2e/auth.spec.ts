import { expect, test } from '@playwright/test'
import { requestLink, signInEmail } from './auth-helpers'
import { appUrl, expectNoAxeViolations, signIn, uniqueEmail } from './utils'

test('sign in by link: the callback tab completes it and the original tab moves on by itself', async ({ page, context }) => {
  // Two tabs, two accessibility scans and a 2-second poll: more than the default budget on a busy machine.
  test.slow()
  const email = uniqueEmail('link')
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible()
  await expectNoAxeViolations(page)
  await requestLink(page, email)
  await expect(page.getByText('Checking access...')).toBeVisible()
  await expectNoAxeViolations(page)

  const { link } = await signInEmail(email)
  expect(new URL(link).origin).toBe(appUrl())
  const callbackTab = await context.newPage()
  // Hold the page's own POST until the address bar has been checked.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await callbackTab.route('**/auth/callback**', async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  await callbackTab.goto(link)
  await expect(callbackTab.getByText('Completing authentication...')).toBeVisible()
  await expect(callbackTab.getByText('You can close this tab once authentication is complete.')).toBeVisible()
  // With JavaScript the token leaves the address bar at once; after about a second the page posts it.
  await expect(callbackTab).toHaveURL(/\/auth\/callback$/)
  release()
  await expect(callbackTab.getByRole('heading', { name: "You're Logged In!" })).toBeVisible()
  // Signed in from /login without a return_to: the speaker's landing is the workspace (decision 13).
  await expect(callbackTab).toHaveURL(/\/auth\/success\?return_to=%2Fapp$/)
  await expect(callbackTab.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/app')

  // The original tab polls /auth/status and follows the new session.
  await expect(page).toHaveURL(/\/app$/, { timeout: 10_000 })

  // The link is spent: opening it again fails with the spec's screen.
  const again = await context.newPage()
  await again.goto(link)
  await expect(again.getByRole('heading', { name: 'Authentication Error' })).toBeVisible()
  await expect(again.getByText(/^Authentication failed: /)).toBeVisible()
  await expect(again.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/premium/speaker-profile-submissions')
})

test('sign up with the 6-digit code typed in the original tab', async ({ page }) => {
  const email = uniqueEmail('code')
  await page.goto('/signup')
  await requestLink(page, email)
  const { code, subject } = await signInEmail(email)
  expect(subject).toMatch(/^Finish creating your /)
  await page.getByLabel('6-digit code from the email').fill(code)
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  // Signed up from /signup: a new speaker lands in the workspace (decision 13).
  await expect(page).toHaveURL(/\/app$/)
})

test('a wrong code says how many tries are left; the resend button counts down', async ({ page }) => {
  const email = uniqueEmail('wrong')
  await page.goto('/login')
  await requestLink(page, email)
  const { code } = await signInEmail(email)
  await expect(page.getByRole('button', { name: /^Resend magic link \(\d+ s\)$/ })).toBeDisabled()
  await page.getByLabel('6-digit code from the email').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page.getByText('That code is not correct. 4 attempts left.')).toBeVisible()
})

test('a tampered link shows the Authentication Error screen', async ({ page }) => {
  await page.goto(`/auth/callback?token=${'A'.repeat(43)}`)
  await expect(page.getByText('Completing authentication...')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible()
  await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible()
  await page.getByRole('link', { name: 'Try Again' }).click()
  await expect(page).toHaveURL(/\/premium\/speaker-profile-submissions$/)
})

test('admin login: an admin lands on /resources/admin', async ({ page, request }) => {
  // The admin account exists (ADMIN_EMAILS=admin@example.com); the hook call uses its own cookie jar.
  await request.post(`${appUrl()}/__e2e/session`, { data: { email: 'admin@example.com', role: 'admin' } })
  await page.goto('/resources/admin/login')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await requestLink(page, 'admin@example.com')
  const { link } = await signInEmail('admin@example.com', (e) => e.subject.includes('sign-in link'))
  const callbackTab = await page.context().newPage()
  await callbackTab.goto(link)
  await expect(callbackTab).toHaveURL(/\/resources\/admin$/)
  await expect(page).toHaveURL(/\/resources\/admin$/, { timeout: 10_000 })
})

test('admin login: a signed-in speaker sees Access denied and can log out to try another account', async ({ page, context }) => {
  await signIn(context, uniqueEmail('denied'), 'speaker')
  await page.goto('/resources/admin/login')
  await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Logout and try a different account' }).click()
  await expect(page).toHaveURL(/\/resources\/admin\/login$/)
  await expect(page.getByRole('button', { name: 'Send Magic Link' })).toBeVisible()
  await expect(page.getByText('Access denied. Admin privileges required.')).toHaveCount(0)
})

test('a visitor on an admin page is sent to the admin login', async ({ page }) => {
  await page.goto('/resources/admin')
  await expect(page).toHaveURL(/\/resources\/admin\/login\?return_to=%2Fresources%2Fadmin$/)
})
