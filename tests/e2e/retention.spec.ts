import { test } from '@playwright/test'
import { retentionFlow } from './lead-detail-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Settings → Lead retention with JavaScript on; axe on the settings page.

test('set and clear the retention period', async ({ page, context }) => {
  await signIn(context, uniqueEmail('retention'))
  await retentionFlow(page, { axe: () => expectNoAxeViolations(page) })
})
