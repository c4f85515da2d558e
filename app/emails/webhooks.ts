import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'

// The email a speaker gets when an endpoint is disabled after 24 hours of failed deliveries
// (issue 10 Deliver 6, docs/webhooks.md).

export function webhookDisabledEmail(input: {
  to: string
  brand: string
  url: string
  failingSince: Date
  lastError: string
  settingsUrl: string
}) {
  const subject = `Webhook endpoint disabled: ${input.url}`
  const lines = [
    `Every delivery to your webhook endpoint ${input.url} has failed since ${input.failingSince.toUTCString()}, so ${input.brand} has disabled it and stopped sending events there.`,
    `The last error was: ${input.lastError}`,
    'Fix the receiver, send a test ping, then enable the endpoint again in Settings → Webhooks. Deliveries that failed in the meantime can be replayed from the delivery log.',
  ]
  const text = [...lines, input.settingsUrl].join('\n\n')
  const html = emailLayout({
    brand: input.brand,
    title: 'Webhook endpoint disabled',
    bodyHtml: [...lines.map(textToHtmlParagraphs), emailButton(input.settingsUrl, 'Open the endpoint')].join('\n'),
    footerHtml: `You receive this email because you added this endpoint to your ${escapeHtml(input.brand)} account.`,
  })
  return { to: input.to, subject, text, html }
}
