import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'
import { formatUsLongDate } from '~/lib/text'

// The invitation of an event's speaker to claim their page (issue 23 Deliver 4; docs/organisers.md
// "Claiming"): names the organiser's workspace and the events, says what claiming gives, carries the
// one link that accepts it and says until when it works.

/** The events of a speaker, as a sentence: "DevConf", "DevConf and JSDay", "A, B and C". */
export function eventList(names: readonly string[]) {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

export function speakerInvitationEmail(input: {
  to: string
  brand: string
  speakerName: string
  workspaceName: string
  inviterEmail: string
  eventNames: readonly string[]
  acceptUrl: string
  expiresAt: Date
}) {
  const events = eventList(input.eventNames)
  const subject = `Claim your speaker page for ${events} on ${input.brand}`
  const lines = [
    `Hello ${input.speakerName}, ${input.workspaceName} (${input.inviterEmail}) set up your speaker page for ${events} on ${input.brand}.`,
    `Claim it to edit your page, download your session's QR code and slide, and see the leads attendees give to you. The organiser's other speakers, leads and settings stay theirs.`,
    `Open the link below and sign in as ${input.to} to claim it. If you already have a ${input.brand} account, you keep it and your own workspace: ${input.workspaceName} appears beside it. If you have none yet, signing in with this address creates one.`,
    `The invitation works once and expires on ${formatUsLongDate(input.expiresAt)} (UTC).`,
  ]
  const ignore = `If you did not expect this invitation, ignore this email: nothing happens unless you accept it.`
  const text = [...lines, input.acceptUrl, ignore].join('\n\n')
  const html = emailLayout({
    brand: input.brand,
    title: `Claim your speaker page for ${events}`,
    bodyHtml: [...lines.map(textToHtmlParagraphs), emailButton(input.acceptUrl, 'Claim your speaker page')].join('\n'),
    footerHtml: escapeHtml(ignore),
  })
  return { to: input.to, subject, text, html }
}
