import { CATALOGUE, toMinor, type CatalogueEntry } from '~/lib/billing'
import { LAUNCH_OFFER_CODE, LAUNCH_OFFER_PERCENT } from '~/lib/constants'
import type { Currency } from '~/lib/pricing'
import type { Stripe } from '~/platform/stripe.server'

// `npm run billing:sync` (issue 22 Deliver 2, docs/billing.md): makes the Stripe account hold
// CATALOGUE's products and prices and the launch offer, and changes nothing when it already does, so
// it can run on every deploy. Reads first (a handful of GETs), writes only the differences: a second
// run makes no POST at all. Prices are immutable in Stripe: a price whose amounts differ from the
// catalogue is replaced by a new one that takes over its lookup key, and the old one is archived
// (subscriptions on it keep it until they change plan).

/** Products have ids of ours, so they are found again without a search. */
export const productIdFor = (product: CatalogueEntry['product']) => `lectern_${product}`
export const LAUNCH_COUPON_ID = 'lectern_launch_producthunt'
const SEAT_PRODUCT = productIdFor('seat')
/** Every catalogue price is quoted before tax (Stripe Tax adds it at checkout). */
const TAX_BEHAVIOR = 'exclusive'
const BASE_CURRENCY: Currency = 'USD'

export type SyncAction = 'created' | 'updated' | 'replaced' | 'archived' | 'deactivated' | 'unchanged'
export type SyncLine = {
  kind: 'product' | 'price' | 'coupon' | 'promotion code'
  key: string
  id: string
  action: SyncAction
  detail?: string
}

export class CatalogueSyncError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CatalogueSyncError'
  }
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === 'resource_missing'

async function syncProducts(stripe: Stripe, report: SyncLine[]) {
  const wanted = new Map<string, string>()
  for (const entry of CATALOGUE) wanted.set(productIdFor(entry.product), entry.productName)
  const found = await stripe.products.list({ ids: [...wanted.keys()], limit: 100 })
  const byId = new Map(found.data.map((p) => [p.id, p]))
  for (const [id, name] of wanted) {
    const product = byId.get(id)
    if (!product) {
      await stripe.products.create({ id, name, metadata: { lectern_product: id } })
      report.push({ kind: 'product', key: id, id, action: 'created', detail: name })
    } else if (product.name !== name || !product.active) {
      await stripe.products.update(id, { name, active: true })
      const what = [
        product.name !== name ? `renamed from "${product.name}"` : null,
        product.active ? null : 'reactivated',
      ].filter(Boolean)
      report.push({ kind: 'product', key: id, id, action: 'updated', detail: what.join(', ') })
    } else {
      report.push({ kind: 'product', key: id, id, action: 'unchanged' })
    }
  }
}

/** The amounts an entry asks for, in minor units, by lower-case currency (Stripe's spelling). */
function wantedAmounts(entry: CatalogueEntry) {
  return Object.fromEntries(Object.entries(entry.amounts).map(([c, amount]) => [c.toLowerCase(), toMinor(amount)]))
}

/** Why a stored price no longer matches its entry, or null when it does. */
export function priceDifference(price: Stripe.Price, entry: CatalogueEntry): string | null {
  const base = (
    entry.amounts[BASE_CURRENCY] !== undefined ? BASE_CURRENCY : (Object.keys(entry.amounts)[0] as Currency)
  ).toLowerCase()
  if (price.currency !== base) return `base currency ${price.currency}, not ${base}`
  if (price.product !== productIdFor(entry.product) && (price.product as { id?: string })?.id !== productIdFor(entry.product))
    return 'another product'
  const interval = price.recurring?.interval ?? null
  if (interval !== entry.interval || (price.recurring && price.recurring.interval_count !== 1))
    return `billed every ${interval ?? 'once'}`
  if (price.tax_behavior !== TAX_BEHAVIOR) return `tax behaviour ${price.tax_behavior ?? 'unspecified'}`
  const wanted = wantedAmounts(entry)
  const options = price.currency_options ?? {}
  const have: Record<string, number | null> = { [price.currency]: price.unit_amount }
  for (const [c, option] of Object.entries(options)) if (c !== price.currency) have[c] = option.unit_amount
  const currencies = new Set([...Object.keys(wanted), ...Object.keys(have)])
  const off = [...currencies].filter((c) => have[c] !== wanted[c]).map((c) => `${c} ${have[c] ?? '—'} → ${wanted[c] ?? '—'}`)
  return off.length ? `amounts ${off.join(', ')}` : null
}

