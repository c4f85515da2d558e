import { test } from '@playwright/test'
import { retentionFlow } from './lead-detail-helpers'
import { signIn, uniqueEmail } from './utils'

// Settings → Lead retention without JavaScript: the form posts, the server's message sits next to the field.

test('without JavaScript: set and clear the retention period', async ({ page, context }) => {
  await signIn(context, uniqueEmail('retention-nojs'))
  await retentionFlow(page)
})
