/**
 * /integrations: sections, statuses (spec 000 §2 and §4), get-started steps
 * and FAQ. Product names of the tools are the tools' own names; "{brand}" is
 * replaced by the configured brand (`withBrand` / `withBrandDeep`).
 */
import type { ContentIcon, FaqItem, Step } from './types'

export type IntegrationStatus =
  | 'Early Access'
  | 'Coming Soon'
  | 'In Development'
  | 'Supported (contact us)'
  | 'Planned'
  | 'On Request'
  | 'Possible Future Integration'

/** Statuses in legend order, most available first. */
export const INTEGRATION_STATUSES: IntegrationStatus[] = [
  'Early Access',
  'Supported (contact us)',
  'In Development',
  'Coming Soon',
  'Planned',
  'On Request',
  'Possible Future Integration',
]

export const integrationStatusDescriptions: Record<IntegrationStatus, string> = {
  'Early Access': 'Working today for a limited group of customers while we refine it. Ask to join.',
  'Supported (contact us)': 'Available now with a little setup help from our team. Contact us and we will connect it for you.',
  'In Development': 'Being built now.',
  'Coming Soon': 'Next in line once the current work ships.',
  Planned: 'On our roadmap, with design work under way.',
  'On Request': 'Built for customers who need it. Tell us about your use case.',
  'Possible Future Integration': 'Being considered. Customer demand decides whether and when we build it.',
}

export type IntegrationSectionId = 'crm' | 'payment' | 'email' | 'enrichment' | 'analytics' | 'automation'

export type Integration = {
  name: string
  description: string
  status: IntegrationStatus
  /** Plans the integration is for, when restricted, e.g. 'Pro/Teams'. */
  plans?: string
  /** Tools covered by a grouped integration. */
  covers?: string[]
}

export type IntegrationSection = {
  id: IntegrationSectionId
  icon: ContentIcon
  title: string
  description: string
  items: Integration[]
}

export const integrationsHero = {
  title: 'Integrations',
  subtitle:
    'Send your leads where your team already works. {brand} connects event lead capture to your CRM, email platform and automation tools, with more on the way.',
  note: 'Statuses are updated as work progresses. Timelines may shift.',
} as const

export const integrationSections: IntegrationSection[] = [
  {
    id: 'crm',
    icon: 'users',
    title: 'CRM & Sales',
    description:
      'Push leads into your CRM with the event, session and qualification answers attached, so sales can follow up without retyping anything.',
    items: [
      {
        name: 'HubSpot',
        description:
          'Create or update contacts by email from new and changed leads, with the fields you map, including the talk and event they came from. Erased attendees are removed.',
        status: 'Early Access',
      },
      {
        name: 'Salesforce',
        description: 'Send leads to Salesforce as leads or contacts, with field mapping you control.',
        status: 'Coming Soon',
      },
      {
        name: 'Pipedrive',
        description: 'Add leads as people and open deals for your hottest prospects automatically.',
        status: 'Coming Soon',
      },
    ],
  },
  {
    id: 'payment',
    icon: 'credit-card',
    title: 'Payment',
    description: 'Take card payments for paid content and upgrades directly from your landing pages.',
    items: [
      {
        name: 'Stripe',
        description: 'Charge for premium content such as workshop materials or recordings, with payouts to your own account.',
        status: 'In Development',
      },
    ],
  },
  {
    id: 'email',
    icon: 'mail',
    title: 'Email Marketing',
    description: 'Add opted-in leads to your mailing lists and send follow-ups that arrive while your talk is still fresh.',
    items: [
      {
        name: 'Mailchimp',
        description: 'Add opted-in leads to an audience, with tags for the event and session.',
        status: 'Supported (contact us)',
      },
      {
        name: 'MailerLite',
        description: 'Add opted-in leads to a group and start your follow-up automation.',
        status: 'Supported (contact us)',
      },
      {
        name: 'Drag-and-drop email builder',
        description: 'Design and send follow-up emails inside {brand} without a separate email tool.',
        status: 'Coming Soon',
        plans: 'Pro/Teams',
      },
    ],
  },
  {
    id: 'enrichment',
    icon: 'layers',
    title: 'Data Enrichment',
    description: 'Complete lead records with company and role information so you can prioritise follow-up.',
    items: [
      {
        name: 'Clearbit',
        description: 'Add company size, industry and location to leads from their work email.',
        status: 'Planned',
      },
      {
        name: 'Apollo',
        description: 'Fill in job titles and company details to help qualify leads faster.',
        status: 'Planned',
      },
      {
        name: 'Custom APIs',
        description: 'Connect your own enrichment or internal data source through an API built for your needs.',
        status: 'On Request',
      },
    ],
  },
  {
    id: 'analytics',
    icon: 'chart',
    title: 'Analytics',
    description: 'Measure and retarget the audiences your talks attract.',
    items: [
      {
        name: 'Pixel integration',
        description:
          'Add your own analytics and ad pixels to your landing pages, shown only to visitors who consent, so you can measure and retarget your audiences.',
        status: 'Planned',
        plans: 'Pro/Teams',
        covers: ['Meta Pixel', 'Google Analytics', 'LinkedIn Insight Tag', 'TikTok Pixel'],
      },
      {
        name: 'Advanced analytics',
        description: 'Deeper funnel and attribution reporting across events, sessions and channels.',
        status: 'Possible Future Integration',
      },
    ],
  },
  {
    id: 'automation',
    icon: 'link',
    title: 'Workflow Automation',
    description: 'Trigger your own workflows whenever a new lead arrives.',
    items: [
      {
        name: 'Zapier',
        description:
          'Start a Zap for every new or changed lead with Webhooks by Zapier and the {brand} API: an API key, instant REST-hook triggers and actions on leads, with a step-by-step guide in the API reference.',
        status: 'Early Access',
        plans: 'Pro/Teams/Organiser',
      },
      {
        name: 'Make',
        description:
          "Build scenarios that route, filter and enrich new leads with Make's webhook and HTTP modules and the {brand} API: instant triggers through REST hooks, or polling lists that are newest first.",
        status: 'Early Access',
        plans: 'Pro/Teams/Organiser',
      },
      {
        name: 'n8n',
        description:
          "Automate lead handling with n8n's Webhook and HTTP Request nodes and the {brand} API, self-hosted or in the cloud: new, changed and erased leads arrive as signed events.",
        status: 'Early Access',
        plans: 'Pro/Teams/Organiser',
      },
    ],
  },
]

