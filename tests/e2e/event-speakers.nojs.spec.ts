import { expect, test } from '@playwright/test'
import { FORMULA_CSV, organiserWithEmptyEvent, previewAndConfirm, PROGRAMME_CSV, uploadCsv } from './event-speakers-helpers'

// Issue 23 Deliver 2 with JavaScript off: the upload is a plain multipart form post, the preview a
// page, the confirmation a form; "Add a speaker" answers its problems next to the fields.

test('without JavaScript the organiser uploads, previews and imports a CSV, and adds a speaker by hand', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const { base } = await organiserWithEmptyEvent(context)
  await page.goto(`${base}/import`)
  await uploadCsv(page, FORMULA_CSV)
  await expect(page.getByText('Row 2, column "Talk title" starts with "="')).toBeVisible()
  await uploadCsv(page, PROGRAMME_CSV)
  await previewAndConfirm(page, base)

  const form = page.getByRole('region', { name: 'Add a speaker' })
  await form.getByLabel('Name').fill('Barbara Liskov')
  await form.getByLabel('Email').fill('barbara@example.com')
  await form.getByLabel('Talk title').fill('Substitution')
  await form.getByLabel('Room').selectOption('Room B')
  await form.getByRole('button', { name: 'Add speaker' }).click()
  await expect(page.getByText('Start time is missing.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Add a speaker' }).getByLabel('Name')).toHaveValue('Barbara Liskov')
  await page.getByRole('region', { name: 'Add a speaker' }).getByLabel('Start time').fill('2027-03-11T14:00')
  await page.getByRole('region', { name: 'Add a speaker' }).getByRole('button', { name: 'Add speaker' }).click()
  await expect(page.getByText('Barbara Liskov added, with their session, speaker page and attendee page.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Barbara Liskov' })).toBeVisible()
})
