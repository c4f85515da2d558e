import { getDb } from '~/db/client.server'
import { speakerMessages } from '~/db/schema/directory'
import { enqueueEmail } from '~/jobs/email.server'
import { getContactTargetBySlug } from './speakers.server'

export type ContactSpeakerInput = { senderName: string; senderEmail: string; senderCompany: string; message: string }

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * Stores a Contact Speaker message and queues the email to the speaker in one transaction.
 * The recipient comes from the database by slug (ARCHITECTURE decision 4); reply-to is the sender.
 * Returns null when no published speaker has this slug.
 */
export async function sendSpeakerMessage(slug: string, input: ContactSpeakerInput, options: { brand: string }) {
  const speaker = await getContactTargetBySlug(slug)
  if (!speaker) return null
  const company = input.senderCompany.trim()
  const from = `${input.senderName}${company ? ` (${company})` : ''}`
  const subject = `New message from ${input.senderName} via ${options.brand}`
  const text = `Hi ${speaker.name},\n\n${from} <${input.senderEmail}> sent you a message through your ${options.brand} speaker profile:\n\n${input.message}\n\nReply to this email to answer them directly.`
  const html =
    `<p>Hi ${escapeHtml(speaker.name)},</p>` +
    `<p>${escapeHtml(from)} &lt;${escapeHtml(input.senderEmail)}&gt; sent you a message through your ${escapeHtml(options.brand)} speaker profile:</p>` +
    `<blockquote style="white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>` +
    `<p>Reply to this email to answer them directly.</p>`
  await getDb().transaction(async (tx) => {
    await tx.insert(speakerMessages).values({
      speakerId: speaker.id,
      senderName: input.senderName,
      senderEmail: input.senderEmail,
      senderCompany: company,
      message: input.message,
    })
    await enqueueEmail({ to: speaker.email, subject, text, html, replyTo: input.senderEmail }, tx)
  })
  return { speakerName: speaker.name }
}
