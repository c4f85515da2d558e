/**
 * Startup program (/startup-program) copy. Eligibility is stated in copy only
 * and is not enforced (spec 000 §2). Prices are the spec's fixed USD figures
 * (spec 000 §9), not currency-dependent.
 */
import { STARTUP_PLAN } from '~/lib/constants'
import type { CtaLink, FeatureCard } from './types'

// The figures live in app/lib/constants.ts (STARTUP_PLAN); these names keep the copy readable.
export const STARTUP_PRICING = {
  currency: 'USD',
  seats: STARTUP_PLAN.seats,
  startupPerSeatMonthly: STARTUP_PLAN.seatPricePerMonth,
  startupAnnualTotal: STARTUP_PLAN.yearlyPrice,
  standardPerSeatMonthly: STARTUP_PLAN.standardSeatPricePerMonth,
  standardAnnualTotal: STARTUP_PLAN.standardYearlyPrice,
  discountPercent: STARTUP_PLAN.discountPercent,
  firstYearSaving: STARTUP_PLAN.savedFirstYear,
  validityMonths: STARTUP_PLAN.validityMonths,
} as const

export const startupHero = {
  eyebrow: 'Startup Program',
  title: 'Pro-level lead capture for early-stage teams',
  subtitle:
    'Every talk, demo day and meetup is a chance to find your first customers. The {brand} Startup Program gives your team 3 Pro seats at 41% off for your first year.',
  primaryCta: { label: 'Apply Now', href: '#apply' } satisfies CtaLink,
  secondaryCta: { label: 'See the benefits', href: '#benefits' } satisfies CtaLink,
} as const

export const startupBenefitItems: FeatureCard[] = [
  {
    icon: 'users',
    title: '3 seats for your team',
    description: 'Bring your co-founders or first hires. Every seat has full Pro features.',
  },
  {
    icon: 'qr-code',
    title: 'Unlimited sessions and leads',
    description: 'A landing page and QR code for every pitch, talk and meetup, with no lead limits.',
  },
  {
    icon: 'palette',
    title: 'Your brand on every page',
    description: 'Customised landing pages that look like your company, not like a form tool.',
  },
  {
    icon: 'link',
    title: 'CRM integration',
    description: 'Send leads to the CRM you are building your pipeline in, as integrations become available.',
  },
  {
    icon: 'chart',
    title: 'ROI and lead analytics',
    description: 'See which events bring real pipeline, so you spend scarce time where it pays back.',
  },
  {
    icon: 'message',
    title: 'Founder community',
    description: 'Swap speaking opportunities, pitch feedback and follow-up tactics with other founders in the program.',
  },
]

export const startupBenefits = {
  id: 'benefits',
  title: 'What you get',
  intro: 'Everything in the Professional / Teams plan, priced for companies at the start of their journey.',
  items: startupBenefitItems,
} as const

export const startupQualification = {
  title: 'Who qualifies',
  intro: 'The program is for young, small companies. You are eligible if:',
  criteria: [
    'your company is under 3 years old;',
    'you have fewer than 20 employees;',
    'you are pre-Series A or have under $500k annual revenue.',
  ],
  note: 'Not sure you fit? Apply anyway and tell us about your company. We review every application.',
} as const

export const startupPricing = {
  title: 'Startup pricing',
  startupCard: {
    label: 'Startup Program',
    price: '$29',
    unit: 'per month per seat',
    total: '$1,044 per year for 3 seats',
    badge: '41% discount',
    points: ['3 seats included', 'One annual payment', 'Valid for 12 months', '$720 saved in year one'],
  },
  standardCard: {
    label: 'Standard Professional / Teams',
    price: '$49',
    unit: 'per month per seat, billed annually',
    total: '$1,764 per year for 3 seats',
    points: ['Same features', 'Standard annual pricing'],
  },
  footnote:
    'Startup pricing is valid for 12 months from your first payment and is paid in one annual payment. After that, your plan continues at standard pricing unless you choose otherwise.',
} as const

export const startupCommunity = {
  title: 'Join a community of founders who speak',
  paragraphs: [
    "Founders are their company's best storytellers. The program connects you with other early-stage founders who use talks, demo days and meetups to find customers.",
    'Share the events worth attending, rehearse your pitch with people who understand it, and learn which follow-up actually turns an audience into a pipeline.',
  ],
  bullets: [
    'Introductions to speaking opportunities and event organisers',
    'Peer feedback on talks, pitches and landing pages',
    'Practical sessions on lead capture and follow-up',
    'Early access to new {brand} features',
  ],
} as const

export const startupApply = {
  id: 'apply',
  title: 'Apply for the Startup Program',
  intro: 'Tell us about your company. It takes about two minutes, and we reply to every application by email.',
  labels: {
    fullName: 'Full name',
    email: 'Work email',
    companyName: 'Company name',
    website: 'Website (optional)',
    yearFounded: 'Year founded',
    employees: 'Number of employees',
    revenueStage: 'Annual revenue',
    role: 'Your role (optional)',
    why: 'Why do you want to join? (optional)',
  },
  revenueOptions: [
    { value: '<$100k', label: 'Under $100k' },
    { value: '$100k-$500k', label: '$100k to $500k' },
    { value: '>$500k', label: 'Over $500k' },
  ],
  submitLabel: 'Submit Application',
  success: 'Thank you for applying! We have received your application and will be in touch by email soon.',
} as const
