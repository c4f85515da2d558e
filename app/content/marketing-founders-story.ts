/**
 * Founder's story (/our-founders-story) copy. "{brand}" is replaced by the
 * configured brand. The page shows the testimonial
 * `FOUNDERS_STORY_TESTIMONIAL_ID` from `testimonials.ts`.
 */
import type { FaqItem, FeatureCard, TrackedCta } from './types'

export const foundersStoryHero = {
  eyebrow: "Our founders' story",
  title: 'Great talks deserve better than a pile of business cards',
  subtitle: 'We built {brand} after years on stage, watching the interest we created in the room disappear before we got home.',
} as const

export const foundersStory = {
  title: 'How {brand} started',
  paragraphs: [
    'For years we were the people on stage. We gave keynotes, ran workshops and sat on panels at conferences, trade shows and community meetups. The talks went well: people came up afterwards, asked good questions and promised to stay in touch.',
    'Then we went home with a handful of business cards, a few connection requests from people we could not place, and no way of knowing who in that room had actually wanted to work with us. The energy of the session rarely survived the journey home.',
    'We tried to fix it ourselves. A QR code generator here, a form builder there, a spreadsheet to merge it all, an email tool for the follow-up, and a privacy notice we hoped was right. It took most of a day to set up for every talk, and it still broke at the worst possible moments.',
    'So we built the tool we wanted: one landing page and QR code per talk, a form attendees complete in seconds, leads that arrive already sorted, follow-up that goes out while the talk is still fresh, and a clear picture of what each engagement was worth.',
    '{brand} is the result. It is built for speakers first, and for the organisers, founders, marketers and exhibitors who share the same problem: a room full of interested people and too little time to reach them.',
  ],
} as const

export const foundersStoryWhy = {
  title: 'Why {brand}?',
  paragraphs: [
    'Speaking is one of the most effective ways to build trust with potential customers, partners and employers. Yet most of its value is lost after the applause, because there is no simple, respectful way for an interested listener to raise their hand.',
    '{brand} gives them that way, and gives you everything that follows: qualified leads, timely follow-up and numbers you can act on.',
    'Collecting details should never mean cutting corners. {brand} helps speakers stay GDPR and CCPA compliant, with clear privacy notices and consent choices on every landing page, and you always own the leads you collect.',
  ],
} as const

/** Exactly four cards. */
export const foundersStoryFeatureCards: FeatureCard[] = [
  {
    icon: 'qr-code',
    title: 'Instant Audience Data Capture',
    description:
      'Attendees scan the QR code on your slide and leave their details in seconds, on a landing page branded for your talk.',
  },
  {
    icon: 'sparkles',
    title: 'Auto-Qualified Leads',
    description:
      'Qualifying questions sort every lead as it arrives, so you know who to contact first and who simply wanted the slides.',
  },
  {
    icon: 'mail',
    title: 'Seamless Follow-Up',
    description:
      'Send the promised resources and next steps while your talk is still fresh, or pass leads to the tools your team already uses.',
  },
  {
    icon: 'chart',
    title: 'ROI Dashboard',
    description:
      'See leads, follow-ups and results for every engagement in one view, and decide where to speak next with evidence.',
  },
]

export const foundersStoryCta = {
  title: 'Ready to make your next talk count?',
  body: 'Create your first landing page and QR code in minutes. It is free to start.',
  cta: {
    label: 'Start Your Free Account',
    href: '/signup',
    event: 'founders_story_cta_clicked',
  } satisfies TrackedCta,
} as const

export const foundersStoryFaq: FaqItem[] = [
  {
    q: 'Who is {brand} for?',
    a: 'Speakers first, and anyone who presents to an audience they would like to hear from again: event organisers, founders, consultants, marketers and exhibitors.',
  },
  {
    q: 'Do attendees need to install an app?',
    a: 'No. Attendees scan the QR code with their phone camera and fill in a short form on a web page. Nothing to download, no account to create.',
  },
  {
    q: 'How does {brand} help me stay GDPR and CCPA compliant?',
    a: 'Every landing page shows a clear privacy notice and records the consent choices each attendee makes. You are the owner and controller of your leads; we process them only on your behalf, under our Data Processing Addendum.',
  },
  {
    q: 'How long does it take to set up?',
    a: 'Most speakers create their first talk page and QR code in under 30 minutes, compared with 6-10 hours for a do-it-yourself stack.',
  },
  {
    q: 'Can I try it before I pay?',
    a: 'Yes. The free plan includes one live session and shows your first 3 leads. If the session works for you, unlock all its leads and analytics with a one-off fee, or upgrade to a plan.',
  },
]

export const foundersStoryFaqContact = {
  text: 'Still have a question?',
  linkLabel: 'Email us',
} as const
