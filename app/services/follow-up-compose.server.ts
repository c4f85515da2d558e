import { getConfig } from '~/config.server'
import { enqueueEmail } from '~/jobs/email.server'
import { escapeHtml } from '~/lib/email-html'
import { renderMerge, testSubject, type MergeValues } from '~/lib/follow-up-merge'
import { sharedMergeValues, type PreviewRecipient } from '~/models/follow-up-compose.server'
import type { FollowUp } from '~/models/follow-ups.server'

// Preview and test send of a follow-up (issue 32 Deliver 1). The preview is the message as one of
// its actual recipients would read it (their first name in the merge fields); the test send is that
// message to the sender's own address — the signed-in person's, never one typed on the page —
// through the outbox like every other email, its subject marked "[Test]".

export type RenderedFollowUp = { subject: string; html: string; text: string }

function plainText(html: string) {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => `${label} (${href})`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|div|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The follow-up's subject and body with its merge fields filled for one person (or none: fallbacks). */
export async function renderFollowUp(
  followUp: FollowUp,
  recipient: Pick<PreviewRecipient, 'firstName'> | null,
): Promise<RenderedFollowUp> {
  const values: MergeValues = { ...(await sharedMergeValues(followUp)), first_name: recipient?.firstName ?? null }
  const html = renderMerge(followUp.bodyHtml, values, { html: true })
  return { subject: renderMerge(followUp.subject, values, { html: false }), html, text: plainText(html) }
}

/** Queues the test send to the sender; answers the address it goes to. */
export async function sendTestFollowUp(sender: { email: string }, followUp: FollowUp, recipient: PreviewRecipient | null) {
  const { BRAND_NAME } = getConfig()
  const message = await renderFollowUp(followUp, recipient)
  const as = recipient ? `as ${recipient.email} would receive it` : 'with the fallbacks of its merge fields'
  const note = `This is a test of your follow-up, ${as}. Each recipient's copy also carries its own unsubscribe link.`
  await enqueueEmail({
    to: sender.email,
    subject: testSubject(message.subject),
    html: `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5"><p style="margin:0 0 16px;padding:8px 12px;background:#fff7d6;font-size:13px">${escapeHtml(note)}</p>${message.html}<p style="margin:24px 0 0;font-size:12px;color:#52606d">${escapeHtml(BRAND_NAME)}</p></body></html>`,
    text: `${note}\n\n${message.text}\n`,
    ...(followUp.replyTo ? { replyTo: followUp.replyTo } : {}),
  })
  return sender.email
}
