/**
 * /pricing copy (spec 000 §2). Amounts come from app/lib/pricing.ts (per currency) and
 * app/lib/constants.ts; format them with `formatPrice` in the visitor's currency.
 */
import { FREE_PLAN_LIVE_SESSIONS, FREE_PLAN_VISIBLE_LEADS, ORGANISER_MAX_ADMINS, TEAM_MAX_USERS } from '~/lib/constants'

export const pricingHero = {
  eyebrow: 'Pricing',
  title: 'Start free. Pay when it works.',
  subtitle:
    'Capture leads at your next talk for free, then unlock them only if the session delivered, or go unlimited with a plan.',
} as const

export const pricingFreePlan = {
  name: 'Free to Start',
  badge: 'Pay When It Works',
  price: 'Free',
  features: [
    `${FREE_PLAN_LIVE_SESSIONS} live session`,
    `${FREE_PLAN_VISIBLE_LEADS} visible leads`,
    'Branded landing page',
    'QR code',
  ],
  excluded: ['No analytics or CRM'],
  /** Followed by the unlock fee in the visitor's currency. */
  unlockPrefix: 'Pay',
  unlockSuffix: 'to unlock all leads and analytics. No subscription.',
  cta: { label: 'Start Now', href: '/signup' },
} as const

export const pricingProPlan = {
  name: 'Professional / Teams',
  badge: 'Most Popular',
  perMonth: 'per month',
  billedAnnually: 'billed annually',
  billedMonthly: 'billed monthly',
  saveBadge: 'Save 20%',
  features: [
    'Unlimited sessions and leads',
    'Customised landing page',
    'CRM integration (HubSpot)',
    'ROI and lead analytics dashboard',
    `Team management (up to ${TEAM_MAX_USERS} users)`,
  ],
  /** Goes to checkout (checkoutHref) for the chosen interval and currency. */
  cta: { label: 'Go Pro' },
} as const

export const pricingOrganiserPlan = {
  name: 'Event Organisers',
  badge: 'Multi-Speaker',
  from: 'From',
  perYear: 'per year',
  note: 'Early access pricing',
  features: [
    'Organiser dashboard',
    'Bulk invite and manage speakers',
    'Autogeneration of speaker pages',
    'GDPR-compliant lead export',
    'Insights by event, speaker or session',
    `Team access (up to ${ORGANISER_MAX_ADMINS} admins)`,
    'Volume discounts',
  ],
  cta: { label: 'Contact Us', subject: 'Event Organiser plan enquiry' },
} as const

export const pricingBilling = {
  label: 'Billing period',
  monthly: 'Monthly',
  annual: 'Annual',
} as const

export const pricingStillUnsure = {
  title: 'Still unsure?',
  body: 'Try it at your next talk: your first page is free and needs no card.',
  freePage: { label: 'Create My Free Page', href: '/signup', note: 'No card required' },
  demo: { label: 'Book a Demo' },
  questions: 'Questions? Email us at',
} as const
