import { expect, type Browser, type Download } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { fillAttendeeForm } from './lead-capture-helpers'

// Helpers for the leads-list tests (tests/e2e/leads-list*.spec.ts): attendees leave their details on
// a session page (the real attendee form, in a context of their own), and CSV downloads are read back.

export async function captureLead(
  browser: Browser,
  code: string,
  values: { firstName: string; email: string; company?: string; marketing?: boolean },
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}`)
  await fillAttendeeForm(page, { ...values, role: 'Engineering' })
  if (values.marketing) await page.getByRole('checkbox', { name: 'Send me Ada’s monthly newsletter too' }).check()
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/`))
  await context.close()
}

/** The downloaded CSV's text (BOM kept, so a test can assert it). */
export async function csvText(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
  return readFileSync(await download.path(), 'utf8')
}
