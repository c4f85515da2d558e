/**
 * /compare copy: {brand} versus a do-it-yourself stack.
 *
 * Amounts are numbers in the visitor's chosen currency (USD, GBP or EUR use
 * the same figures here); pass a `FormatMoney` that adds the symbol. Product
 * prices come from the price table (monthlyPrice, teamPrice, diyBasePrice),
 * named by `priceKey` below.
 */
import {
  DIY_MONTHLY_COST_MAX,
  DIY_MONTHLY_COST_MIN,
  DIY_SETUP_HOURS,
  PRICING_ACCURATE_AS_OF,
  QR_TOOL_LIMITED_PRICE,
  QR_TOOL_LIMITED_SCANS,
  QR_TOOL_UNLIMITED_PRICE,
  SETUP_MINUTES,
} from '~/lib/constants'
import type { ContentIcon, CtaLink, FormatMoney } from './types'

/** The DIY stack's QR tool: 17 a month for 300 scans, or 50 for unlimited. */
export const DIY_QR_TOOL_COST = {
  limitedMonthly: QR_TOOL_LIMITED_PRICE,
  limitedScansPerMonth: QR_TOOL_LIMITED_SCANS,
  unlimitedMonthly: QR_TOOL_UNLIMITED_PRICE,
} as const

/** Monthly cost range of the DIY stack: 43 to 111. */
export const DIY_MONTHLY_COST = { min: DIY_MONTHLY_COST_MIN, max: DIY_MONTHLY_COST_MAX } as const

export const COMPARE_SETUP_TIME = { lectern: `Under ${SETUP_MINUTES} minutes`, diy: `${DIY_SETUP_HOURS} hours` } as const

export const COMPARE_PRICING_AS_OF = PRICING_ACCURATE_AS_OF

export const compareHero = {
  eyebrow: 'Compare',
  title: '{brand} vs. the DIY stack',
  subtitle:
    'A QR generator, a form builder, a landing-page tool, a spreadsheet and an email app can be made to capture leads. Here is what that really costs in time and money, and what you get with {brand} instead.',
} as const

export type CompareSummaryCard = {
  icon: ContentIcon
  title: string
  lectern: string
  diy: string
}

export function compareSummaryCards(money: FormatMoney): CompareSummaryCard[] {
  return [
    {
      icon: 'clock',
      title: 'Setup time',
      lectern: 'Under 30 minutes',
      diy: '6-10 hours of connecting tools',
    },
    {
      icon: 'credit-card',
      title: 'Monthly cost',
      lectern: 'Free to start, then one plan',
      diy: `${money(DIY_MONTHLY_COST.min)} to ${money(DIY_MONTHLY_COST.max)} a month across several tools`,
    },
    {
      icon: 'shield',
      title: 'Compliance',
      lectern: 'Built-in GDPR notices and consent records',
      diy: 'Notices you write and keep up to date in every tool',
    },
    {
      icon: 'target',
      title: 'Results',
      lectern: '30+ qualified leads per engagement',
      diy: 'Unsorted sign-ups to qualify by hand',
    },
  ]
}

export type CompareRow = {
  feature: string
  /** true = included, false = not available, string = details. */
  lectern: string | boolean
  diy: string | boolean
}

export const compareTable = {
  title: 'Feature by feature',
  columns: { feature: 'Feature', lectern: '{brand}', diy: 'DIY stack' },
} as const

export const compareRows: CompareRow[] = [
  { feature: 'Setup time', lectern: 'Under 30 minutes', diy: '6-10 hours' },
  { feature: 'Branded landing page for every talk', lectern: true, diy: 'Separate page builder' },
  { feature: 'QR codes', lectern: 'Unlimited', diy: 'Scan limits on cheaper plans' },
  { feature: 'Mobile-first lead form', lectern: true, diy: 'Form builder you style yourself' },
  { feature: 'Built-in GDPR notices and consent records', lectern: true, diy: false },
  {
    feature: 'Lead qualification',
    lectern: 'Qualifying questions and automatic sorting',
    diy: 'Manual sorting in a spreadsheet',
  },
  { feature: 'Real-time lead dashboard', lectern: true, diy: false },
  { feature: 'ROI tracking per engagement', lectern: true, diy: 'Spreadsheet formulas' },
  {
    feature: 'Native CRM integrations',
    lectern: 'HubSpot in early access, more coming soon',
    diy: 'Paid connectors or manual CSV imports',
  },
  { feature: 'Export your leads at any time', lectern: true, diy: true },
  {
    feature: 'Team management',
    lectern: 'Up to 5 users on Professional / Teams',
    diy: 'Shared logins across tools',
  },
  { feature: 'Multi-speaker event dashboard', lectern: 'Event Organiser plan', diy: false },
  { feature: 'Tools to maintain', lectern: 'One', diy: 'Five or more' },
  { feature: 'Support', lectern: 'One team to ask', diy: 'A different vendor for each tool' },
]

