import { z } from 'zod'
import { CONTACT_LIMITS } from './shell-copy'

// The two footer forms (spec 000 §3, §5, §8): one schema each, shared by the server action and Conform.

export { CONTACT_LIMITS, CONTACT_SUCCESS, NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS } from './shell-copy'

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
