// The marketing routes and a text each must show (shared by the JS-on and JS-off specs).
export const MARKETING_PAGES = [
  { path: '/', h1: 'Turn every talk into a pipeline', text: 'Explore 100 Ways to Capture Leads' },
  { path: '/pricing', h1: 'Start free. Pay when it works.', text: 'Still unsure?' },
  { path: '/compare', h1: 'Lectern vs. the DIY stack', text: 'Pricing accurate as of 16 May 2025.' },
  { path: '/product-hunt', h1: 'Turn every talk into qualified leads', text: '11,234 leads captured this month' },
  { path: '/startup-program', h1: 'Pro-level lead capture for early-stage teams', text: 'Apply for the Startup Program' },
  {
    path: '/our-founders-story',
    h1: 'Great talks deserve better than a pile of business cards',
    text: 'Start Your Free Account',
  },
  { path: '/integrations', h1: 'Integrations', text: 'Possible Future Integration' },
  { path: '/roadmap', h1: 'Product Roadmap', text: "How & When You'll See These Updates" },
  { path: '/event-lead-capture-ideas', h1: '100 Ways to Capture Leads at Your Next Event', text: 'Sales & CRM' },
] as const
