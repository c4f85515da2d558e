import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { downloadText, HOSTILE_NAME, leaveDetails } from './lead-detail-helpers'
import { signIn, uniqueEmail } from './utils'

// The follow-up flow without JavaScript: every form posts and redirects with its flash message,
// errors come back from the server next to their field, the note is edited through ?note=, the
// downloads are plain links and deleting asks first on a page of its own.

test('without JavaScript: status, note, tag, won with a deal value, downloads, delete', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('detail-nojs')
  const attendee = uniqueEmail('detail-nojs-attendee')
  const { code } = await createLeadSession(request, speaker)
  await leaveDetails(browser, code, { firstName: HOSTILE_NAME, email: attendee })

  await signIn(context, speaker)
  await page.goto('/app/leads')
  await page.getByRole('link', { name: HOSTILE_NAME, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: HOSTILE_NAME })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Seen at 1 talk' })).toBeVisible()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)

  await page.getByRole('radio', { name: 'Meeting', exact: true }).check()
  await page.getByLabel('Deal value').fill('12.345')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText('Enter an amount like 1500 or 1500.50.')).toBeVisible()
  await expect(page.getByLabel('Deal value')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Deal value').fill('1200')
  await page.getByLabel('Currency').selectOption('GBP')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText('Follow-up saved.')).toBeVisible()
  await expect(page.getByText('Deal value: £1,200 (expected)')).toBeVisible()

  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('Write the note')).toBeVisible()
  await page.getByLabel('New note').fill('Call after the conference')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('Note added.')).toBeVisible()
  await page.getByRole('link', { name: 'Edit this note' }).click()
  await expect(page).toHaveURL(/\?note=/)
  await page.getByLabel('Edit note').fill('Called: meeting booked')
  await page.getByRole('button', { name: 'Save note' }).click()
  await expect(page.getByText('Called: meeting booked')).toBeVisible()

  await page.getByLabel('Add tags').fill('Partner')
  await page.getByRole('button', { name: 'Add tags' }).click()
  await expect(page.getByText('Tagged partner.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Tags of this person' })).toContainText('partner')

  await page.getByRole('radio', { name: 'Won', exact: true }).check()
  await page.getByLabel('Deal value').fill('')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText('Enter the deal value to mark this person as won')).toBeVisible()
  await page.getByLabel('Deal value').fill('1500')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText(/^Status: Won · Deal value/)).toBeVisible()
  await expect(page.getByText('Deal value: £1,200 → £1,500')).toBeVisible()

  const [vcard] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download vCard' }).click()])
  expect(await downloadText(vcard)).toContain(`EMAIL;TYPE=INTERNET:${attendee}`)
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export all data (JSON)' }).click(),
  ])
  expect(JSON.parse(await downloadText(json)).person).toMatchObject({ status: 'won', tags: ['partner'] })

  const here = page.url().replace(/\?.*$/, '')
  await page.getByRole('link', { name: 'Delete this person' }).click()
  await expect(page).toHaveURL(/\?delete=1$/)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/app\/leads$/)
  await expect(page.getByText('Person deleted, with every capture and note.')).toBeVisible()
  expect((await page.goto(here))?.status()).toBe(404)
})
