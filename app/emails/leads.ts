import { joinNames } from '~/lib/consent-text'
import { dictionary } from '~/lib/i18n/dictionaries'
import type { Language } from '~/lib/i18n/languages'
import { formatAnswer, type LeadAnswers } from '~/lib/lead-form'
import { emailButton, emailLayout, escapeHtml, textToHtmlParagraphs } from '~/lib/email-html'
import type { SessionQuestion } from '~/db/schema/talks'

// Emails of the lead-capture loop (issue 9 Deliver 7). Every attendee-supplied value is escaped
// here; a locked lead (free plan, beyond the visible ones) never has its details in an email.

export type AttendeeConfirmationInput = {
  to: string
  brand: string
  /** The language the attendee signed up in (issue 31): the whole email is in it. */
  language?: Language
  firstName: string
  /** The speaker as the language names them. */
  speakerName: string
  /** Who received the details, by name (app/lib/consent-text.ts receivedBy); the speaker when absent. */
  receivedBy?: string[]
  talkTitle: string
  eventName: string
  offerTitle: string
  offerPromise: string
  hasOffer: boolean
  thanksUrl: string
  eraseUrl: string
}

export function attendeeConfirmationEmail(input: AttendeeConfirmationInput) {
  const { brand, speakerName: speaker, firstName, language = 'en' } = input
  const t = dictionary(language).email
  const subject =
    input.hasOffer && input.offerTitle ? t.subjectOffer({ offer: input.offerTitle, speaker }) : t.subject({ speaker })
  const opening = t.opening({ firstName, speaker, talk: input.talkTitle, event: input.eventName })
  const offerLines = input.hasOffer
    ? [
        input.offerTitle ? t.promisedNamed({ speaker, offer: input.offerTitle }) : t.promised({ speaker }),
        input.offerPromise,
      ].filter(Boolean)
    : []
  const to = input.receivedBy ?? [speaker]
  const privacy =
    to.length === 1 && to[0] === speaker
      ? t.privacySpeaker({ speaker, brand })
      : t.privacyMany({ names: joinNames(to, language), count: to.length, brand })
  const text = [
    opening,
    ...offerLines,
    input.hasOffer ? t.getIt({ url: input.thanksUrl }) : t.cardPage({ speaker, url: input.thanksUrl }),
    privacy,
    input.eraseUrl,
  ].join('\n\n')
  const html = emailLayout({
    brand,
    lang: language,
    title: input.hasOffer && input.offerTitle ? input.offerTitle : t.title({ firstName }),
    bodyHtml: [
      textToHtmlParagraphs(opening),
      ...offerLines.map(textToHtmlParagraphs),
      emailButton(input.thanksUrl, input.hasOffer ? t.buttonOffer : t.buttonCard({ speaker })),
    ].join('\n'),
    footerHtml: `${escapeHtml(privacy)} <a href="${escapeHtml(input.eraseUrl)}">${escapeHtml(t.eraseLink)}</a>`,
  })
  return { to: input.to, subject, text, html }
}

export type LeadSummary = {
  firstName: string
  email: string
  company: string | null
  jobTitle: string | null
  phone: string | null
  linkedinUrl: string | null
  answers: LeadAnswers
  marketingConsent: boolean
}

export type SessionLeadsNotice = {
  sessionLabel: string
  leadsUrl: string
  questions: SessionQuestion[]
  /** Leads the speaker's plan lets them see. */
  visible: LeadSummary[]
  /** New leads withheld by the plan (free: beyond the first three of the session). */
  locked: number
}

function leadLines(lead: LeadSummary, questions: SessionQuestion[]): string[] {
  const lines = [`${lead.firstName} <${lead.email}>`]
  const role = [lead.jobTitle, lead.company].filter(Boolean).join(', ')
  if (role) lines.push(role)
  if (lead.phone) lines.push(`Phone: ${lead.phone}`)
  if (lead.linkedinUrl) lines.push(`LinkedIn: ${lead.linkedinUrl}`)
  for (const question of questions) {
    const answer = formatAnswer(lead.answers[question.id])
    if (answer) lines.push(`${question.label}: ${answer}`)
  }
  lines.push(lead.marketingConsent ? 'Agreed to marketing emails' : 'No marketing consent')
  return lines
}

