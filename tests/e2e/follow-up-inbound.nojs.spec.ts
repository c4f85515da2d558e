import { test } from '@playwright/test'
import {
  domainOwner,
  removeDomain,
  sendingDomainFlow,
  sentFollowUp,
  unsubscribeThroughThePage,
} from './follow-up-inbound-helpers'

// Issue 32 with JavaScript off: the unsubscribe page's button is a plain form (Deliver 4), and
// Settings → Sending domain's forms post and redirect (Deliver 6).

test('without JavaScript: the unsubscribe button posts and the answer page says it is done', async ({ page }) => {
  const { token } = await sentFollowUp(page.request)
  await unsubscribeThroughThePage(page, token)
})

test('without JavaScript: add a sending domain, check it until verified, remove it', async ({ page, context }) => {
  await domainOwner(context)
  await sendingDomainFlow(page, page.request)
  await removeDomain(page)
})
