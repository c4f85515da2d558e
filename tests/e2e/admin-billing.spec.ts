import { expect, test } from '@playwright/test'
import { applyAndApprove, manualPlanRoundTrip, openOffer } from './admin-billing-helpers'
import { expectNoAxeViolations } from './utils'

test('startup programme: approve in the inbox, the offer link, then the admin’s manual plan on the buyer’s workspace', async ({
  page,
  context,
}) => {
  test.slow()
  const { path } = await applyAndApprove(page, context)
  await expectNoAxeViolations(page)
  const buyer = await openOffer(page, context, path)
  await expectNoAxeViolations(page)
  await manualPlanRoundTrip(page, context, buyer)
  await expectNoAxeViolations(page)
  // An unknown link is a clear page, not an error.
  const unknown = await page.goto(`/startup-program/offer/${'A'.repeat(43)}`)
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This offer link no longer works' })).toBeVisible()
})
