import { expect, type BrowserContext, type Page } from '@playwright/test'
import { signIn, stripeUrl, uniqueEmail } from './utils'

// Settings → Billing as the owner uses it (issue 22 Deliver 8): a workspace that bought Teams for two
// seats through the fake Stripe's hosted Checkout, then Settings → Billing → "Manage billing" lands
// on the fake's portal, whose return link brings the owner back.

/** A new speaker buys Professional / Teams for two seats, monthly in USD, and lands on Settings → Billing. */
export async function ownerWithTeamsPlan(page: Page, context: BrowserContext) {
  const owner = uniqueEmail('billing-owner')
  await signIn(context, owner)
  await page.goto('/billing/checkout?kind=plan&plan=pro&interval=monthly&seats=2&currency=USD')
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/c/pay/cs_`))
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/settings\/billing$/)
  return owner
}

/** From Settings, the Billing page shows the plan and its payment; its button reaches the portal and back. */
export async function openPortalFromSettings(page: Page) {
  await page.goto('/app/settings')
  await page.getByRole('link', { name: 'Billing', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/settings\/billing$/)
  await expect(page.getByRole('heading', { name: 'Plan: Teams' })).toBeVisible()
  await expect(page.getByText('2 paid, 1 in use (1 member, 0 pending invitations)')).toBeVisible()
  await expect(page.getByText('Active: paid up')).toBeVisible()
  await expect(page.getByText('$98 a month ($49 per seat × 2), before tax and discounts')).toBeVisible()
  await expect(page.getByText(/^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible()
  await page.getByRole('button', { name: 'Manage billing (card, invoices, cancel)' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/p/session/`))
  await expect(page.getByRole('heading', { name: 'Billing portal (fake)' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to the app' }).click()
  await expect(page).toHaveURL(/\/app\/settings\/billing$/)
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible()
}
