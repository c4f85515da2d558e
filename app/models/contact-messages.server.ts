import { desc } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { contactMessages } from '~/db/schema/marketing'
import { enqueueEmail } from '~/jobs/email.server'
import { emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'

export type ContactInput = { name: string; email: string; message: string }

/** Stores a Contact Us message and queues the team's notification in the same transaction. */
export async function createContactMessage(input: ContactInput) {
  const config = getConfig()
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning()
    await enqueueEmail(contactNotificationEmail(input, { to: config.teamEmail, brand: config.BRAND_NAME }), tx)
    return row!
  })
}

export async function listContactMessages(limit = 50) {
  return getDb().select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit)
}

function contactNotificationEmail(input: ContactInput, { to, brand }: { to: string; brand: string }) {
  // The sender's text goes to the team only, as inert text; "Reply" answers the sender.
  const subject = `Contact Us: message from ${input.name.replace(/[\r\n]+/g, ' ').slice(0, 80)}`
  const text = [
    `${input.name} <${input.email}> wrote through the Contact Us form:`,
    input.message,
    'Reply to this email to answer them.',
  ].join('\n\n')
  const html = emailLayout({
    brand,
    title: 'New Contact Us message',
    bodyHtml: [
      `<p style="margin:0 0 16px;font-size:15px"><strong>${escapeHtml(input.name)}</strong> &lt;${escapeHtml(input.email)}&gt; wrote:</p>`,
      `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:3px solid #3b6cf6;background:#f4f5f7">${textToHtmlParagraphs(input.message)}</blockquote>`,
      textToHtmlParagraphs('Reply to this email to answer them.'),
    ].join('\n'),
  })
  return { to, subject, text, html, replyTo: input.email }
}
