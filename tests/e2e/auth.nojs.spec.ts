import { expect, test } from '@playwright/test'
import { requestLink, signInEmail } from './auth-helpers'
import { uniqueEmail } from './utils'

test('without JavaScript: Continue on the callback, then "I’ve clicked the link — continue" in the original tab', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('nojs-link')
  await page.goto('/login')
  await requestLink(page, email)

  // Not yet clicked: the check says so.
  await page.getByRole('button', { name: /clicked the link/ }).click()
  await expect(page.getByText(/You are not signed in yet/)).toBeVisible()

  const { link } = await signInEmail(email)
  const callbackTab = await context.newPage()
  await callbackTab.goto(link)
  await expect(callbackTab.getByText('Completing authentication...')).toBeVisible()
  await callbackTab.getByRole('button', { name: 'Continue' }).click()
  await expect(callbackTab.getByRole('heading', { name: "You're Logged In!" })).toBeVisible()

  await page.getByRole('button', { name: /clicked the link/ }).click()
  // Signed in from /login without a return_to: the workspace (decision 13).
  await expect(page).toHaveURL(/\/app$/)
})

test('without JavaScript: the code signs in, and the resend cooldown is enforced by the server', async ({ page }) => {
  const email = uniqueEmail('nojs-code')
  await page.goto('/signup')
  await requestLink(page, email)
  await page.getByRole('button', { name: 'Resend magic link' }).click()
  await expect(page.getByText(/^Failed to send magic link: please wait \d+ seconds/)).toBeVisible()

  const { code } = await signInEmail(email)
  await page.getByLabel('6-digit code from the email').fill(code)
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/\/app$/)
})

test('without JavaScript: bad email input comes back with the field message', async ({ page }) => {
  await page.goto('/login')
  // The browser's own check accepts a dot-less domain; the server's does not.
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill('someone@localhost')
  await page.getByRole('button', { name: 'Send Magic Link' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
})
