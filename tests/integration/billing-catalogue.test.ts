import { execFile } from 'node:child_process'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig } from '~/config.server'
import { CATALOGUE, LOOKUP_KEYS, toMinor } from '~/lib/billing'
import { LAUNCH_OFFER_CODE, LAUNCH_OFFER_PERCENT } from '~/lib/constants'
import { PRICES, type Currency } from '~/lib/pricing'
import { stripeClient, type Stripe } from '~/platform/stripe.server'
import { CatalogueSyncError, LAUNCH_COUPON_ID, productIdFor, syncCatalogue } from '~/services/billing-catalogue.server'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'

// `npm run billing:sync` (issue 22 Deliver 2) against the local fake of Stripe's API: the first run
// creates every product, price (by lookup key, USD with GBP/EUR amounts, tax exclusive) and the
// launch offer; a second run sends no POST; a changed amount makes a new price that takes the lookup
// key and archives the old one; the launch code follows LAUNCH_OFFER_DEADLINE.

let fake: FakeStripe
let stripe: Stripe
const DAY = 86_400
const deadlineIn = (seconds: number) => new Date((fake.now() + seconds) * 1000)
const nowOfFake = () => new Date(fake.now() * 1000)
const posts = () => fake.requests.filter((r) => r.method !== 'GET')

beforeAll(async () => {
  fake = await startFakeStripe()
  stripe = stripeClient({ ...getConfig(), STRIPE_SECRET_KEY: 'sk_test_catalogue', STRIPE_API_BASE_URL: fake.url })!
})
afterAll(async () => {
  await fake.close()
})
beforeEach(() => fake.reset())

async function priceByKey(key: string) {
  const list = await stripe.prices.list({ lookup_keys: [key], expand: ['data.currency_options'] })
  return list.data[0]
}

