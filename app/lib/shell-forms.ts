import { z } from 'zod'

// The two footer forms (spec 000 §3, §5, §8): one schema each, shared by the server action and Conform.

export const NEWSLETTER_SUCCESS = "You're in! Check your inbox for a welcome email with your first ROI insights."
export const NEWSLETTER_FAILURE = 'Something went wrong. Please try again.'

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v)
const emailField = z.preprocess(
  trimmed,
  z
    .email({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'Email is required' : 'Please enter a valid email address',
    })
    .max(254, 'Please enter a valid email address'),
)

export const NewsletterSchema = z.object({ email: emailField })

export const CONTACT_LIMITS = { name: 200, message: 5000 } as const

export const ContactSchema = z.object({
  name: z.preprocess(
    trimmed,
    z
      .string({ error: 'Name is required' })
      .min(1, 'Name is required')
      .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  ),
  email: emailField,
  message: z.preprocess(
    trimmed,
    z
      .string({ error: 'Message is required' })
      .min(1, 'Message is required')
      .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
  ),
})

export const CONTACT_SUCCESS = { title: 'Message sent', description: "Thanks for getting in touch. We'll reply by email soon." }