/** Sentence about the DIY QR tool's pricing, in the chosen currency. */
export function diyQrToolCostText(money: FormatMoney): string {
  return `The QR code tool alone costs ${money(DIY_QR_TOOL_COST.limitedMonthly)} a month for ${DIY_QR_TOOL_COST.limitedScansPerMonth} scans, or ${money(DIY_QR_TOOL_COST.unlimitedMonthly)} a month for unlimited scans.`
}

/** Sentence about the DIY stack's total monthly cost, in the chosen currency. */
export function diyMonthlyCostText(money: FormatMoney): string {
  return `Together, a typical DIY stack costs ${money(DIY_MONTHLY_COST.min)} to ${money(DIY_MONTHLY_COST.max)} a month, before you count the hours spent connecting and maintaining it.`
}

export const diyStackComponents: string[] = [
  'QR code generator',
  'Form builder',
  'Landing page builder',
  'Spreadsheet or basic CRM',
  'Email marketing tool',
  'Privacy notice and consent tooling',
]

export type ComparePricingTabId = 'solo' | 'teams' | 'enterprise'

export type ComparePricingTab = {
  id: ComparePricingTabId
  label: string
  /** Price-table field to show for the chosen currency; null = custom pricing. */
  priceKey: 'monthlyPrice' | 'teamPrice' | null
  priceUnit: string
  note: string
  includes: string[]
  /** The plan's checkout buttons (checkoutHref): a label per billing interval. */
  buy?: { plan: 'solo' | 'pro'; monthly: string; annual?: string }
}

export const comparePricing = {
  /** Page anchor: #full-pricing */
  id: 'full-pricing',
  title: 'Full pricing comparison',
  intro: 'Choose your currency and plan to compare the total cost of {brand} with a DIY stack.',
  currencyLabel: 'Currency',
  lecternLabel: '{brand}',
  diyLabel: 'DIY stack',
  diyPriceKey: 'diyBasePrice',
  diyPriceUnit: 'per month, typical',
  diyIncludesLabel: 'What you would need',
  accurateAsOf: 'Pricing accurate as of 16 May 2025.',
} as const

export const comparePricingTabs: ComparePricingTab[] = [
  {
    id: 'solo',
    label: 'Solo',
    priceKey: 'monthlyPrice',
    priceUnit: 'per month for unlimited use',
    note: 'Free to use with a per-session unlock fee, or unlimited monthly.',
    includes: [
      'Branded landing page and QR code for every talk',
      'Lead capture with built-in GDPR notices',
      'Lead and ROI analytics',
    ],
    buy: { plan: 'solo', monthly: 'Go Solo' },
  },
  {
    id: 'teams',
    label: 'Professional / Teams',
    priceKey: 'teamPrice',
    priceUnit: 'per seat per month',
    note: 'Save 20% with annual billing.',
    includes: [
      'Unlimited sessions and leads',
      'Customised landing pages',
      'CRM integration and ROI dashboard',
      'Team management for up to 5 users',
    ],
    buy: { plan: 'pro', monthly: 'Go Pro', annual: 'Go Pro, billed annually' },
  },
  {
    id: 'enterprise',
    label: 'Enterprise',
    priceKey: null,
    priceUnit: 'Custom pricing',
    note: 'Tailored to your organisation. Contact us for a quote.',
    includes: [
      'Everything in Professional / Teams',
      'Single sign-on (SSO)',
      'API access and webhooks',
      'Compliance certifications',
      'AI data enrichment',
    ],
  },
]

export const compareFinalCta = {
  title: 'Spend your time on the talk, not the tooling',
  body: 'Set up your first landing page and QR code in under 30 minutes.',
  primary: { label: 'Sign Up Free', href: '/signup' } satisfies CtaLink,
  secondary: { label: 'Book a Demo', external: 'demo-calendar' } satisfies CtaLink,
} as const