const lockedLine = (count: number) =>
  `${count === 1 ? 'One new lead is' : `${count} new leads are`} locked: your free plan shows the first three leads of each session. Unlock the session to see everyone.`

function noticeText(notice: SessionLeadsNotice) {
  const parts = [notice.sessionLabel]
  for (const lead of notice.visible) parts.push(leadLines(lead, notice.questions).join('\n'))
  if (notice.locked > 0) parts.push(lockedLine(notice.locked))
  parts.push(`See the leads: ${notice.leadsUrl}`)
  return parts.join('\n\n')
}

function noticeHtml(notice: SessionLeadsNotice) {
  const items = notice.visible
    .map((lead) => `<li style="margin-bottom:12px">${leadLines(lead, notice.questions).map(escapeHtml).join('<br>')}</li>`)
    .join('')
  return [
    `<h2 style="margin:0 0 12px;font-size:17px">${escapeHtml(notice.sessionLabel)}</h2>`,
    items ? `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.5">${items}</ul>` : '',
    notice.locked > 0 ? textToHtmlParagraphs(lockedLine(notice.locked)) : '',
    emailButton(notice.leadsUrl, notice.locked > 0 ? 'Unlock and see the leads' : 'See the leads'),
  ].join('\n')
}

/** One new lead, sent at once (notify mode "instant"). */
export function newLeadEmail({ to, brand, notice }: { to: string; brand: string; notice: SessionLeadsNotice }) {
  const lead = notice.visible[0]
  const subject = lead ? `New lead: ${lead.firstName} at ${notice.sessionLabel}` : `New lead at ${notice.sessionLabel} (locked)`
  return {
    to,
    subject,
    text: noticeText(notice),
    html: emailLayout({ brand, title: lead ? 'You have a new lead' : 'A new lead is waiting', bodyHtml: noticeHtml(notice) }),
  }
}

/** Every lead not yet notified, per session (notify mode "hourly" or "daily"). */
export function leadDigestEmail({
  to,
  brand,
  period,
  notices,
}: {
  to: string
  brand: string
  period: 'hourly' | 'daily'
  notices: SessionLeadsNotice[]
}) {
  const total = notices.reduce((sum, n) => sum + n.visible.length + n.locked, 0)
  const subject = `${total === 1 ? '1 new lead' : `${total} new leads`} in your ${period === 'hourly' ? 'hourly' : 'daily'} digest`
  return {
    to,
    subject,
    text: notices.map(noticeText).join('\n\n---\n\n'),
    html: emailLayout({
      brand,
      title: subject,
      bodyHtml: notices.map(noticeHtml).join('\n<hr style="border:0;border-top:1px solid #e4e7eb;margin:24px 0">\n'),
    }),
  }
}

export type BookingNotice = {
  sessionLabel: string
  leadsUrl: string
  /** The person's first name and the request; null when the plan keeps the capture locked. */
  request: { firstName: string; email: string; organisation: string; role: string; timing: string } | null
}

/**
 * A booking lead (issue 33 Deliver 3: "Should {speaker} speak at your company or event?"), sent at
 * once to each member on "instant"; a locked capture's request is announced without its details.
 */
export function bookingLeadEmail({ to, brand, notice }: { to: string; brand: string; notice: BookingNotice }) {
  const r = notice.request
  const subject = r
    ? `Booking lead: ${r.organisation}, from ${notice.sessionLabel}`
    : `Booking lead at ${notice.sessionLabel} (locked)`
  const lines = r
    ? [
        `${r.firstName} (${r.email}) asked for a booking at ${notice.sessionLabel}.`,
        `Organisation: ${r.organisation}`,
        ...(r.role ? [`Role: ${r.role}`] : []),
        ...(r.timing ? [`When: ${r.timing}`] : []),
      ]
    : [`Someone asked for a booking at ${notice.sessionLabel}. Their details are locked on your plan.`]
  const button = r ? 'See the lead' : 'Unlock and see the lead'
  return {
    to,
    subject,
    text: [...lines, `${button}: ${notice.leadsUrl}`].join('\n\n'),
    html: emailLayout({
      brand,
      title: r ? 'You have a booking lead' : 'A booking lead is waiting',
      bodyHtml: [...lines.map(textToHtmlParagraphs), emailButton(notice.leadsUrl, button)].join('\n'),
    }),
  }
}
