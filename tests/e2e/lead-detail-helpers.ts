import { readFile } from 'node:fs/promises'
import { expect, type Browser, type Download, type Page } from '@playwright/test'
import { fillAttendeeForm } from './lead-capture-helpers'

// Helpers for the lead detail page's tests (tests/e2e/lead-detail*.spec.ts).

/** The fixture session's questions, with scoring points on one option and on five stars. */
export const WEIGHTED_QUESTIONS = [
  {
    id: 'role',
    kind: 'single',
    label: 'Your role',
    required: true,
    options: ['Engineering', 'Marketing'],
    weights: { Engineering: 3 },
  },
  { id: 'score', kind: 'rating', label: 'How useful was the talk?', required: false, options: [], weights: { '5': 2 } },
]

/** A name that would run script if it were ever rendered as markup. */
export const HOSTILE_NAME = 'Grace <img src=x onerror="window.__xss=1">'

/** The same attendee leaves their details on a session page, in a browser context of their own. */
export async function leaveDetails(
  browser: Browser,
  code: string,
  values: { firstName: string; email: string; rating?: string },
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}?qr=1`)
  await fillAttendeeForm(page, { ...values, company: 'Navy', role: 'Engineering' })
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Thanks, / })).toBeVisible()
  await context.close()
}

/** Fails the test if anything from the attendee ran as script. */
export function guardAgainstScript(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`)
  })
  return async () => expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
}

export async function downloadText(download: Download) {
  return readFile((await download.path())!, 'utf8')
}

/** Settings → Lead retention: out of range refused next to the field, a valid period saved, then cleared. */
export async function retentionFlow(page: Page, options: { axe?: () => Promise<void> } = {}) {
  await page.goto('/app/settings')
  const section = page.getByRole('region', { name: 'Lead retention' })
  const field = section.getByLabel('Delete leads older than (months)')
  await expect(section.getByText('Leads are kept until you or the attendee delete them.')).toBeVisible()
  await options.axe?.()

  await field.fill('121')
  await section.getByRole('button', { name: 'Save retention' }).click()
  await expect(section.getByText('Enter a whole number of months from 1 to 120, or leave it empty to keep leads')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  await field.fill('18')
  await section.getByRole('button', { name: 'Save retention' }).click()
  await expect(page.getByText('Retention saved.')).toBeVisible()
  await expect(section.getByText(/Leads captured more than 18 months ago are deleted once a day/)).toBeVisible()
  await expect(field).toHaveValue('18')

  await field.fill('')
  await section.getByRole('button', { name: 'Save retention' }).click()
  await expect(section.getByText('Leads are kept until you or the attendee delete them.')).toBeVisible()
}