describe('syncCatalogue', () => {
  it('creates every product and price of the catalogue with its amounts per currency', async () => {
    const report = await syncCatalogue(stripe, { launchDeadline: deadlineIn(30 * DAY), now: nowOfFake() })
    expect(report.filter((l) => l.action !== 'created')).toEqual([])
    for (const id of ['lectern_unlock', 'lectern_solo', 'lectern_seat', 'lectern_startup'])
      expect(fake.products.get(id)?.active).toBe(true)
    for (const entry of CATALOGUE) {
      const price = await priceByKey(entry.lookupKey)
      expect(price, entry.lookupKey).toBeDefined()
      expect(price!.product).toBe(productIdFor(entry.product))
      expect(price!.currency).toBe('usd')
      expect(price!.unit_amount).toBe(toMinor(entry.amounts.USD!))
      expect(price!.tax_behavior).toBe('exclusive')
      expect(price!.recurring?.interval ?? null).toBe(entry.interval)
      for (const c of ['GBP', 'EUR'] as Currency[]) {
        expect(price!.currency_options?.[c.toLowerCase()]?.unit_amount ?? null, `${entry.lookupKey} ${c}`).toBe(
          entry.amounts[c] === undefined ? null : toMinor(entry.amounts[c]),
        )
      }
    }
    // Spec 000 §9's figures, never converted.
    const yearly = await priceByKey(LOOKUP_KEYS.seatYearly)
    expect([yearly!.unit_amount, yearly!.currency_options?.gbp?.unit_amount, yearly!.currency_options?.eur?.unit_amount]).toEqual(
      [PRICES.USD.yearlyPrice * 100, PRICES.GBP.yearlyPrice * 100, PRICES.EUR.yearlyPrice * 100],
    )
    const startup = await priceByKey(LOOKUP_KEYS.startup)
    expect(startup!.unit_amount).toBe(29 * 12 * 100)
    expect(Object.keys(startup!.currency_options ?? {}).filter((c) => c !== 'usd')).toEqual([])

    const coupon = await stripe.coupons.retrieve(LAUNCH_COUPON_ID, { expand: ['applies_to'] })
    expect(coupon).toMatchObject({ percent_off: LAUNCH_OFFER_PERCENT, duration: 'once' })
    expect(coupon.applies_to?.products).toEqual(['lectern_seat'])
    const codes = await stripe.promotionCodes.list({ code: LAUNCH_OFFER_CODE, active: true })
    expect(codes.data).toHaveLength(1)
    expect(codes.data[0]!.promotion.coupon).toBe(LAUNCH_COUPON_ID)
  })

  it('changes nothing on a second run: no POST at all', async () => {
    const deadline = deadlineIn(30 * DAY)
    await syncCatalogue(stripe, { launchDeadline: deadline, now: nowOfFake() })
    const before = fake.requests.length
    const report = await syncCatalogue(stripe, { launchDeadline: deadline, now: nowOfFake() })
    const second = fake.requests.slice(before)
    expect(second.length).toBeGreaterThan(0)
    expect(second.filter((r) => r.method !== 'GET')).toEqual([])
    expect(report.every((l) => l.action === 'unchanged')).toBe(true)
    expect(report.filter((l) => l.kind === 'price')).toHaveLength(CATALOGUE.length)
  })

  it('replaces a price whose amounts differ: the new one takes the lookup key, the old one is archived', async () => {
    const deadline = deadlineIn(30 * DAY)
    await syncCatalogue(stripe, { launchDeadline: deadline, now: nowOfFake() })
    const old = await priceByKey(LOOKUP_KEYS.solo)
    // Someone made the solo price by hand at a wrong GBP amount: prices cannot be edited, so it is replaced.
    const wrong = await stripe.prices.create({
      product: 'lectern_solo',
      currency: 'usd',
      unit_amount: 4900,
      currency_options: {
        gbp: { unit_amount: 9999, tax_behavior: 'exclusive' },
        eur: { unit_amount: 4500, tax_behavior: 'exclusive' },
      },
      tax_behavior: 'exclusive',
      recurring: { interval: 'month' },
      lookup_key: LOOKUP_KEYS.solo,
      transfer_lookup_key: true,
    })
    const report = await syncCatalogue(stripe, { launchDeadline: deadline, now: nowOfFake() })
    const line = report.find((l) => l.kind === 'price' && l.key === LOOKUP_KEYS.solo)!
    expect(line.action).toBe('replaced')
    expect(line.detail).toContain('gbp 9999 → 3900')
    const now = await priceByKey(LOOKUP_KEYS.solo)
    expect(now!.id).not.toBe(wrong.id)
    expect(now!.currency_options?.gbp?.unit_amount).toBe(3900)
    expect(fake.prices.get(wrong.id)).toMatchObject({ active: false, lookup_key: null })
    expect(fake.prices.get(old!.id)!.lookup_key).toBeNull()
    expect(report.filter((l) => l.action !== 'unchanged')).toEqual([line])
    // And it settles: the run after that changes nothing.
    const before = fake.requests.length
    await syncCatalogue(stripe, { launchDeadline: deadline, now: nowOfFake() })
    expect(fake.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([])
  })

  it('renames a product whose name changed and reactivates an archived price that still matches', async () => {
    const deadline = deadlineIn(30 * DAY)
    await syncCatalogue(stripe, { launchDeadline: deadline, now: nowOfFake() })
    await stripe.products.update('lectern_seat', { name: 'Old seat name' })
    const unlock = await priceByKey(LOOKUP_KEYS.unlock)
    await stripe.prices.update(unlock!.id, { active: false })
    const report = await syncCatalogue(stripe, { launchDeadline: deadline, now: nowOfFake() })
    expect(report.find((l) => l.key === 'lectern_seat')).toMatchObject({
      action: 'updated',
      detail: 'renamed from "Old seat name"',
    })
    expect(fake.products.get('lectern_seat')!.name).toBe(CATALOGUE.find((e) => e.product === 'seat')!.productName)
    expect(report.find((l) => l.key === LOOKUP_KEYS.unlock)).toMatchObject({ action: 'updated', id: unlock!.id })
    expect(fake.prices.get(unlock!.id)!.active).toBe(true)
  })

  it('moves the launch code when the deadline changes, and ends it once the deadline has passed', async () => {
    const first = deadlineIn(10 * DAY)
    await syncCatalogue(stripe, { launchDeadline: first, now: nowOfFake() })
    const [old] = (await stripe.promotionCodes.list({ code: LAUNCH_OFFER_CODE, active: true })).data
    expect(old!.expires_at).toBe(first.getTime() / 1000)

    const later = deadlineIn(20 * DAY)
    const moved = await syncCatalogue(stripe, { launchDeadline: later, now: nowOfFake() })
    expect(moved.filter((l) => l.kind === 'promotion code').map((l) => l.action)).toEqual(['deactivated', 'created'])
    const active = (await stripe.promotionCodes.list({ code: LAUNCH_OFFER_CODE, active: true })).data
    expect(active.map((p) => p.expires_at)).toEqual([later.getTime() / 1000])
    expect(fake.promotionCodes.get(old!.id)!.active).toBe(false)

    // The deadline setting now lies in the past: Stripe refuses such an expiry, so no code is made
    // and the open one is switched off.
    const past = deadlineIn(-DAY)
    const ended = await syncCatalogue(stripe, { launchDeadline: past, now: nowOfFake() })
    expect(ended.filter((l) => l.kind === 'promotion code').map((l) => l.action)).toEqual(['deactivated'])
    expect((await stripe.promotionCodes.list({ code: LAUNCH_OFFER_CODE, active: true })).data).toEqual([])
    const before = posts().length
    await syncCatalogue(stripe, { launchDeadline: past, now: nowOfFake() })
    expect(posts().length).toBe(before)
  })

  it('a fresh account after the deadline gets the catalogue and coupon but no launch code', async () => {
    const report = await syncCatalogue(stripe, { launchDeadline: new Date('2025-06-06T23:59:59Z'), now: nowOfFake() })
    expect(report.some((l) => l.kind === 'promotion code')).toBe(false)
    expect(fake.promotionCodes.size).toBe(0)
    expect(report.filter((l) => l.kind === 'price' && l.action === 'created')).toHaveLength(CATALOGUE.length)
  })

  it('refuses, with the way out, a launch coupon whose terms differ (coupons cannot be edited)', async () => {
    await stripe.products.create({ id: 'lectern_seat', name: 'x' })
    await stripe.coupons.create({ id: LAUNCH_COUPON_ID, percent_off: 50, duration: 'once' })
    const run = syncCatalogue(stripe, { launchDeadline: deadlineIn(DAY), now: nowOfFake() })
    await expect(run).rejects.toBeInstanceOf(CatalogueSyncError)
    await expect(run).rejects.toThrow(/50% off .* delete it in the Stripe dashboard/)
  })
})

describe('npm run billing:sync', () => {
  // Asynchronous: the fake answers from this process, so the test must not block while the command runs.
  const cli = (env: Record<string, string>) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/billing-sync.ts'],
        {
          env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', DATA_DIR: process.env.DATA_DIR ?? '/tmp', ...env },
          encoding: 'utf8',
          timeout: 60_000,
        },
        (error, stdout, stderr) => resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      )
    })

  it('says so and exits non-zero without STRIPE_SECRET_KEY', async () => {
    const run = await cli({})
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('STRIPE_SECRET_KEY is not set')
  })

  it('syncs the account named by the settings and prints the report', async () => {
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_cli',
      STRIPE_API_BASE_URL: fake.url,
      LAUNCH_OFFER_DEADLINE: deadlineIn(5 * DAY).toISOString(),
    }
    const first = await cli(env)
    expect(first.stderr).toBe('')
    expect(first.status).toBe(0)
    expect(first.stdout).toMatch(/created\s+price\s+lectern_seat_yearly/)
    expect(first.stdout).toMatch(/created\s+promotion code\s+ProductHunt/)
    const second = await cli(env)
    expect(second.status).toBe(0)
    expect(second.stdout).toContain('Nothing to change')
  })
})
