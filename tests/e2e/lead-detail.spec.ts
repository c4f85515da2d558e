import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { downloadText, guardAgainstScript, HOSTILE_NAME, leaveDetails, WEIGHTED_QUESTIONS } from './lead-detail-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// The follow-up flow on the lead detail page with JavaScript on: one person seen at two talks,
// every answer and the consent record, the score with its reasons, then status → note → tag → won
// with a deal value → vCard and JSON downloads → delete. The attendee's name is hostile and must
// stay text. Axe on the page.

test('follow up one person: status, note, tag, won with a deal value, downloads, delete', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('detail-speaker')
  const attendee = uniqueEmail('detail-attendee')
  const first = await createLeadSession(request, speaker, { questions: WEIGHTED_QUESTIONS })
  const second = await createLeadSession(request, speaker, { questions: WEIGHTED_QUESTIONS })
  await leaveDetails(browser, first.code, { firstName: HOSTILE_NAME, email: attendee, rating: '5' })
  await leaveDetails(browser, second.code, { firstName: HOSTILE_NAME, email: attendee })
  const noScript = guardAgainstScript(page)

  await signIn(context, speaker)
  await page.goto('/app/leads')
  await page.getByRole('link', { name: HOSTILE_NAME, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: HOSTILE_NAME })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Seen at 2 talks' })).toBeVisible()
  await expect(page.getByText('Captures with the same email address are merged automatically into one person')).toBeVisible()
  const captures = page.getByRole('region', { name: 'Captures and answers' })
  await expect(captures.getByText('5/5')).toBeVisible()
  await expect(captures.getByText('Engineering')).toHaveCount(2)
  const consent = page.getByRole('region', { name: 'Consent records' })
  await expect(consent.getByText(/Ada will email you the slides and may follow up about this talk\./)).toHaveCount(2)
  // The score is kept by the job worker right after the capture.
  await expect(async () => {
    await page.reload()
    await expect(page.getByText('+2 Seen at 2 talks')).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  // The weighted answer counts at each talk it was given.
  await expect(page.getByText(/^\+3 Your role: Engineering \(DevConf 2026\)$/)).toHaveCount(2)
  await expect(page.getByText('Hot', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await noScript()

  // Status.
  await page.getByRole('radio', { name: 'Contacted', exact: true }).check()
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByRole('status').getByText('Follow-up saved.')).toBeVisible()
  await expect(page.getByText('Status: Contacted', { exact: true })).toBeVisible()
  await expect(page.getByText('Status: New → Contacted')).toBeVisible()

  // A note, then an edit of it.
  await page.getByLabel('New note').fill('Wants the workshop in March')
  await page.getByRole('button', { name: 'Add note' }).click()
  await expect(page.getByText('Wants the workshop in March')).toBeVisible()
  await expect(page.getByLabel('New note')).toHaveValue('')
  await page.getByRole('link', { name: 'Edit this note' }).click()
  await page.getByLabel('Edit note').fill('Wants the workshop in April')
  await page.getByRole('button', { name: 'Save note' }).click()
  await expect(page.getByText('Wants the workshop in April')).toBeVisible()
  await expect(page.getByText('Note (edited)')).toBeVisible()

  // Tags: normalised, one removed.
  await page.getByLabel('Add tags').fill('VIP, Workshop ')
  await page.getByRole('button', { name: 'Add tags' }).click()
  const tags = page.getByRole('list', { name: 'Tags of this person' })
  await expect(tags.getByRole('listitem')).toHaveCount(2)
  await expect(tags).toContainText('vip')
  await expect(tags).toContainText('workshop')
  await page.getByRole('button', { name: 'Remove tag workshop' }).click()
  await expect(tags.getByRole('listitem')).toHaveCount(1)
  await page.getByLabel('Add tags').fill('x'.repeat(41))
  await page.getByRole('button', { name: 'Add tags' }).click()
  await expect(page.getByText('A tag must be at most 40 characters')).toBeVisible()
  await expect(page.getByLabel('Add tags')).toHaveAttribute('aria-invalid', 'true')

  // Won needs a deal value.
  await page.getByRole('radio', { name: 'Won', exact: true }).check()
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText('Enter the deal value to mark this person as won')).toBeVisible()
  await expect(page.getByLabel('Deal value')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Deal value').fill('5000')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText(/^Status: Won · Deal value/)).toBeVisible()
  await expect(page.getByText('Deal value set to €5,000')).toBeVisible()
  await noScript()

  // Downloads.
  const [vcard] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download vCard' }).click()])
  const card = await downloadText(vcard)
  expect(card).toContain(`EMAIL;TYPE=INTERNET:${attendee}`)
  expect(card).toContain('ORG:Navy')
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export all data (JSON)' }).click(),
  ])
  const held = JSON.parse(await downloadText(json))
  expect(held.person).toMatchObject({
    email: attendee,
    status: 'won',
    tags: ['vip'],
    deal: { amountMinor: 500000, currency: 'EUR' },
  })
  expect(held.captures).toHaveLength(2)
  expect(held.notes).toEqual([expect.objectContaining({ body: 'Wants the workshop in April' })])
  expect(held.consents).toHaveLength(2)

  // Delete, with a confirmation step.
  const here = page.url()
  await page.getByRole('link', { name: 'Delete this person' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('all 2 captures')
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/app\/leads$/)
  await expect(page.getByRole('status').getByText('Person deleted, with every capture and note.')).toBeVisible()
  const gone = await page.goto(here)
  expect(gone?.status()).toBe(404)
})