function priceParams(entry: CatalogueEntry): Stripe.PriceCreateParams {
  const amounts = wantedAmounts(entry)
  const base = BASE_CURRENCY.toLowerCase()
  const others = Object.entries(amounts).filter(([c]) => c !== base)
  return {
    product: productIdFor(entry.product),
    currency: base,
    unit_amount: amounts[base],
    ...(others.length
      ? {
          currency_options: Object.fromEntries(
            others.map(([c, unit_amount]) => [c, { unit_amount, tax_behavior: TAX_BEHAVIOR }]),
          ),
        }
      : {}),
    tax_behavior: TAX_BEHAVIOR,
    ...(entry.interval ? { recurring: { interval: entry.interval } } : {}),
    lookup_key: entry.lookupKey,
    transfer_lookup_key: true,
    nickname: entry.lookupKey,
    metadata: { lectern_lookup_key: entry.lookupKey },
  }
}

async function syncPrices(stripe: Stripe, report: SyncLine[]) {
  const found = await stripe.prices.list({
    lookup_keys: CATALOGUE.map((e) => e.lookupKey),
    expand: ['data.currency_options'],
    limit: 100,
  })
  for (const entry of CATALOGUE) {
    const price = found.data.find((p) => p.lookup_key === entry.lookupKey)
    const key = entry.lookupKey
    if (!price) {
      const created = await stripe.prices.create(priceParams(entry))
      report.push({ kind: 'price', key, id: created.id, action: 'created' })
      continue
    }
    const difference = priceDifference(price, entry)
    if (difference) {
      // Create first: the lookup key moves to the new price in the same call, so checkouts always find one.
      const created = await stripe.prices.create(priceParams(entry))
      if (price.active) await stripe.prices.update(price.id, { active: false })
      report.push({ kind: 'price', key, id: created.id, action: 'replaced', detail: `${difference}; ${price.id} archived` })
    } else if (!price.active) {
      await stripe.prices.update(price.id, { active: true })
      report.push({ kind: 'price', key, id: price.id, action: 'updated', detail: 'reactivated' })
    } else {
      report.push({ kind: 'price', key, id: price.id, action: 'unchanged' })
    }
  }
}

async function syncCoupon(stripe: Stripe, report: SyncLine[]) {
  let coupon: Stripe.Coupon | null = null
  try {
    coupon = await stripe.coupons.retrieve(LAUNCH_COUPON_ID, { expand: ['applies_to'] })
  } catch (error) {
    if (!isMissing(error)) throw error
  }
  if (!coupon) {
    await stripe.coupons.create({
      id: LAUNCH_COUPON_ID,
      name: `${LAUNCH_OFFER_CODE} launch offer`,
      percent_off: LAUNCH_OFFER_PERCENT,
      duration: 'once',
      applies_to: { products: [SEAT_PRODUCT] },
      metadata: { lectern: 'launch_offer' },
    })
    report.push({
      kind: 'coupon',
      key: LAUNCH_COUPON_ID,
      id: LAUNCH_COUPON_ID,
      action: 'created',
      detail: `${LAUNCH_OFFER_PERCENT}% off once`,
    })
    return
  }
  const products = coupon.applies_to?.products ?? []
  // A coupon's terms cannot be edited in Stripe, and a deleted coupon's id may not come back: say so.
  if (
    coupon.percent_off !== LAUNCH_OFFER_PERCENT ||
    coupon.duration !== 'once' ||
    products.length !== 1 ||
    products[0] !== SEAT_PRODUCT
  ) {
    throw new CatalogueSyncError(
      `The coupon ${LAUNCH_COUPON_ID} in Stripe is ${coupon.percent_off ?? coupon.amount_off}${coupon.percent_off ? '%' : ''} off (${coupon.duration}, products: ${products.join(', ') || 'all'}), not ${LAUNCH_OFFER_PERCENT}% off once on ${SEAT_PRODUCT}. Coupons cannot be edited: delete it in the Stripe dashboard, then run npm run billing:sync again.`,
    )
  }
  report.push({ kind: 'coupon', key: LAUNCH_COUPON_ID, id: LAUNCH_COUPON_ID, action: 'unchanged' })
}

