import { expect, test } from '@playwright/test'
import { expectLocked, freeSpeakerWithFiveLeads, seedFakeStripe, unlockAndPay } from './billing-helpers'
import { stripeUrl } from './utils'

// Issue 22 Deliver 7 and 11 without JavaScript: the unlock is a plain form POST whose answer
// redirects to Stripe's origin (the fake's), which the CSP's form-action must let through; the
// hosted page's Pay form brings the speaker back to all five leads.

test.beforeAll(seedFakeStripe)

test('a free speaker unlocks a session without JavaScript and sees all five leads', async ({ page, context }) => {
  test.setTimeout(60_000)
  const { sessionId } = await freeSpeakerWithFiveLeads(page, context)
  await expectLocked(page, sessionId)
  // What lets the form's redirect to Stripe through (server/security.ts, stripeFormOrigins).
  const csp = (await page.request.get(`/app/sessions/${sessionId}/leads`)).headers()['content-security-policy']
  expect(csp).toContain(`form-action 'self' https://checkout.stripe.com https://billing.stripe.com ${stripeUrl()};`)
  await unlockAndPay(page, sessionId)
})
