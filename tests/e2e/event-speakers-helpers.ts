import path from 'node:path'
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { appUrl, signIn, uniqueEmail } from './utils'

// The speakers import specs (issue 23 Deliver 2): an organiser signed in with an empty event (the
// test hook's: Europe/London, rooms Main Hall and Room B), and the CSV fixtures they upload.

export const CSV_FIXTURES = path.resolve('tests/fixtures/speakers-csv')
export const PROGRAMME_CSV = path.join(CSV_FIXTURES, 'programme-one-bad-row.csv')
export const FORMULA_CSV = path.join(CSV_FIXTURES, 'formula.csv')

/** The problem of the fixture's bad row (an unknown room), word for word as the preview says it. */
export const BAD_ROW_PROBLEM = 'Room "Attic" is not a room of this event (its rooms: Main Hall, Room B).'
export const IMPORTED_TOAST = '3 rows imported: 3 new speakers; 3 new sessions. 1 row with problems skipped.'
export const IMPORTED_NAMES = ['Katherine Johnson', 'Alan Kay', 'Frances Allen']

export async function organiserWithEmptyEvent(context: BrowserContext) {
  const email = uniqueEmail('organiser')
  const made = await context.request.post(`${appUrl()}/__e2e/organiser-event`, { data: { email, speakers: false } })
  expect(made.ok()).toBe(true)
  const { eventId } = (await made.json()) as { eventId: string }
  await signIn(context, email)
  return { email, eventId, base: `/app/events/${eventId}/speakers` }
}

/** Uploads a file on the import page (the page is there already). */
export async function uploadCsv(page: Page, file: string) {
  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Upload and preview' }).click()
}

/** The preview of the fixture: each good row's outcome, the bad row's problem; then the import. */
export async function previewAndConfirm(page: Page, base: string) {
  await expect(page.getByRole('heading', { name: 'Preview of programme-one-bad-row.csv' })).toBeVisible()
  await expect(page.getByText('4 rows: 3 can be imported, 1 has problems and is left out.', { exact: false })).toBeVisible()
  await expect(page.getByRole('row', { name: /Katherine Johnson/ })).toContainText('New speaker, new session')
  await expect(page.getByRole('row', { name: /Lost Speaker/ })).toContainText(BAD_ROW_PROBLEM)
  await page.getByRole('button', { name: 'Import 3 valid rows' }).click()
  await expect(page).toHaveURL(new RegExp(`${base}$`))
  await expect(page.getByText(IMPORTED_TOAST)).toBeVisible()
  for (const name of IMPORTED_NAMES) await expect(page.getByRole('link', { name })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Lost Speaker' })).toHaveCount(0)
}
