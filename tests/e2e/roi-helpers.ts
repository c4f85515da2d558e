import { expect, type Browser, type Page } from '@playwright/test'
import { fillAttendeeForm } from './lead-capture-helpers'
import { uniqueEmail } from './utils'

// Helpers for the ROI pages' tests (tests/e2e/roi*.spec.ts).

/** An attendee scans the QR code and leaves their details, in a browser context of their own. */
export async function scanAndLeaveDetails(browser: Browser, code: string, firstName: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}?qr=1`)
  await fillAttendeeForm(page, { firstName, email: uniqueEmail('attendee'), role: 'Engineering' })
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Thanks, ${firstName}!` })).toBeVisible()
  await context.close()
}

/** The value shown under a figure's label on an ROI page. */
export function figure(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first()
}

/** Sets a person's follow-up on their page (/app/leads → the person), as the speaker does. */
export async function setFollowUp(page: Page, firstName: string, status: string, dealValue: string, currency: string) {
  await page.goto('/app/leads')
  await page.getByRole('link', { name: firstName, exact: true }).first().click()
  await page.getByRole('radio', { name: status, exact: true }).check()
  await page.getByLabel('Deal value').fill(dealValue)
  await page.getByLabel('Currency').selectOption(currency)
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText(`Status: ${status}`)).toBeVisible()
}
