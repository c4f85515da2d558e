import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getConfig } from '~/config.server'
import { hitRateLimit } from '~/models/rate-limit.server'
import { sendSpeakerMessage } from '~/models/speaker-messages.server'
import { isSpam } from '~/services/honeypot.server'
import { readForm } from '~/services/request-body.server'
import { clientIp } from '~/services/request.server'
import { CONTACT_FAILED, CONTACT_MAX_MESSAGE, CONTACT_MODAL } from './contact'

const CONTACTS_PER_HOUR = 5

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

/** The route's action (route.tsx exports it): its own module so the modal can type its fetcher without importing the route. */
export async function contactSpeakerAction({ request, params }: ActionFunctionArgs) {
  const slug = params.slug ?? ''
  const formData = await readForm(request)
  const withJs = formData.get('js') === '1'
  const sentUrl = `/speakers/${encodeURIComponent(slug)}?modal=${CONTACT_MODAL}&sent=1`
  const submission = parseWithZod(formData, { schema: ContactSpeakerSchema })
  const done = (speakerName: string) =>
    withJs ? data({ result: submission.reply({ resetForm: true }), sent: true as const, speakerName }) : redirect(sentUrl)

  if (isSpam(formData)) return done('')
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })

  const limit = await hitRateLimit(`contact-speaker:${clientIp(request)}`, CONTACTS_PER_HOUR, 60 * 60 * 1000)
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: [CONTACT_FAILED] }) },
      { status: 429, headers: { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) } },
    )
  }
  try {
    const sent = await sendSpeakerMessage(slug, submission.value, { brand: getConfig().BRAND_NAME })
    if (!sent) return data({ result: submission.reply({ formErrors: [CONTACT_FAILED] }) }, { status: 404 })
    return done(sent.speakerName)
  } catch (error) {
    console.error(error)
    return data({ result: submission.reply({ formErrors: [CONTACT_FAILED] }) }, { status: 500 })
  }
}
