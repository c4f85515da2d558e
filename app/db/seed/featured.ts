// Highlight cards for the resources and news listings (spec 000 §2, spec 001 §3), with their SVG icons.

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="#5e8fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`

export const SEED_ICONS = {
  lightbulb: svg(
    '<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"/>',
  ),
  scale: svg(
    '<path d="M12 3v18M5 21h14"/><path d="M5 7h14"/><path d="M5 7l-3 6a3 3 0 0 0 6 0L5 7zM19 7l-3 6a3 3 0 0 0 6 0l-3-6z"/>',
  ),
  chart: svg('<path d="M3 3v18h18"/><path d="M7 15l4-4 3 3 5-6"/>'),
  map: svg('<path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2z"/><path d="M9 4v14M15 6v14"/>'),
  plug: svg('<path d="M9 7V3M15 7V3"/><path d="M6 7h12v4a6 6 0 0 1-12 0V7z"/><path d="M12 17v4"/>'),
  rocket: svg(
    '<path d="M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2"/><path d="M9 15l-3-3c1-4 4-8 11-9-1 7-5 10-9 11z"/><circle cx="14.5" cy="9.5" r="1.5"/>',
  ),
} as const

export type SeedIcon = keyof typeof SEED_ICONS

export type SeedFeatured = {
  page: 'resources' | 'news'
  title: string
  description: string
  buttonLabel: string
  /** A path on this site; the seed makes it absolute with APP_URL (the admin form requires a URL). */
  path: string
  icon: SeedIcon
  sortOrder: number
}

export const SEED_FEATURED: SeedFeatured[] = [
  {
    page: 'resources',
    title: '100 Ways to Capture Leads',
    description:
      'Ideas for the stage, virtual events, social media, email and sales.\nFilter by your role and find your next tactic in seconds.',
    buttonLabel: 'Explore the ideas',
    path: '/event-lead-capture-ideas',
    icon: 'lightbulb',
    sortOrder: 0,
  },
  {
    page: 'resources',
    title: 'Product vs. DIY Stack',
    description: 'Setup time, monthly cost and features compared.\nSee what a QR tool, form builder and spreadsheet really cost.',
    buttonLabel: 'See the comparison',
    path: '/compare',
    icon: 'scale',
    sortOrder: 1,
  },
  {
    page: 'resources',
    title: 'Plans and Pricing',
    description: 'Start free and pay only when a session delivers.\nUpgrade for unlimited sessions, analytics and team seats.',
    buttonLabel: 'View pricing',
    path: '/pricing',
    icon: 'chart',
    sortOrder: 2,
  },
  {
    page: 'news',
    title: 'Product Roadmap',
    description: 'AI follow-up emails, lead scoring and CRM sync.\nSee what is coming next and when.',
    buttonLabel: 'Read the roadmap',
    path: '/roadmap',
    icon: 'map',
    sortOrder: 0,
  },
  {
    page: 'news',
    title: 'Integrations',
    description: 'CRM, email marketing, payments and automation.\nCheck the status of every integration.',
    buttonLabel: 'See integrations',
    path: '/integrations',
    icon: 'plug',
    sortOrder: 1,
  },
  {
    page: 'news',
    title: 'Startup Program',
    description: 'Three seats at a founder-friendly annual price.\nFor young companies that speak at events.',
    buttonLabel: 'Apply now',
    path: '/startup-program',
    icon: 'rocket',
    sortOrder: 2,
  },
]
