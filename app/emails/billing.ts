import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'

// A renewal payment failed (issue 22 Deliver 5): the plan stays while Stripe retries the card; the
// owner is told once per invoice, with the way to fix it.

export function paymentFailedEmail(input: {
  to: string
  brand: string
  workspaceName: string
  amount: string
  billingUrl: string
}) {
  const subject = `Your ${input.brand} payment did not go through`
  const lines = [
    `The payment of ${input.amount} for the workspace ${input.workspaceName} failed.`,
    `Your plan stays as it is while the card is tried again over the next days. If every attempt fails, the workspace returns to the Free plan's limits; nothing is deleted.`,
    `Open Settings → Billing to update the card.`,
  ]
  const text = [...lines, input.billingUrl].join('\n\n')
  const html = emailLayout({
    brand: input.brand,
    title: 'Payment failed',
    bodyHtml: [...lines.map(textToHtmlParagraphs), emailButton(input.billingUrl, 'Update the card')].join('\n'),
    footerHtml: escapeHtml(`You get this email because you own ${input.workspaceName}.`),
  })
  return { to: input.to, subject, text, html }
}
