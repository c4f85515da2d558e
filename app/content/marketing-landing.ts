/**
 * Landing page (/) copy. "{brand}" is replaced by the configured brand
 * (`withBrand` / `withBrandDeep`). Testimonials live in `testimonials.ts`.
 */
import type { CtaLink, FeatureCard } from './types'

export const landingHero = {
  eyebrow: 'Lead capture for event speakers',
  headline: 'Turn every talk into a pipeline',
  subheadline:
    '{brand} gives each talk its own landing page and QR code. Your audience scans, leaves their details in seconds, and you walk off stage with qualified leads, consent on record and a clear view of what the engagement was worth.',
  primaryCta: { label: 'Get Started', href: '/signup' } satisfies CtaLink,
  secondaryCta: { label: 'Watch Demo', external: 'demo-video' } satisfies CtaLink,
  reassurance: 'Free to start. No card required. Set up in under 30 minutes.',
} as const

/**
 * Logo strip. Generic descriptions of where the product is used, not customer
 * names: render as text badges.
 */
export const landingLogoStrip = {
  heading: 'Built for every kind of stage',
  labels: [
    'Industry keynotes',
    'SaaS conferences',
    'Marketing summits',
    'Startup demo days',
    'Trade-show stands',
    'Community meetups',
    'Corporate workshops',
    'Virtual summits',
  ],
} as const

export const landingFeatureCards: FeatureCard[] = [
  {
    icon: 'qr-code',
    title: 'A landing page and QR code for every talk',
    description:
      'Create a branded page in minutes, put the QR code on your slides and let your audience sign up from their phones in seconds.',
  },
  {
    icon: 'sparkles',
    title: 'Leads that qualify themselves',
    description:
      'Ask the right question on your page and see at a glance who wants a call, who wants the slides and who could become a partner.',
  },
  {
    icon: 'chart',
    title: 'ROI you can show',
    description: 'Track leads, follow-ups and pipeline for every engagement, so you know which stages are worth your time.',
  },
]

export type LandingFeatureSection = {
  id: string
  eyebrow: string
  title: string
  description: string
  bullets: string[]
}

export const landingFeatureSections: LandingFeatureSection[] = [
  {
    id: 'capture',
    eyebrow: 'Capture',
    title: 'Capture the room before it empties',
    description:
      'The best moment to collect interest is while people are still in their seats. {brand} makes signing up the easiest thing they do all day.',
    bullets: [
      'Unlimited QR codes and branded landing pages',
      'Mobile-first forms that take seconds to complete',
      'Offer your slides, a recording or a resource in exchange for a scan',
      'Built-in GDPR notices and consent checkboxes on every page',
    ],
  },
  {
    id: 'follow-up',
    eyebrow: 'Follow up',
    title: 'Follow up while they still remember you',
    description:
      'Leads appear in your dashboard as people scan, already sorted by what they asked for, so your follow-up lands the same day.',
    bullets: [
      'See every lead in real time during and after your talk',
      'Segment by the answers attendees give on your page',
      'Send leads to your CRM with native CRM integrations, or export them at any time',
      'Keep newsletter consent separate, so your lists stay clean',
    ],
  },
  {
    id: 'measure',
    eyebrow: 'Measure',
    title: 'Know what every talk is worth',
    description:
      'Speaking takes preparation, travel and time. The ROI dashboard shows what each engagement gave back, so you can choose your next stage with evidence.',
    bullets: [
      'Leads, follow-ups and pipeline per engagement',
      'Compare events, sessions and talk topics side by side',
      'Share results with your team or the event organiser',
      'Speakers using {brand} aim for 30+ qualified leads per engagement',
    ],
  },
  {
    id: 'teams',
    eyebrow: 'Teams & organisers',
    title: 'Ready for teams and multi-speaker events',
    description: 'Bring your colleagues, or every speaker at your event, into one place while each keeps their own leads.',
    bullets: [
      'Team management for up to 5 users on Professional / Teams',
      'An organiser dashboard to invite and manage speakers in bulk',
      'Speaker pages generated automatically for your line-up',
      'Insights by event, speaker or session, with GDPR-compliant lead export',
    ],
  },
]

export const landingTestimonialsHeading = 'Speakers who stopped losing leads'

/** DIY comparison teaser linking to /compare. */
export const landingDiyComparison = {
  title: '{brand} or a do-it-yourself stack?',
  intro:
    'You could stitch together a QR generator, a form builder, a landing-page tool, a spreadsheet and an email app. Here is what you get instead.',
  points: [
    { label: 'Setup time', lectern: 'Under 30 minutes', diy: '6-10 hours' },
    {
      label: 'Results',
      lectern: '30+ qualified leads per engagement',
      diy: 'Unqualified sign-ups to sort by hand',
    },
    {
      label: 'Privacy',
      lectern: 'Built-in GDPR notices',
      diy: 'Notices you write and maintain yourself',
    },
    {
      label: 'QR codes and pages',
      lectern: 'Unlimited QR codes and branded landing pages',
      diy: 'Scan limits and a separate page builder',
    },
    {
      label: 'CRM',
      lectern: 'Native CRM integrations',
      diy: 'Manual exports or paid connectors',
    },
  ],
  cta: { label: 'See the full comparison', href: '/compare' } satisfies CtaLink,
} as const

export const landingIdeasLink = {
  text: 'Looking for inspiration for your next event?',
  cta: {
    label: 'Explore 100 Ways to Capture Leads',
    href: '/event-lead-capture-ideas',
  } satisfies CtaLink,
} as const

export const landingDemo = {
  title: 'Want a walkthrough?',
  body: 'Book a short call and we will set up your first talk page with you.',
  cta: { label: 'Schedule Demo', external: 'demo-calendar' } satisfies CtaLink,
} as const

export const landingFinalCta = {
  title: 'Your next talk could be your best lead source',
  body: 'Create your first landing page and QR code for free. Pay only when it works.',
  cta: { label: 'Get Started', href: '/signup' } satisfies CtaLink,
} as const
