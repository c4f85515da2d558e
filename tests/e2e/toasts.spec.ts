import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { leaveDetails } from './lead-detail-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 20 item 5: a new response's message replaces an older one; an error is never shown beside
// the success toast of an earlier step. The exact sequence from the issue, with JavaScript on.

test('a fresh error replaces the success toast of the previous save', async ({ page, context, browser, request }) => {
  const speaker = uniqueEmail('toast-speaker')
  const { code } = await createLeadSession(request, speaker)
  await leaveDetails(browser, code, { firstName: 'Toast', email: uniqueEmail('toast-attendee') })
  await signIn(context, speaker)
  await page.goto('/app/leads')
  await page.getByRole('link', { name: 'Toast', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Toast' })).toBeVisible()

  await page.getByRole('radio', { name: 'Contacted', exact: true }).check()
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  const saved = page.getByRole('status').filter({ hasText: 'Follow-up saved.' })
  await expect(saved).toBeVisible()

  // At once (the success toast would otherwise stay for SUCCESS_TOAST_MS): "won" needs a deal value.
  await page.getByRole('radio', { name: 'Won', exact: true }).check()
  await page.getByLabel('Deal value').fill('')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText('Enter the deal value to mark this person as won')).toBeVisible()
  // Checked once, not retried: the old toast would leave by its own timer within SUCCESS_TOAST_MS.
  expect(await page.getByText('Follow-up saved.').count()).toBe(0)
  await expect(page.getByLabel('Deal value')).toHaveAttribute('aria-invalid', 'true')

  // A later success shows its own message again.
  await page.getByLabel('Deal value').fill('900')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(saved).toBeVisible()
  await expect(page.getByText(/^Status: Won · Deal value: \D900$/)).toBeVisible()
})

// The same form saved after its own error: the redirect brings the success toast and no result, so
// the field error of the refused attempt must go too (Conform kept it: it reports results only).
test('a successful save after a refused one clears the field error beside its toast', async ({
  page,
  context,
  browser,
  request,
}) => {
  const speaker = uniqueEmail('toast-clear-speaker')
  const { code } = await createLeadSession(request, speaker)
  await leaveDetails(browser, code, { firstName: 'Clear', email: uniqueEmail('toast-clear-attendee') })
  await signIn(context, speaker)
  await page.goto('/app/leads')
  await page.getByRole('link', { name: 'Clear', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Clear' })).toBeVisible()

  await page.getByRole('radio', { name: 'Won', exact: true }).check()
  await page.getByLabel('Deal value').fill('')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  const fieldError = page.getByText('Enter the deal value to mark this person as won')
  await expect(fieldError).toBeVisible()
  await expect(page.getByLabel('Deal value')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Deal value').fill('900')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Follow-up saved.' })).toBeVisible()
  await expect(page.getByText(/^Status: Won · Deal value: \D900$/)).toBeVisible()
  await expect(fieldError).toHaveCount(0)
  await expect(page.getByLabel('Deal value')).not.toHaveAttribute('aria-invalid', 'true')
  // What was typed and saved stays in the field.
  await expect(page.getByLabel('Deal value')).toHaveValue('900')
})
