import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { leaveDetails } from './lead-detail-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 20 item 5 without JavaScript: the 400 page that re-renders the form with its error shows
// no flash message of the earlier successful save, and the next successful save no field error.

test('without JavaScript: the error page after a successful save shows no stale flash', async ({
  page,
  context,
  browser,
  request,
}) => {
  const speaker = uniqueEmail('toast-nojs-speaker')
  const { code } = await createLeadSession(request, speaker)
  await leaveDetails(browser, code, { firstName: 'Flash', email: uniqueEmail('toast-nojs-attendee') })
  await signIn(context, speaker)
  await page.goto('/app/leads')
  await page.getByRole('link', { name: 'Flash', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Flash' })).toBeVisible()

  await page.getByRole('radio', { name: 'Contacted', exact: true }).check()
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText('Follow-up saved.')).toBeVisible()

  await page.getByRole('radio', { name: 'Won', exact: true }).check()
  await page.getByLabel('Deal value').fill('')
  const response = page.waitForResponse((r) => r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  expect((await response).status()).toBe(400)
  await expect(page.getByText('Enter the deal value to mark this person as won')).toBeVisible()
  expect(await page.getByText('Follow-up saved.').count()).toBe(0)

  // Saved this time: the redirected page shows the toast and no longer the field error.
  await page.getByLabel('Deal value').fill('900')
  await page.getByRole('button', { name: 'Save follow-up' }).click()
  await expect(page.getByText('Follow-up saved.')).toBeVisible()
  await expect(page.getByText('Enter the deal value to mark this person as won')).toHaveCount(0)
})
