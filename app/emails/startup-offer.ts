import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'
import { STARTUP_OFFER_DETAIL, STARTUP_OFFER_LINE } from '~/lib/startup-offer'
import { formatUsLongDate } from '~/lib/text'

// The startup programme's approval (issue 22 Deliver 1): the applicant's offer with the one link that
// buys it. Without payments set up on the server the link still shows the offer, and an admin sets
// the plan by hand.

export function startupOfferEmail(input: {
  to: string
  brand: string
  fullName: string
  companyName: string
  offerUrl: string
  expiresAt: Date
  paymentsConfigured: boolean
}) {
  const subject = `${input.companyName} is accepted into the ${input.brand} Startup Program`
  const lines = [
    `Hi ${input.fullName},`,
    `${input.companyName} is accepted into the ${input.brand} Startup Program. Your offer: ${STARTUP_OFFER_LINE}.`,
    STARTUP_OFFER_DETAIL,
    input.paymentsConfigured
      ? `Open the link below, sign in (or sign up with any address: the link is your proof) and continue to payment. The plan goes to the workspace you choose.`
      : `Payments are not set up on this server yet, so an administrator will set the startup plan on your workspace by hand: sign up, then reply to this email with the address you signed up with.`,
    `The link works once and until ${formatUsLongDate(input.expiresAt)} (UTC).`,
  ]
  const text = [...lines, input.offerUrl].join('\n\n')
  const html = emailLayout({
    brand: input.brand,
    title: 'Your Startup Program offer',
    bodyHtml: [...lines.map(textToHtmlParagraphs), emailButton(input.offerUrl, 'See your offer')].join('\n'),
    footerHtml: escapeHtml(`You get this email because you applied to the ${input.brand} Startup Program.`),
  })
  return { to: input.to, subject, text, html }
}
