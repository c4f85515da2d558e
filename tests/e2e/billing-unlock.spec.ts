import { expect, test } from '@playwright/test'
import { expectLocked, freeSpeakerWithFiveLeads, seedFakeStripe, unlockAndPay } from './billing-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 22 Deliver 11: a free speaker unlocks a session (JavaScript on) and sees all its leads.

test.beforeAll(seedFakeStripe)

test('a free speaker unlocks a session through Stripe Checkout and sees all five leads', async ({ page, context }) => {
  test.setTimeout(60_000)
  const { sessionId } = await freeSpeakerWithFiveLeads(page, context)
  await expectLocked(page, sessionId)
  await expectNoAxeViolations(page)
  await unlockAndPay(page, sessionId)
})

test('the pricing page’s Go Pro goes to checkout for the chosen interval and currency', async ({ page }) => {
  await page.goto('/pricing?billing=annual')
  const goPro = page.getByRole('link', { name: 'Go Pro' })
  await expect(goPro).toHaveAttribute('href', '/billing/checkout?plan=pro&interval=annual&currency=USD')
  await page.getByRole('link', { name: 'Monthly' }).click()
  await expect(goPro).toHaveAttribute('href', '/billing/checkout?plan=pro&interval=monthly&currency=USD')
  // Signed out: sign up first, then back to this checkout.
  await goPro.click()
  await expect(page).toHaveURL(/\/signup\?return_to=%2Fbilling%2Fcheckout%3Fplan%3Dpro%26interval%3Dmonthly%26currency%3DUSD$/)
})

test('the checkout summary follows the seats as they change, with no accessibility violations', async ({ page, context }) => {
  await signIn(context, uniqueEmail('summary'))
  await page.goto('/billing/checkout?plan=pro&interval=monthly&currency=GBP')
  await expect(page.getByTestId('price-line')).toHaveText('£39 per seat a month × 1 = £39 a month')
  await page.getByLabel('Seats').selectOption('2')
  await expect(page.getByTestId('price-line')).toHaveText('£39 per seat a month × 2 = £78 a month')
  await page.getByLabel('Billing').selectOption('annual')
  await expect(page.getByTestId('price-line')).toHaveText('£372 per seat a year × 2 = £744 a year')
  // "Update price" is for browsers without JavaScript.
  await expect(page.getByRole('button', { name: 'Update price' })).toHaveCount(0)
  await expectNoAxeViolations(page)
})
