import { z } from 'zod'
import { INTERVALS, MAX_SEATS, MIN_SEATS } from './billing'
import { CHECKOUT_PLANS } from './billing-checkout'
import { CURRENCIES } from './constants'

// The checkout's fields as /billing/checkout parses them (issue 22; docs/billing.md → Buying). A
// module of its own so the pricing pages, which only build links (billing-checkout.ts), do not ship
// the validation library to the browser (the 100 KB budget of a public page).

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.string().max(64).optional(),
)

/** The fields of a checkout, from the query (GET) or the form (POST). Bad values answer 400 next to their field. */
export const CheckoutSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('unlock'),
    sessionId: z.uuid('This session does not exist.'),
    currency: z.enum(CURRENCIES, 'Choose USD, GBP or EUR.').optional(),
  }),
  z.object({
    kind: z.literal('plan'),
    plan: z.enum(CHECKOUT_PLANS, 'Choose Solo or Professional / Teams.'),
    interval: z.enum(INTERVALS, 'Choose monthly or annual.').default('monthly'),
    currency: z.enum(CURRENCIES, 'Choose USD, GBP or EUR.').optional(),
    seats: z.coerce
      .number('Choose 1 to 5 seats.')
      .int('Choose 1 to 5 seats.')
      .min(MIN_SEATS, `Choose ${MIN_SEATS} to ${MAX_SEATS} seats.`)
      .max(MAX_SEATS, `Choose ${MIN_SEATS} to ${MAX_SEATS} seats.`)
      .default(MIN_SEATS),
    promotionCode: optionalText,
  }),
])
export type CheckoutFields = z.infer<typeof CheckoutSchema>
