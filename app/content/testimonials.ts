/**
 * Testimonials for the landing-page carousel (two), the founder's story (one)
 * and the Product Hunt page (one).
 *
 * The people are illustrative personas, and `company` is a descriptive label
 * rather than the name of a real organisation.
 *
 * Avatar convention: no avatar images are shipped, so `avatar` is the empty
 * string and the UI shows the author's initials instead (see `initialsOf`).
 * Set `avatar` to an image path or URL to show a photo. `companyLogo` is
 * optional and omitted here; when absent, show no logo.
 */

export type Testimonial = {
  id: string
  quote: string
  author: string
  title: string
  company: string
  /** Image path or URL; '' means "show initials". */
  avatar: string
  companyLogo?: string
}

export const testimonials: Testimonial[] = [
  {
    id: 'keynote-consultant',
    quote:
      'I used to finish a keynote with a pocket full of business cards and no idea who was actually interested. Now the QR code stays up during Q&A, people scan while they queue for the microphone, and by the time I am on the train home I know who wants a call and who just wants the slides.',
    author: 'Amara Okafor',
    title: 'Keynote Speaker and Leadership Consultant',
    company: 'Independent consultancy',
    avatar: '',
  },
  {
    id: 'saas-founder',
    quote:
      'We treat every conference talk as a pipeline event now. The landing page asks one qualifying question, hot leads go straight to our sales lead the same afternoon, and the ROI view finally lets us decide which events are worth the travel.',
    author: 'Daniel Reyes',
    title: 'Co-founder and CEO',
    company: 'B2B SaaS startup',
    avatar: '',
  },
  {
    id: 'meetup-organiser',
    quote:
      'Setting up a page for each of our speakers took minutes, not an evening of stitching forms and spreadsheets together. Speakers get their own leads, attendees see a clear privacy notice, and I get one view of which sessions really engaged the room.',
    author: 'Hannah Lindqvist',
    title: 'Community Lead and Event Organiser',
    company: 'Regional tech meetup series',
    avatar: '',
  },
]

/** Landing-page carousel: the first two. */
export const landingTestimonials: Testimonial[] = testimonials.slice(0, 2)

/** Id of the testimonial shown on the founder's story page. */
export const FOUNDERS_STORY_TESTIMONIAL_ID = 'meetup-organiser'

/** Id of the testimonial shown on the Product Hunt page. */
export const PRODUCT_HUNT_TESTIMONIAL_ID = 'saas-founder'

export function getTestimonial(id: string): Testimonial | undefined {
  return testimonials.find((t) => t.id === id)
}

/** Up to two initials for the avatar fallback, e.g. "Amara Okafor" → "AO". */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const first = parts[0]?.[0] ?? ''
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''
  return (first + last).toUpperCase()
}
