import { z } from 'zod'
import { MAX_SEATS, MIN_SEATS } from '~/lib/billing'

// Settings → Billing's forms: open the portal (no fields) and lower the paid seats.

export const BILLING_PATH = '/app/settings/billing'

export const LowerSeatsSchema = z.object({ seats: z.coerce.number().int().min(MIN_SEATS).max(MAX_SEATS) })
