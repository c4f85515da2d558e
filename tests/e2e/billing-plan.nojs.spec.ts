import { expect, test } from '@playwright/test'
import { requestLink, signInEmail } from './auth-helpers'
import { seedFakeStripe } from './billing-helpers'
import { signIn, stripeUrl, uniqueEmail } from './utils'

// Issue 22 Deliver 1 and 7 without JavaScript: from the pricing page's Go Pro to a Teams plan —
// the summary, seats chosen with "Update price", Stripe's page, and back to Settings → Billing.

test.beforeAll(seedFakeStripe)

test('a speaker buys Teams for 3 seats from the pricing page without JavaScript', async ({ page, context }) => {
  test.setTimeout(60_000)
  await signIn(context, uniqueEmail('teams-buyer'))
  await page.goto('/pricing?billing=annual')
  await page.getByRole('link', { name: 'Go Pro' }).click()
  await expect(page).toHaveURL(/\/billing\/checkout\?plan=pro&interval=annual&currency=USD$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByTestId('price-line')).toHaveText('$468 per seat a year × 1 = $468 a year')

  await page.getByLabel('Seats').selectOption('3')
  await page.getByRole('button', { name: 'Update price' }).click()
  await expect(page.getByTestId('price-line')).toHaveText('$468 per seat a year × 3 = $1,404 a year')
  await expect(page.getByText('Teams (3 seats), billed annually')).toBeVisible()

  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/c/pay/cs_`))
  await expect(page.getByTestId('amount')).toHaveText('1404.00 USD')
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/settings\/billing$/)
  await expect(page.getByText('Payment received: your workspace is on the Teams plan now.')).toBeVisible()
})

test('a code after the launch offer ended is refused next to its field', async ({ page, context }) => {
  await signIn(context, uniqueEmail('late-buyer'))
  await page.goto('/billing/checkout?plan=pro&interval=annual&currency=USD')
  await page.getByLabel('Promotion code (optional)').fill('ProductHunt')
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByLabel('Promotion code (optional)')).toHaveAccessibleDescription(/The ProductHunt offer has ended\./)
})

test('signed out, Go Pro signs the visitor up and lands back on the same checkout', async ({ page }) => {
  const email = uniqueEmail('new-buyer')
  await page.goto('/pricing')
  await page.getByRole('link', { name: 'Go Pro' }).click()
  await expect(page).toHaveURL(/\/signup\?return_to=%2Fbilling%2Fcheckout%3Fplan%3Dpro%26interval%3Dmonthly%26currency%3DUSD$/)
  await requestLink(page, email)
  const { code } = await signInEmail(email)
  await page.getByLabel('6-digit code from the email').fill(code)
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/\/billing\/checkout\?plan=pro&interval=monthly&currency=USD$/)
  await expect(page.getByTestId('price-line')).toHaveText('$49 per seat a month × 1 = $49 a month')
})
