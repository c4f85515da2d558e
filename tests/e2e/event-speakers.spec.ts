import { expect, test } from '@playwright/test'
import { FORMULA_CSV, organiserWithEmptyEvent, previewAndConfirm, PROGRAMME_CSV, uploadCsv } from './event-speakers-helpers'
import { expectNoAxeViolations } from './utils'

// Issue 23 Deliver 2 and 3: the organiser imports a CSV with one bad row — a refused file first,
// then the preview naming the row's problem, the confirmation, the speakers listed — and locks a
// field on a speaker's page. axe on each new page.

test('the organiser imports a speakers CSV: the preview shows the bad row’s problem, confirming lists the speakers', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const { base } = await organiserWithEmptyEvent(context)
  await page.goto(base)
  await expect(page.getByRole('heading', { name: 'Speakers', exact: true })).toBeVisible()
  await expect(page.getByText('No speakers yet.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download template' })).toHaveAttribute('href', `${base}/template`)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Import from CSV' }).click()
  await expect(page.getByRole('heading', { name: 'Import speakers from a CSV file' })).toBeVisible()
  await expectNoAxeViolations(page)

  // A broken file is refused next to its field; nothing is kept.
  await uploadCsv(page, FORMULA_CSV)
  await expect(
    page.getByText('Row 2, column "Talk title" starts with "=", which a spreadsheet would run as a formula.'),
  ).toBeVisible()
  await expect(page.getByLabel('CSV file')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)

  await uploadCsv(page, PROGRAMME_CSV)
  await expect(page.getByRole('heading', { name: 'Preview of programme-one-bad-row.csv' })).toBeVisible()
  await expectNoAxeViolations(page)
  await previewAndConfirm(page, base)
  await expect(page.getByRole('row', { name: /Alan Kay/ })).toContainText('Not invited')
  await expectNoAxeViolations(page)

  // The organiser's edit of a speaker's page: a lock on the bio.
  await page.getByRole('link', { name: 'Katherine Johnson' }).click()
  await expect(page.getByRole('heading', { name: 'Katherine Johnson' })).toBeVisible()
  await expectNoAxeViolations(page)
  const locks = page.getByRole('group', { name: /Locked: the speaker cannot change these once they claim/ })
  await locks.getByLabel('Bio').check()
  await page.getByRole('button', { name: 'Save speaker page' }).click()
  await expect(page.getByText('Speaker page saved.')).toBeVisible()
  await expect(locks.getByLabel('Bio')).toBeChecked()
  await expect(page.getByLabel('Start time')).toHaveValue('2027-03-10T09:30')
})
