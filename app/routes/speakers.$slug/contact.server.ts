import { z } from 'zod'
import { CONTACT_MAX_MESSAGE } from './contact'

// Contact Speaker (spec 000 §2, §5): name, email (email format) and message required; company optional.
export const ContactSpeakerSchema = z.object({
  senderName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(200),
  senderEmail: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address')),
  senderCompany: z.string().trim().max(200).optional().default(''),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(CONTACT_MAX_MESSAGE),
})
