// `npm run billing:sync` (docs/billing.md): creates or updates Lectern's products, prices (by lookup
// key, USD with GBP and EUR amounts), the launch coupon and the ProductHunt promotion code in the
// Stripe account named by STRIPE_SECRET_KEY (STRIPE_API_BASE_URL points it elsewhere, as tests do).
// Safe to run any number of times: a run against an account already in shape changes nothing.
import { getConfig } from '../app/config.server'
import { stripeClient } from '../app/platform/stripe.server'
import { CatalogueSyncError, formatSyncReport, syncCatalogue } from '../app/services/billing-catalogue.server'

async function main() {
  const config = getConfig()
  const stripe = stripeClient(config)
  if (!stripe) {
    console.error(
      'STRIPE_SECRET_KEY is not set: there is no Stripe account to sync. Set it (sk_test_… for test mode) and run npm run billing:sync again.',
    )
    process.exit(2)
  }
  const where = config.STRIPE_API_BASE_URL ?? 'api.stripe.com'
  const mode = config.STRIPE_SECRET_KEY!.startsWith('sk_live_') ? 'live mode' : 'test mode'
  console.info(`Syncing the catalogue to ${where} (${mode}); launch code deadline ${config.launchOfferDeadline.toISOString()}.`)
  const report = await syncCatalogue(stripe, { launchDeadline: config.launchOfferDeadline })
  console.info(formatSyncReport(report))
}

main().catch((error) => {
  if (error instanceof CatalogueSyncError) console.error(error.message)
  else console.error('billing:sync failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
