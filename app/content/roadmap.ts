/**
 * /roadmap copy. Section ids are the page anchors (#near-term, …).
 * "{brand}" is replaced by the configured brand (`withBrand` / `withBrandDeep`).
 */
import type { ContentIcon, CtaLink } from './types'

export type RoadmapSectionId = 'near-term' | 'integrations' | 'branding' | 'data' | 'credits' | 'vision'

export type RoadmapItem = { title: string; description: string }

export type RoadmapSection = {
  id: RoadmapSectionId
  icon: ContentIcon
  title: string
  intro: string
  /** Plan availability note, e.g. 'Pro/Teams & Up'. */
  availability?: string
  items: RoadmapItem[]
}

export const ROADMAP_TIMELINE_NOTE = 'Timelines may shift.'

export const ROADMAP_PLANS_NOTE = 'Pro and Teams include most premium features; standard users use credits.'

export const roadmapHero = {
  title: 'Product Roadmap',
  subtitle:
    'Where {brand} is heading next: smarter follow-up, deeper integrations and more ways to turn every talk into measurable results.',
  notes: [ROADMAP_TIMELINE_NOTE, ROADMAP_PLANS_NOTE],
} as const

export const roadmapSections: RoadmapSection[] = [
  {
    id: 'near-term',
    icon: 'sparkles',
    title: 'Near-Term Enhancements',
    intro: 'What we are working on now to make follow-up faster and results clearer.',
    items: [
      {
        title: 'AI follow-up emails',
        description:
          'Draft a personal follow-up for each lead from your talk topic and the answers they gave, ready for you to review and send.',
      },
      {
        title: 'AI lead scoring',
        description:
          'Each lead is sorted as cold, warm, hot or potential partner, so you know who to call first and who deserves a different conversation.',
      },
      {
        title: 'Extended ROI summaries',
        description:
          'Richer per-engagement reports that set leads, pipeline and costs side by side, ready to share with your team or the event organiser.',
      },
      {
        title: 'CRM sync',
        description: 'Continuous two-way sync with your CRM so new leads and their status stay up to date without exports.',
      },
    ],
  },
  {
    id: 'integrations',
    icon: 'link',
    title: 'Deeper Integrations & Personalization',
    intro: 'Make every touchpoint look and feel like it comes from you.',
    items: [
      {
        title: 'White-labelled email from your domain',
        description: 'Send follow-ups from your own domain and address, so they are recognised, trusted and delivered.',
      },
      {
        title: 'Custom landing page and QR branding',
        description: 'Your colours, logo and fonts on every landing page, and QR codes styled to match your slides.',
      },
    ],
  },
  {
    id: 'branding',
    icon: 'palette',
    title: 'Advanced Branding & Monetization',
    intro: 'Turn your landing page into a storefront as well as a sign-up form.',
    availability: 'Pro/Teams & Up',
    items: [
      {
        title: 'Paid content access',
        description:
          'Charge for premium material such as recordings, templates or workshop kits, with card payments through a payment provider. Choose a flat fee or a revenue share.',
      },
      {
        title: 'Social links',
        description: 'Show your social profiles on every landing page so attendees can follow you as well as sign up.',
      },
      {
        title: 'Meeting-booking button',
        description: 'Let your warmest leads book a call with you directly from the landing page.',
      },
    ],
  },
  {
    id: 'data',
    icon: 'target',
    title: 'Custom Data & Retargeting',
    intro: 'Know more about your audience and reach it again.',
    items: [
      {
        title: 'Data enrichment plugins',
        description: 'Add company and role information to leads automatically, to help you qualify them without research.',
      },
      {
        title: 'Ad retargeting pixels',
        description:
          'Add your ad and analytics pixels to landing pages, shown only with visitor consent, to reach engaged attendees again.',
      },
    ],
  },
  {
    id: 'credits',
    icon: 'star',
    title: 'Credit System & One-Off Upgrades',
    intro: 'Not every speaker needs a subscription. Credits let you unlock single premium features when you need them.',
    items: [
      {
        title: 'Pay only for what you use',
        description:
          'Spend credits on one-off upgrades, such as an AI follow-up batch or an extended ROI report for a single event.',
      },
      {
        title: 'Earn credits by sharing',
        description: 'Invite other speakers and earn credits when they sign up, then spend them on the features you want.',
      },
      {
        title: 'Included with Pro and Teams',
        description: ROADMAP_PLANS_NOTE,
      },
    ],
  },
  {
    id: 'vision',
    icon: 'rocket',
    title: 'Long-Term Vision',
    intro: 'Where we want {brand} to be: an assistant for every stage of your speaking business.',
    items: [
      {
        title: 'AI chat companion',
        description:
          'Ask questions about your audiences and results in plain language, and get suggestions for your next talk and follow-up.',
      },
      {
        title: 'Real-time smart lead alerts',
        description:
          'Get notified the moment a high-value lead scans, while you are still at the venue and can find them in person.',
      },
    ],
  },
]

export type RoadmapClosingBlock = {
  title: string
  paragraphs: string[]
  list?: string[]
}

export const roadmapUpdates: RoadmapClosingBlock = {
  title: "How & When You'll See These Updates",
  paragraphs: ['We release improvements continuously rather than in big launches. You will hear about new features in two ways:'],
  list: [
    'Email alerts: customers and mailing-list subscribers get a short note when a feature goes live.',
    'Website roadmap: this page is updated as items move from planned to in progress to released.',
  ],
}

export const roadmapFeedback: RoadmapClosingBlock = {
  title: 'Questions or Feedback?',
  paragraphs: [
    'Your requests shape this roadmap. Email our roadmap team with ideas, questions or the integration you are missing.',
    'Want to try features before anyone else? Tell us and we will invite you to beta-test new releases.',
  ],
}

export const roadmapGetStarted = {
  title: 'Get Started Today',
  body: 'Join the mailing list to hear first when new features go live, and start capturing leads at your next talk in the meantime.',
  /** The button goes to the mailing-list sign-up (an optional external URL). */
  cta: { label: 'Get Started Today', external: 'mailing-list' } satisfies CtaLink,
} as const

export const roadmapContactLabel = 'Email the roadmap team'
