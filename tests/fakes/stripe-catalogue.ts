import type Stripe from 'stripe'
import { CATALOGUE, toMinor } from '~/lib/billing'
import { LAUNCH_OFFER_CODE, LAUNCH_OFFER_PERCENT } from '~/lib/constants'

// Products, prices (by lookup key, with per-currency amounts) and the launch promotion code in a
// Stripe account — the fake in tests — so a checkout finds its price. Idempotent: an existing lookup
// key or code is left as it is (two Playwright workers may seed one fake at once). Until
// `npm run billing:sync` (syncCatalogue) has landed the tests seed with this; afterwards either works.

export async function seedCatalogue(stripe: Stripe, launchDeadline: Date) {
  const products = new Map<string, string>()
  for (const entry of CATALOGUE) {
    const existing = await stripe.prices.list({ lookup_keys: [entry.lookupKey], limit: 1, expand: ['data.product'] })
    const found = existing.data[0]
    if (found) {
      products.set(entry.product, typeof found.product === 'string' ? found.product : found.product.id)
      continue
    }
    let productId = products.get(entry.product)
    if (!productId) {
      productId = (await stripe.products.create({ name: entry.productName, tax_code: 'txcd_10103001' })).id
      products.set(entry.product, productId)
    }
    const usd = entry.amounts.USD!
    const others = Object.entries(entry.amounts).filter(([c]) => c !== 'USD')
    await stripe.prices
      .create({
        product: productId,
        currency: 'usd',
        unit_amount: toMinor(usd),
        lookup_key: entry.lookupKey,
        tax_behavior: 'exclusive',
        ...(entry.interval ? { recurring: { interval: entry.interval } } : {}),
        ...(others.length
          ? {
              currency_options: Object.fromEntries(
                others.map(([c, a]) => [c.toLowerCase(), { unit_amount: toMinor(a!), tax_behavior: 'exclusive' as const }]),
              ),
            }
          : {}),
      })
      .catch((error: { param?: string }) => {
        // Another worker created it first.
        if (error.param !== 'lookup_key') throw error
      })
  }
  const codes = await stripe.promotionCodes.list({ code: LAUNCH_OFFER_CODE, limit: 1 })
  const expires = Math.floor(launchDeadline.getTime() / 1000)
  if (!codes.data[0] && expires > Date.now() / 1000) {
    const coupon = await stripe.coupons.create({
      percent_off: LAUNCH_OFFER_PERCENT,
      duration: 'once',
      applies_to: { products: [products.get('seat')!] },
      redeem_by: expires,
    })
    await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: LAUNCH_OFFER_CODE,
      expires_at: expires,
    })
  }
}
