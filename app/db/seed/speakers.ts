import type { EventAppearance, SignatureTalk } from '~/db/schema/directory'

// Fictional speakers for the demo directory (9 published, 3 drafts). Filter values come from
// DIRECTORY_FILTERS (app/lib/constants.ts); bios are simple HTML of the kind the bio editor saves.

export type SeedSpeaker = {
  name: string
  jobTitle: string
  company: string
  location: string
  email: string
  bio: string
  linkedinUrl?: string
  websiteUrl?: string
  newsletterUrl?: string
  signatureTalks: SignatureTalk[]
  eventAppearances: EventAppearance[]
  topics: string[]
  industries: string[]
  region: string
  talkTypes: string[]
  published: boolean
  daysAgo: number
}

export const SEED_SPEAKERS: SeedSpeaker[] = [
  {
    name: 'Amara Okafor',
    jobTitle: 'Keynote Speaker and Leadership Consultant',
    company: 'Okafor Leadership Lab',
    location: 'London, United Kingdom',
    email: 'amara.okafor@example.com',
    bio: '<p>Amara helps leadership teams make decisions faster without losing their people. A former operations director at two scale-ups, she has spoken at more than 120 events across Europe and Africa.</p><p>Her talks mix research on team psychology with <strong>practical tools</strong> managers can use the next morning.</p>',
    linkedinUrl: 'https://www.linkedin.com/in/example-amara-okafor',
    websiteUrl: 'https://example.com/amara-okafor',
    newsletterUrl: 'https://example.com/amara-okafor/newsletter',
    signatureTalks: [
      {
        title: 'Decisions at the Speed of Trust',
        description: 'Why teams stall and the three rituals that unblock them.',
        tag: 'Keynote',
      },
      {
        title: 'The First 90 Days as a Manager',
        description: 'A hands-on session for new managers with templates to take home.',
        tag: 'Workshop',
      },
    ],
    eventAppearances: [
      { name: 'People Leaders Summit 2025', url: 'https://example.com/events/people-leaders-summit' },
      { name: 'ScaleUp Europe', url: 'https://example.com/events/scaleup-europe' },
    ],
    topics: ['leadership'],
    industries: ['consulting', 'saas'],
    region: 'europe',
    talkTypes: ['keynote', 'workshop'],
    published: true,
    daysAgo: 2,
  },
  {
    name: 'Daniel Reyes',
    jobTitle: 'VP of Growth Marketing',
    company: 'Pipeline Forge',
    location: 'Austin, United States',
    email: 'daniel.reyes@example.com',
    bio: '<p>Daniel has built growth teams at three B2B SaaS companies and now leads growth at Pipeline Forge. He speaks about <strong>demand generation</strong>, event marketing and attribution that finance teams trust.</p><ul><li>Grew event-sourced pipeline 4x in two years</li><li>Advisor to early-stage founders</li></ul>',
    linkedinUrl: 'https://www.linkedin.com/in/example-daniel-reyes',
    websiteUrl: 'https://example.com/daniel-reyes',
    signatureTalks: [
      {
        title: 'Events Are a Pipeline Channel, Not a Party',
        description: 'How to plan, run and measure events like any other growth channel.',
        tag: 'Keynote',
      },
      {
        title: 'Attribution Without the Arguments',
        description: 'A simple model marketing and sales can agree on.',
        tag: 'Masterclass',
      },
      {
        title: 'Growth Leaders Unfiltered',
        description: 'A candid panel on budgets, hiring and what actually works.',
        tag: 'Panel Discussion',
      },
    ],
    eventAppearances: [
      { name: 'SaaS Growth Week', url: 'https://example.com/events/saas-growth-week' },
      { name: 'B2B Marketing Forum', url: 'https://example.com/events/b2b-marketing-forum' },
    ],
    topics: ['marketing', 'saas'],
    industries: ['saas'],
    region: 'north-america',
    talkTypes: ['keynote', 'panel'],
    published: true,
    daysAgo: 5,
  },
  {
    name: 'Mei Lin Tan',
    jobTitle: 'Chief Digital Officer',
    company: 'Harbour Health Group',
    location: 'Singapore',
    email: 'meilin.tan@example.com',
    bio: '<p>Mei Lin leads digital transformation at a regional hospital group, where her team moved patient scheduling, records and follow-up online in under two years.</p><p>She speaks about <em>change management</em> in regulated industries and designing services with clinicians, not for them.</p>',
    linkedinUrl: 'https://www.linkedin.com/in/example-meilin-tan',
    signatureTalks: [
      {
        title: 'Digital Transformation Without the Buzzwords',
        description: 'What changed, what failed and what we would do again.',
        tag: 'Keynote',
      },
      {
        title: 'Designing With Clinicians',
        description: 'A fireside conversation on co-design in healthcare.',
        tag: 'Fireside Chat',
      },
    ],
    eventAppearances: [{ name: 'HealthTech Asia', url: 'https://example.com/events/healthtech-asia' }],
    topics: ['digital-transformation', 'innovation'],
    industries: ['healthcare'],
    region: 'asia-pacific',
    talkTypes: ['keynote', 'fireside'],
    published: true,
    daysAgo: 9,
  },
  {
    name: 'Jonas Weber',
    jobTitle: 'Founder and CEO',
    company: 'Ledgerly',
    location: 'Berlin, Germany',
    email: 'jonas.weber@example.com',
    bio: '<p>Jonas founded Ledgerly, a payments reconciliation platform used by more than 2,000 online shops. Before that he was a product manager in banking for eight years.</p><p>He talks about building fintech products that regulators and customers both like.</p>',
    websiteUrl: 'https://example.com/jonas-weber',
    signatureTalks: [
      {
        title: 'Compliance as a Product Feature',
        description: 'Turning regulation into a reason customers choose you.',
        tag: 'Keynote',
      },
      {
        title: 'Founder Q&A: Raising in a Downturn',
        description: 'Open questions from founders, honest answers.',
        tag: 'Q&A Session',
      },
    ],
    eventAppearances: [
      { name: 'Fintech Week Berlin', url: 'https://example.com/events/fintech-week-berlin' },
      { name: 'Commerce Next', url: 'https://example.com/events/commerce-next' },
    ],
    topics: ['innovation', 'saas'],
    industries: ['fintech', 'ecommerce'],
    region: 'europe',
    talkTypes: ['keynote', 'panel'],
    published: true,
    daysAgo: 13,
  },
  {
    name: 'Priya Raman',
    jobTitle: 'Head of Customer Marketing',
    company: 'Cartwheel Commerce',
    location: 'Toronto, Canada',
    email: 'priya.raman@example.com',
    bio: '<p>Priya runs customer marketing for an e-commerce platform, turning happy customers into speakers, case studies and referrals.</p><p>Her workshops show marketers how to build <strong>customer advocacy programmes</strong> from scratch.</p>',
    linkedinUrl: 'https://www.linkedin.com/in/example-priya-raman',
    newsletterUrl: 'https://example.com/priya-raman/newsletter',
    signatureTalks: [
      {
        title: 'Your Customers Are Your Best Speakers',
        description: 'Building an advocacy programme that fills your event agenda.',
        tag: 'Workshop',
      },
      {
        title: 'Referral Loops for E-commerce',
        description: 'Lightning tour of five referral mechanics that work.',
        tag: 'Lightning Talk',
      },
    ],
    eventAppearances: [{ name: 'Retail Marketing Live', url: 'https://example.com/events/retail-marketing-live' }],
    topics: ['marketing'],
    industries: ['ecommerce'],
    region: 'north-america',
    talkTypes: ['workshop'],
    published: true,
    daysAgo: 17,
  },
  {
    name: 'Tomás Herrera',
    jobTitle: 'Partner, Transformation Practice',
    company: 'Northbeam Advisory',
    location: 'Madrid, Spain',
    email: 'tomas.herrera@example.com',
    bio: '<p>Tomás advises boards and executive teams on operating model change. He has led transformation programmes in banking, retail and the public sector.</p>',
    linkedinUrl: 'https://www.linkedin.com/in/example-tomas-herrera',
    websiteUrl: 'https://example.com/tomas-herrera',
    signatureTalks: [
      {
        title: 'Why Transformations Stall in Year Two',
        description: 'Patterns from 40 programmes and how to avoid them.',
        tag: 'Keynote',
      },
      {
        title: 'Boardroom Roundtable: Funding Change',
        description: 'A facilitated discussion for executives.',
        tag: 'Roundtable',
      },
    ],
    eventAppearances: [{ name: 'Future of Work Forum', url: 'https://example.com/events/future-of-work' }],
    topics: ['digital-transformation', 'leadership'],
    industries: ['consulting', 'fintech'],
    region: 'global',
    talkTypes: ['keynote', 'panel'],
    published: true,
    daysAgo: 22,
  },
  {
    name: 'Grace Whitfield',
    jobTitle: 'Director of Sales Enablement',
    company: 'Clearpath Software',
    location: 'Sydney, Australia',
    email: 'grace.whitfield@example.com',
    bio: '<p>Grace trains sales teams to run better discovery calls and follow up faster after events. She has enabled more than 600 account executives across APAC.</p>',
    linkedinUrl: 'https://www.linkedin.com/in/example-grace-whitfield',
    signatureTalks: [
      {
        title: 'The 24-Hour Follow-Up',
        description: 'Turning event conversations into meetings while they are still warm.',
        tag: 'Workshop',
      },
      { title: 'Discovery Questions That Qualify', description: 'A practical session with role-play.', tag: 'Masterclass' },
    ],
    eventAppearances: [
      { name: 'SalesTech APAC', url: 'https://example.com/events/salestech-apac' },
      { name: 'Revenue Summit Sydney', url: 'https://example.com/events/revenue-summit' },
    ],
    topics: ['saas', 'marketing'],
    industries: ['saas'],
    region: 'asia-pacific',
    talkTypes: ['workshop', 'fireside'],
    published: true,
    daysAgo: 27,
  },
  {
    name: 'Samuel Adeyemi',
    jobTitle: 'Innovation Lead',
    company: 'Meridian Bank',
    location: 'Lagos, Nigeria',
    email: 'samuel.adeyemi@example.com',
    bio: '<p>Samuel runs the innovation lab of a pan-African bank, where his team ships experiments with fintech partners every quarter.</p><p>He speaks about <strong>open banking</strong>, partnerships and running innovation inside large organisations.</p>',
    websiteUrl: 'https://example.com/samuel-adeyemi',
    signatureTalks: [
      { title: 'Innovation Labs That Ship', description: 'How to get from pilot to production inside a bank.', tag: 'Keynote' },
      {
        title: 'Fintech Partnerships in Practice',
        description: 'A panel with founders and bank executives.',
        tag: 'Panel Discussion',
      },
    ],
    eventAppearances: [{ name: 'Africa Fintech Forum', url: 'https://example.com/events/africa-fintech-forum' }],
    topics: ['innovation', 'digital-transformation'],
    industries: ['fintech'],
    region: 'global',
    talkTypes: ['keynote', 'panel'],
    published: true,
    daysAgo: 33,
  },
  {
    name: 'Elena Petrova',
    jobTitle: 'Event Marketing Manager',
    company: 'Brightside Events',
    location: 'Amsterdam, Netherlands',
    email: 'elena.petrova@example.com',
    bio: '<p>Elena has organised more than 80 conferences and trade shows. She now helps exhibitors and sponsors measure what their events really return.</p>',
    linkedinUrl: 'https://www.linkedin.com/in/example-elena-petrova',
    newsletterUrl: 'https://example.com/elena-petrova/newsletter',
    signatureTalks: [
      {
        title: 'Measuring Event ROI Your CFO Will Believe',
        description: 'The metrics that matter and how to collect them at the booth.',
        tag: 'Keynote',
      },
      {
        title: 'Sponsor Fireside: What Organisers Wish You Knew',
        description: 'A frank conversation between organisers and sponsors.',
        tag: 'Fireside Chat',
      },
    ],
    eventAppearances: [
      { name: 'Event Tech Live', url: 'https://example.com/events/event-tech-live' },
      { name: 'Exhibitor Success Day', url: 'https://example.com/events/exhibitor-success' },
    ],
    topics: ['marketing', 'innovation'],
    industries: ['consulting'],
    region: 'europe',
    talkTypes: ['keynote', 'fireside'],
    published: true,
    daysAgo: 39,
  },
  {
    name: 'Lucas Moreau',
    jobTitle: 'Product Manager',
    company: 'Atelier Data',
    location: 'Lyon, France',
    email: 'lucas.moreau@example.com',
    bio: '<p>Lucas manages analytics products for mid-sized retailers. Draft profile awaiting review.</p>',
    signatureTalks: [
      {
        title: 'Dashboards People Actually Use',
        description: 'Designing analytics for busy store managers.',
        tag: 'Lightning Talk',
      },
    ],
    eventAppearances: [],
    topics: ['saas'],
    industries: ['ecommerce'],
    region: 'europe',
    talkTypes: ['workshop'],
    published: false,
    daysAgo: 1,
  },
  {
    name: 'Hannah Brooks',
    jobTitle: 'Community Director',
    company: 'Founders Collective',
    location: 'Denver, United States',
    email: 'hannah.brooks@example.com',
    bio: '<p>Hannah builds founder communities and runs a monthly pitch night. Draft profile awaiting review.</p>',
    signatureTalks: [
      {
        title: 'Communities That Sell Without Selling',
        description: 'Turning a community into a pipeline, ethically.',
        tag: 'Keynote',
      },
    ],
    eventAppearances: [{ name: 'Founders Night Denver', url: 'https://example.com/events/founders-night' }],
    topics: ['marketing', 'leadership'],
    industries: ['saas'],
    region: 'north-america',
    talkTypes: ['keynote', 'panel'],
    published: false,
    daysAgo: 3,
  },
  {
    name: 'Kenji Watanabe',
    jobTitle: 'CTO',
    company: 'Kumo Health',
    location: 'Tokyo, Japan',
    email: 'kenji.watanabe@example.com',
    bio: '<p>Kenji leads engineering at a telehealth start-up. Draft profile awaiting review.</p>',
    signatureTalks: [
      { title: 'Shipping Safely in Healthcare', description: 'Engineering practices for regulated software.', tag: 'Keynote' },
    ],
    eventAppearances: [],
    topics: ['innovation'],
    industries: ['healthcare'],
    region: 'asia-pacific',
    talkTypes: ['keynote'],
    published: false,
    daysAgo: 6,
  },
]
