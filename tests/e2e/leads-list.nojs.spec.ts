import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { captureLead, csvText } from './leads-list-helpers'
import { signIn, uniqueEmail } from './utils'

// The leads list without JavaScript: the GET filter form, segments (save with a message next to the
// field, rename, delete with the server's confirmation step), bulk status and tag, the export of a
// selection and delete with the server's confirmation step.

test('without JavaScript: filter, segments, bulk status and tag, export, delete', async ({ page, context, browser, request }) => {
  test.slow()
  const speaker = uniqueEmail('leads-nojs')
  const { code } = await createLeadSession(request, speaker)
  const grace = uniqueEmail('grace')
  const alan = uniqueEmail('alan')
  await captureLead(browser, code, { firstName: 'Grace', email: grace, company: 'Navy' })
  await captureLead(browser, code, { firstName: 'Alan', email: alan, company: 'Bletchley' })

  await signIn(context, speaker)
  await page.goto('/app/leads')
  await expect(page.getByText('2 people', { exact: true })).toBeVisible()

  await page.getByLabel('Search').fill('bletchley')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/app\/leads\?q=bletchley$/)
  await expect(page.getByText('1 person matches these filters')).toBeVisible()

  // A segment: saved; the same name again is refused next to the field; renamed, deleted.
  await page.getByLabel('Segment name').fill('Codebreakers')
  await page.getByRole('button', { name: 'Save as segment' }).click()
  await expect(page.getByText('Segment “Codebreakers” saved.')).toBeVisible()
  await page.getByLabel('Segment name').fill('Codebreakers')
  await page.getByRole('button', { name: 'Save as segment' }).click()
  await expect(page.getByText('You already have a segment with this name.')).toBeVisible()
  await expect(page.getByLabel('Segment name')).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('link', { name: 'Rename the segment Codebreakers' }).click()
  await page.getByLabel('New name for “Codebreakers”').fill('Bletchley Park')
  await page.getByRole('button', { name: 'Rename', exact: true }).click()
  await expect(page.getByText('Segment renamed to “Bletchley Park”.')).toBeVisible()
  await page.getByRole('button', { name: 'Delete the segment Bletchley Park' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Segment deleted.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Bletchley Park' })).toHaveCount(0)

  // Bulk: nothing selected → a message; then status and a tag on Alan.
  await page.getByRole('button', { name: 'Set status' }).click()
  await expect(page.getByText('Select at least one person first.')).toBeVisible()
  await page.getByRole('checkbox', { name: `Select Alan (${alan})` }).check()
  await page.getByLabel('New status').selectOption('contacted')
  await page.getByRole('button', { name: 'Set status' }).click()
  await expect(page.getByText('Status set to Contacted for 1 person.')).toBeVisible()
  await page.getByRole('checkbox', { name: `Select Alan (${alan})` }).check()
  await page.getByLabel('Tag to add or remove').fill('Enigma')
  await page.getByRole('button', { name: 'Add tag' }).click()
  await expect(page.getByText('Tag “enigma” added to 1 person.')).toBeVisible()
  await page.goto('/app/leads?status=contacted&tag=enigma')
  await expect(page.getByText('1 person matches these filters')).toBeVisible()

  // Export the selection (a document redirect to the CSV).
  await page.getByRole('checkbox', { name: `Select Alan (${alan})` }).check()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export selected' }).click()
  const csv = await csvText(await downloading)
  expect(csv).toContain(alan)
  expect(csv).toContain('enigma')
  expect(csv).not.toContain(grace)

  // Delete asks first, on the server.
  await page.goto('/app/leads')
  await page.getByRole('checkbox', { name: `Select Alan (${alan})` }).check()
  await page.getByRole('button', { name: 'Delete selected' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Delete 1 person and every capture of theirs?')
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('1 person deleted.')).toBeVisible()
  await expect(page.getByText('1 person', { exact: true })).toBeVisible()
})
