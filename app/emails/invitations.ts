import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'
import { formatUsLongDate } from '~/lib/text'

// The invitation to a workspace (issue 21 Deliver 4): names the workspace and the inviter, carries
// the one link that accepts it and says until when it works.

export function invitationEmail(input: {
  to: string
  brand: string
  workspaceName: string
  inviterEmail: string
  roleLabel: string
  acceptUrl: string
  expiresAt: Date
}) {
  const subject = `${input.inviterEmail} invited you to ${input.workspaceName} on ${input.brand}`
  const lines = [
    `${input.inviterEmail} invited you to join the workspace ${input.workspaceName} on ${input.brand} as ${input.roleLabel}: you will work on its talks, sessions and leads together.`,
    `Open the link below and sign in as ${input.to} to accept. If you have no ${input.brand} account yet, signing in with this address creates one.`,
    `The invitation works once and expires on ${formatUsLongDate(input.expiresAt)} (UTC).`,
  ]
  const ignore = `If you did not expect this invitation, ignore this email: nothing happens unless you accept it.`
  const text = [...lines, input.acceptUrl, ignore].join('\n\n')
  const html = emailLayout({
    brand: input.brand,
    title: `Join ${input.workspaceName}`,
    bodyHtml: [...lines.map(textToHtmlParagraphs), emailButton(input.acceptUrl, 'Accept the invitation')].join('\n'),
    footerHtml: escapeHtml(ignore),
  })
  return { to: input.to, subject, text, html }
}