/**
 * The `ProductHunt` promotion code: one active code on our coupon, expiring at the deadline. A code
 * with another expiry (the setting changed) or on another coupon is deactivated and replaced; after
 * the deadline none stays active (Stripe refuses an expiry in the past).
 */
async function syncPromotionCode(stripe: Stripe, report: SyncLine[], deadline: Date, now: Date) {
  const expiresAt = Math.floor(deadline.getTime() / 1000)
  const open = expiresAt > Math.floor(now.getTime() / 1000)
  const active = await stripe.promotionCodes.list({ code: LAUNCH_OFFER_CODE, active: true, limit: 100 })
  const couponOf = (p: Stripe.PromotionCode) => {
    const c = p.promotion.coupon
    return typeof c === 'string' ? c : (c?.id ?? null)
  }
  let keep: Stripe.PromotionCode | null = null
  for (const promo of active.data) {
    if (open && !keep && couponOf(promo) === LAUNCH_COUPON_ID && promo.expires_at === expiresAt) {
      keep = promo
      continue
    }
    await stripe.promotionCodes.update(promo.id, { active: false })
    const why = !open ? 'the offer has ended' : promo.expires_at !== expiresAt ? 'the deadline changed' : 'replaced'
    report.push({ kind: 'promotion code', key: promo.code, id: promo.id, action: 'deactivated', detail: why })
  }
  if (keep) {
    report.push({
      kind: 'promotion code',
      key: keep.code,
      id: keep.id,
      action: 'unchanged',
      detail: `expires ${deadline.toISOString()}`,
    })
  } else if (open) {
    const created = await stripe.promotionCodes.create({
      code: LAUNCH_OFFER_CODE,
      promotion: { type: 'coupon', coupon: LAUNCH_COUPON_ID },
      expires_at: expiresAt,
      metadata: { lectern: 'launch_offer' },
    })
    report.push({
      kind: 'promotion code',
      key: created.code,
      id: created.id,
      action: 'created',
      detail: `expires ${deadline.toISOString()}`,
    })
  }
}

/**
 * Creates or updates the catalogue in the Stripe account, idempotently. `launchDeadline` is
 * LAUNCH_OFFER_DEADLINE (getConfig().launchOfferDeadline). Returns one line per object.
 */
export async function syncCatalogue(stripe: Stripe, options: { launchDeadline: Date; now?: Date }): Promise<SyncLine[]> {
  const report: SyncLine[] = []
  await syncProducts(stripe, report)
  await syncPrices(stripe, report)
  await syncCoupon(stripe, report)
  await syncPromotionCode(stripe, report, options.launchDeadline, options.now ?? new Date())
  return report
}

/** The report as the command prints it, one line per object, then the totals. */
export function formatSyncReport(report: readonly SyncLine[]) {
  const lines = report.map(
    (l) => `${l.action.padEnd(11)} ${l.kind.padEnd(14)} ${l.key.padEnd(30)} ${l.id}${l.detail ? `  (${l.detail})` : ''}`,
  )
  const counts = new Map<SyncAction, number>()
  for (const l of report) counts.set(l.action, (counts.get(l.action) ?? 0) + 1)
  const total = [...counts].map(([action, n]) => `${n} ${action}`).join(', ')
  return [...lines, '', report.every((l) => l.action === 'unchanged') ? `Nothing to change (${total}).` : `Done: ${total}.`].join(
    '\n',
  )
}
