import { test } from '@playwright/test'
import { seedFakeStripe } from './billing-helpers'
import { openPortalFromSettings, ownerWithTeamsPlan } from './billing-settings-helpers'

// Issue 22 Deliver 8 without JavaScript: "Manage billing" is a plain form POST answered with a 303
// to the portal's origin, which the CSP's form-action lets through.

test.beforeAll(seedFakeStripe)

test('the owner reaches the billing portal from Settings → Billing without JavaScript', async ({ page, context }) => {
  test.setTimeout(60_000)
  await ownerWithTeamsPlan(page, context)
  await openPortalFromSettings(page)
})
