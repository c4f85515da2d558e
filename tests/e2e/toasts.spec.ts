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
