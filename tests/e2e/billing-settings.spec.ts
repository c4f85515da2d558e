import { test } from '@playwright/test'
import { seedFakeStripe } from './billing-helpers'
import { openPortalFromSettings, ownerWithTeamsPlan } from './billing-settings-helpers'
import { expectNoAxeViolations } from './utils'

// Issue 22 Deliver 8: the owner opens Settings → Billing and reaches Stripe's portal (the fake's).

test.beforeAll(seedFakeStripe)

test('the owner opens Settings → Billing, reads the plan and reaches the billing portal', async ({ page, context }) => {
  test.setTimeout(60_000)
  await ownerWithTeamsPlan(page, context)
  await expectNoAxeViolations(page)
  await openPortalFromSettings(page)
})
