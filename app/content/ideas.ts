/**
 * The "100 Ways to Capture Leads" catalogue (/event-lead-capture-ideas).
 *
 * Five sections of 20 ideas each. The items live in `ideas-events.ts`
 * (stage, virtual) and `ideas-channels.ts` (social, email, sales) to keep each
 * file short; this module owns the tag order and the section order (the shapes are in types.ts).
 */
import { emailIdeas, salesIdeas, socialIdeas } from './ideas-channels'
import { stageIdeas, virtualIdeas } from './ideas-events'
import type { IdeaSection, IdeaTag } from './types'

/** Tags in the order the filter chips show them. */
export const IDEA_TAGS: IdeaTag[] = [
  'Speaker',
  'Exhibitor',
  'Event Organiser',
  'Virtual Host',
  'Creator',
  'Founder',
  'Marketer',
  'Sales',
  'Agency',
  'Social/Influencer',
]

export const ideaSections: IdeaSection[] = [
  { id: 'stage', title: 'On Stage & At Events', items: stageIdeas },
  { id: 'virtual', title: 'Virtual & Hybrid Events', items: virtualIdeas },
  { id: 'social', title: 'Social Media & Influencers', items: socialIdeas },
  { id: 'email', title: 'Email & Messaging', items: emailIdeas },
  { id: 'sales', title: 'Sales & CRM', items: salesIdeas },
]

/** Page copy around the catalogue. */
export const ideasPage = {
  title: '100 Ways to Capture Leads at Your Next Event',
  intro:
    'Practical, field-tested ideas for turning talks, stands, webinars and posts into conversations you can follow up. Filter by your role or search for a channel, then pick two or three to try at your next event.',
  searchPlaceholder: 'Search ideas…',
  allTagsLabel: 'All roles',
  noResults: 'No ideas match your search. Try another word or clear the role filter.',
  clearFilters: 'Clear filters',
  sectionsNavLabel: 'Sections',
} as const

// The filter rules (search text, one tag, empty sections dropped) live in app/lib/ideas-filter.ts.
