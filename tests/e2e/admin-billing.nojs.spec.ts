import { test } from '@playwright/test'
import { applyAndApprove, manualPlanRoundTrip, openOffer } from './admin-billing-helpers'

// The same forms with JavaScript off: real posts, redirects with toasts.
test('without JavaScript: approve a startup application, open the offer, set and remove a manual plan', async ({
  page,
  context,
}) => {
  test.slow()
  const { path } = await applyAndApprove(page, context)
  const buyer = await openOffer(page, context, path)
  await manualPlanRoundTrip(page, context, buyer)
})
