/**
 * Product Hunt launch page (/product-hunt) copy.
 *
 * One offer everywhere (ARCHITECTURE decision 6): 40% off the annual Pro plan
 * with code ProductHunt until 6 June 2025. The spec's conflicting "50% off /
 * sign up within 7 days" FAQ line is intentionally not used. The deadline
 * itself is a setting; the copy below states the date.
 * The page shows testimonial `PRODUCT_HUNT_TESTIMONIAL_ID`.
 */
import { LAUNCH_OFFER_CODE, LAUNCH_OFFER_PERCENT, LAUNCH_SHARE_CREDITS, PH_LEADS_THIS_MONTH } from '~/lib/constants'
import type { FaqItem, FeatureCard, Step, TrackedCta } from './types'

// The figures live in app/lib/constants.ts; these names keep the copy readable.
export const LAUNCH_OFFER = {
  discountPercent: LAUNCH_OFFER_PERCENT,
  code: LAUNCH_OFFER_CODE,
  plan: 'annual Pro plan',
  endsLabel: '6 June 2025',
} as const

/** Credits earned for every sign-up that comes through a shared link. */
export const CREDITS_PER_SHARE_SIGNUP = LAUNCH_SHARE_CREDITS

/** Fixed counter shown in the badge (spec 000 §9). */
export const LEADS_THIS_MONTH = PH_LEADS_THIS_MONTH

export const productHuntHero = {
  eyebrow: "We're live on Product Hunt",
  headline: 'Turn every talk into qualified leads',
  subheadline:
    '{brand} gives each of your talks a landing page and QR code, captures your audience in seconds and shows you what every engagement is worth. Launch-week members get 40% off the annual Pro plan.',
  primaryCta: { label: 'Get Started Free', href: '/signup', event: 'ph_cta_clicked' } satisfies TrackedCta,
  secondaryCta: { label: 'See the live demo', external: 'demo-video' } satisfies TrackedCta,
} as const

export const productHuntEmailCapture = {
  title: 'Get your launch discount by email',
  body: 'Leave your email address and we will send you the code for 40% off the annual Pro plan, plus a short guide to capturing leads at your next talk.',
  emailLabel: 'Email address',
  placeholder: 'you@company.com',
  submitLabel: 'Send me the discount',
  success: 'Thanks! Check your inbox for your launch discount.',
  // After the deadline the same form keeps collecting addresses, without promising a code.
  ended: {
    title: 'Hear about our next offer first',
    body: 'The launch offer has ended. Leave your email address and we will tell you about future offers, plus send a short guide to capturing leads at your next talk.',
    submitLabel: 'Keep me posted',
    success: 'Thanks! Check your inbox to confirm your email address.',
  },
} as const

export const productHuntSteps: Step[] = [
  {
    title: 'Create your talk page',
    description: 'Add your talk, choose what attendees get for scanning and brand the page. It takes minutes, not hours.',
  },
  {
    title: 'Show your QR code',
    description:
      'Put the code on your slides, your badge or your stand. Attendees scan and sign up in seconds, with no app to install.',
  },
  {
    title: 'Follow up and measure',
    description: 'Leads arrive sorted and ready for follow-up, and the ROI dashboard shows what the engagement was worth.',
  },
]

export const productHuntStepsCta = {
  label: 'Sign Up Free',
  href: '/signup',
  event: 'ph_signup_clicked',
} satisfies TrackedCta

export const productHuntDemo = {
  title: 'See {brand} in action',
  body: 'Watch a talk page go from set-up to first lead in a couple of minutes.',
} as const

export const productHuntOffer = {
  title: 'Launch offer',
  headline: '40% off the annual Pro plan',
  body: 'Use code ProductHunt at checkout to get 40% off the annual Pro plan. The offer is open until 6 June 2025.',
  codeLabel: 'Your code',
  countdownLabel: 'Offer ends in',
  countdownUnits: { days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
  ended: 'This launch offer has ended. Thank you to everyone who joined us on Product Hunt!',
  cta: {
    label: 'Claim 40% Off',
    href: '/signup?code=ProductHunt',
    event: 'ph_offer_claimed',
  } satisfies TrackedCta,
  share: 'Share {brand} with your network: you earn 10 credits for every person who signs up through your link.',
} as const

export const productHuntFeatures: FeatureCard[] = [
  {
    icon: 'qr-code',
    title: 'QR codes and landing pages',
    description: 'Unlimited QR codes and branded landing pages, one for every talk.',
  },
  {
    icon: 'sparkles',
    title: 'Auto-qualified leads',
    description: 'Qualifying questions sort leads as they arrive, so you call the right people first.',
  },
  {
    icon: 'mail',
    title: 'Seamless follow-up',
    description: "Send the promised resources while your talk is still fresh in everyone's mind.",
  },
  {
    icon: 'chart',
    title: 'ROI dashboard',
    description: 'See leads and results for each engagement and decide where to speak next.',
  },
  {
    icon: 'link',
    title: 'CRM integrations',
    description: 'Send leads to your CRM, with HubSpot in early access and more on the way.',
  },
  {
    icon: 'shield',
    title: 'Privacy built in',
    description: 'Built-in GDPR notices and consent choices on every page. You own your leads.',
  },
]

export const productHuntFeaturesCta = {
  label: 'Start Capturing Leads',
  href: '/signup',
  event: 'ph_features_cta_clicked',
} satisfies TrackedCta

export const productHuntBadge = {
  count: LEADS_THIS_MONTH,
  /** Already formatted: "11,234 leads captured this month". */
  text: '11,234 leads captured this month',
} as const

export const productHuntFaq: FaqItem[] = [
  {
    q: 'What is the launch offer?',
    a: '40% off the annual Pro plan when you use the code ProductHunt at checkout. The offer is open until 6 June 2025.',
  },
  {
    q: 'How do I use the code?',
    a: 'Create your free account, choose the annual Pro plan and enter ProductHunt at checkout. The discount applies to your first annual payment.',
  },
  {
    q: 'Can I start for free?',
    a: 'Yes. The free plan includes one live session and shows your first 3 leads, with no card required. You can upgrade with the code at any time before the offer ends.',
  },
  {
    q: 'How do credits work?',
    a: 'Share {brand} with your network and earn 10 credits for every person who signs up through your link. Credits unlock single premium features without a subscription.',
  },
  {
    q: 'Is attendee data handled responsibly?',
    a: 'Yes. Every landing page includes a privacy notice and consent choices. You own your leads and remain their data controller; we only process them on your behalf.',
  },
  {
    q: 'What happens when the offer ends?',
    a: 'After 6 June 2025 the code no longer works for new purchases. Anyone who claimed it keeps the discount on the annual payment they made.',
  },
]

export const productHuntFinalCta = {
  title: 'Make your next talk your best lead source',
  body: 'Join during launch week and lock in 40% off the annual Pro plan.',
  cta: { label: 'Get Started Free', href: '/signup', event: 'ph_final_cta_clicked' } satisfies TrackedCta,
} as const
