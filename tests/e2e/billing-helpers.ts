import { expect, type BrowserContext, type Page } from '@playwright/test'
import Stripe from 'stripe'
import { STRIPE_API_VERSION } from '~/platform/stripe.server'
import { syncCatalogue } from '~/services/billing-catalogue.server'
import { captureLead } from './integrations-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { signIn, stripeUrl, uniqueEmail } from './utils'

// The unlock as a free speaker does it (issue 22 Deliver 11): five leads on a session, three shown,
// "Unlock all 5 leads for $49", pay on the fake Stripe's hosted page, back to all five.

/** The fake Stripe's products, prices and launch code, made by billing:sync's own function. */
export async function seedFakeStripe() {
  const url = new URL(stripeUrl())
  const stripe = new Stripe('sk_test_e2e_lectern', {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: url.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
  const sync = () => syncCatalogue(stripe, { launchDeadline: new Date(Date.now() + 7 * 86_400_000) })
  // The js and nojs workers may sync at once: the loser's create of a lookup key is refused, and a
  // second pass finds everything in place.
  await sync().catch(async () => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    await sync()
  })
}

/** A free speaker, signed in, with a live session that five attendees signed up to. */
export async function freeSpeakerWithFiveLeads(page: Page, context: BrowserContext) {
  const speaker = uniqueEmail('unlocker')
  const { code, sessionId } = await createLeadSession(context.request, speaker)
  for (let i = 1; i <= 5; i++) await captureLead(page, code, uniqueEmail(`attendee${i}`))
  await signIn(context, speaker)
  return { speaker, sessionId }
}

export async function expectLocked(page: Page, sessionId: string) {
  await page.goto(`/app/sessions/${sessionId}/leads`)
  await expect(page.getByText('5 leads — 3 shown, 2 locked')).toBeVisible()
  // The header row and the three leads the free plan shows.
  await expect(page.getByRole('row')).toHaveCount(4)
}

/** Clicks the unlock, pays on the fake's hosted Checkout page and comes back to all five leads. */
export async function unlockAndPay(page: Page, sessionId: string) {
  await page.getByRole('button', { name: 'Unlock all 5 leads for $49' }).click()
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/c/pay/cs_`))
  await expect(page.getByTestId('amount')).toHaveText(/49/)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/app/sessions/${sessionId}/leads$`))
  await expect(page.getByText(/^Payment received: .+ is unlocked\. All its leads and analytics are yours\.$/)).toBeVisible()
  await expect(page.getByText('5 leads', { exact: true })).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(6)
  await expect(page.getByRole('button', { name: /^Unlock all/ })).toHaveCount(0)
}
