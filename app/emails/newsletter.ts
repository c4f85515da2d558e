import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'

// The newsletter's emails. The footer's success text promises "a welcome email with your first ROI
// insights", so the double opt-in message is that welcome email, with the confirm button first.

const ROI_INSIGHTS = [
  'Put the QR code on your first and last slide: most attendees reach for their phone when you open and when you close.',
  'Offer one specific thing in exchange for an email — your slides, a checklist or a template — rather than "stay in touch".',
  'Follow up within 24 hours while your talk is still fresh; reply rates fall steeply after the second day.',
]

export function newsletterConfirmationEmail({
  to,
  brand,
  confirmUrl,
  unsubscribeUrl,
  intro,
}: {
  to: string
  brand: string
  confirmUrl: string
  unsubscribeUrl: string
  intro?: string
}) {
  const subject = `Welcome to ${brand}: please confirm your subscription`
  const opening = intro ?? `Thanks for signing up for ${brand}'s lead capture tips for speakers and event teams.`
  const text = [
    opening,
    'Please confirm your subscription by opening this link:',
    confirmUrl,
    'Your first ROI insights:',
    ...ROI_INSIGHTS.map((tip, i) => `${i + 1}. ${tip}`),
    `If you did not sign up, ignore this email and you will not be subscribed.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n\n')
  const html = emailLayout({
    brand,
    title: `Welcome to ${brand}`,
    bodyHtml: [
      textToHtmlParagraphs(opening),
      textToHtmlParagraphs('Please confirm your subscription so we can send you our tips:'),
      emailButton(confirmUrl, 'Confirm my subscription'),
      `<h2 style="margin:0 0 12px;font-size:17px">Your first ROI insights</h2>`,
      `<ol style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.5">${ROI_INSIGHTS.map((tip) => `<li style="margin-bottom:8px">${escapeHtml(tip)}</li>`).join('')}</ol>`,
    ].join('\n'),
    footerHtml: `You received this because ${escapeHtml(to)} was entered in the ${escapeHtml(brand)} newsletter form. If that was not you, ignore this email and you will not be subscribed. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>`,
  })
  return { to, subject, text, html }
}

export function newsletterAlreadySubscribedEmail({
  to,
  brand,
  unsubscribeUrl,
}: {
  to: string
  brand: string
  unsubscribeUrl: string
}) {
  const subject = `You're already subscribed to ${brand}`
  const body = `Someone (probably you) asked to subscribe ${to} to ${brand}'s newsletter. This address is already subscribed, so there is nothing to do.`
  const text = [body, `If you no longer want these emails, unsubscribe here: ${unsubscribeUrl}`].join('\n\n')
  const html = emailLayout({
    brand,
    title: "You're already subscribed",
    bodyHtml: textToHtmlParagraphs(body),
    footerHtml: `No longer want these emails? <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>`,
  })
  return { to, subject, text, html }
}
