// Texts of the two footer forms (spec 000 §8), kept apart from their zod schemas so the layout's
// client bundle does not pull zod onto every page.

export const NEWSLETTER_SUCCESS = "You're in! Check your inbox for a welcome email with your first ROI insights."
export const NEWSLETTER_FAILURE = 'Something went wrong. Please try again.'
export const CONTACT_LIMITS = { name: 200, message: 5000 } as const
export const CONTACT_SUCCESS = { title: 'Message sent', description: "Thanks for getting in touch. We'll reply by email soon." }
