import { expect, type Browser } from '@playwright/test'

// Helpers for the booking-leads specs (issue 33 Deliver 3): an attendee leaves their details on a
// session page with feedback open, and — when given — answers "Should Ada Lovelace speak at your
// company or event?" (the real attendee form, in a context of their own).

export async function leaveDetails(
  browser: Browser,
  code: string,
  values: { firstName: string; email: string; booking?: { organisation: string; role: string; timing: string } },
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}`)
  await expect(page.getByRole('heading', { name: 'Should Ada Lovelace speak at your company or event?' })).toBeVisible()
  if (values.booking) {
    await page.getByLabel('Company or event (optional)', { exact: true }).fill(values.booking.organisation)
    await page.getByLabel('Your role (optional)', { exact: true }).fill(values.booking.role)
    await page.getByLabel('When (optional)', { exact: true }).fill(values.booking.timing)
  }
  // With feedback open, details are optional (issue 33 Deliver 1): the labels say so.
  await page.getByLabel('First name (optional)', { exact: true }).fill(values.firstName)
  await page.getByLabel('Email (optional)', { exact: true }).fill(values.email)
  await page.getByRole('group', { name: 'Your role' }).getByRole('radio', { name: 'Engineering' }).check()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/t/${code}/(thanks|feedback)`))
  await context.close()
}