export const getStartedSteps: Step[] = [
  {
    title: 'Create your free account',
    description: 'Sign up with your email address. There is no password to remember and no card required.',
  },
  {
    title: 'Set up your talk page and QR code',
    description: 'Add your talk, choose what attendees receive for scanning, and download the QR code for your slides.',
  },
  {
    title: 'Choose where your leads go',
    description: 'Connect an integration marked Early Access or Supported, or export your leads as a file at any time.',
  },
  {
    title: 'Capture and follow up',
    description: 'Present, watch leads arrive in your dashboard, and follow up while your talk is still fresh.',
  },
]

export const integrationFaq: FaqItem[] = [
  {
    q: 'Which integrations can I use today?',
    a: 'HubSpot is available in early access, and Mailchimp and MailerLite are supported with a little setup help from our team. You can also export your leads as a file at any time and import them into any tool.',
  },
  {
    q: 'What is the difference between Coming Soon, Planned and On Request?',
    a: 'Coming Soon integrations are next in line after the current work. Planned integrations are on our roadmap. On Request integrations are built for customers who need them, so tell us about your use case. Timelines may shift.',
  },
  {
    q: 'Which plans include integrations?',
    a: 'CRM integration is part of the Professional / Teams plan. The pixel integration and the drag-and-drop email builder are planned for Pro/Teams. Enterprise customers can also ask about API access, webhooks and custom integrations.',
  },
  {
    q: 'Will my leads be sent anywhere without my say?',
    a: 'No. Leads stay in your {brand} account until you connect an integration or export them. You own your lead data, and you can disconnect an integration at any time.',
  },
  {
    q: 'Do integrations respect attendee consent?',
    a: 'Yes. Consent choices made on your landing page travel with each lead, so you can add only opted-in leads to marketing lists.',
  },
  {
    q: 'Can I get early access to an integration?',
    a: 'Yes. Contact our support team or vote on the feature-request board. Customers who ask first are invited to test new integrations before general release.',
  },
  {
    q: 'The tool I use is not listed. What now?',
    a: 'Tell us on the feature-request board or by email. Requests help us decide what to build next, and workflow automation tools will connect many more apps once available.',
  },
]

export const integrationsHelp = {
  title: 'Need help connecting a tool?',
  body: 'Browse step-by-step guides in our knowledge base, suggest a new integration on the feature-request board, or email our support team.',
  knowledgeBaseLabel: 'Visit the knowledge base',
  featureRequestLabel: 'Request an integration',
  supportLabel: 'Email support',
  getStartedLabel: 'Get Started',
} as const
