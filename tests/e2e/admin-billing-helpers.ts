import { expect, type BrowserContext, type Page } from '@playwright/test'
import { signIn, uniqueEmail, waitForEmail } from './utils'

// The startup programme and the admin's billing controls as a person does them (issue 22 Deliver 1
// and 8), shared by the JavaScript and no-JavaScript runs. The e2e server may or may not have Stripe
// set up; these steps hold either way (the checkout itself is tested against the fake in
// tests/integration/startup-offer.test.ts).

/** An application is stored (as the public form stores it); an admin approves it in the inbox; returns the offer link's path from the email. */
export async function applyAndApprove(page: Page, context: BrowserContext) {
  const applicant = uniqueEmail('startup-offer')
  const company = `Offer Co ${Math.random().toString(36).slice(2, 8)}`
  // Stored as the public form stores it (the form itself: marketing specs; its per-address limit
  // of five an hour would otherwise be shared with them).
  const applied = await page.request.post('/__e2e/startup-application', { data: { email: applicant, companyName: company } })
  expect(applied.ok()).toBe(true)

  await signIn(context, 'admin@example.com', 'admin')
  await page.goto(`/admin/inbox?tab=startup&q=${encodeURIComponent(company)}`)
  await expect(page.getByRole('cell', { name: 'Not approved' })).toBeVisible()
  await page.getByRole('button', { name: `Approve: ${company}` }).click()
  await expect(page.getByText(`Approved: the offer went to ${applicant}`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`tab=startup&q=`))
  await expect(page.getByRole('button', { name: `Send a new offer: ${company}` })).toBeVisible()

  const email = await waitForEmail(applicant, (e) => e.subject.includes('Startup Program'))
  const path = /https?:\/\/[^/\s]+(\/startup-program\/offer\/[A-Za-z0-9_-]{43})/.exec(email.text ?? '')?.[1]
  expect(path, 'an offer link in the email').toBeTruthy()
  return { applicant, company, path: path! }
}

/** Signed out → sign up and back; signed in (any address) → the offer and "Continue to payment". */
export async function openOffer(page: Page, context: BrowserContext, path: string) {
  await context.clearCookies()
  await page.goto(path)
  await expect(page).toHaveURL(/\/signup\?return_to=%2Fstartup-program%2Foffer%2F/)
  const buyer = uniqueEmail('startup-buyer')
  await signIn(context, buyer)
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Your Startup Program offer' })).toBeVisible()
  await expect(page.getByText('$29 per seat a month billed yearly, 3 seats, 12 months')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible()
  return buyer
}

/** The admin sets a manual plan on the buyer's workspace, sees it named as such, and removes it. */
export async function manualPlanRoundTrip(page: Page, context: BrowserContext, account: string) {
  await signIn(context, 'admin@example.com', 'admin')
  await page.goto('/admin/accounts')
  await page.getByRole('link', { name: account }).click()
  await expect(page.getByRole('paragraph').filter({ hasText: /^Free$/ })).toBeVisible()
  await expect(page.getByText(/^Sync from Stripe is not available: /)).toBeVisible()
  await page
    .getByLabel(/^Manual plan of /)
    .first()
    .selectOption('organiser')
  await page
    .getByRole('button', { name: /^Set manual plan of / })
    .first()
    .click()
  await expect(page.getByText('Plan set to Event Organiser (a manual plan: it overrides billing).')).toBeVisible()
  await expect(page.getByText('Manual plan (set by an admin): Event Organiser — overrides billing')).toBeVisible()
  await page.getByRole('button', { name: /^Remove manual plan of / }).click()
  await expect(page.getByText('Manual plan removed: billing decides the plan (now Free).')).toBeVisible()
  await expect(page.getByRole('paragraph').filter({ hasText: /^Free$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Remove manual plan of / })).toHaveCount(0)
}
