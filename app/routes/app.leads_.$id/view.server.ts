import { isLanguage } from '~/lib/i18n/languages'
import { confirmationSkippedText } from '~/lib/confirmation-limits'
import { answerRows } from '~/lib/lead-answers'
import { describeFollowUpReceived, describeLeadEvent } from '~/lib/lead-timeline'
import { CONTACT_STATUS_LABELS, SCORE_BAND_LABELS } from '~/lib/lead-status'
import { formatMoney, isMoneyCurrency, moneyInputValue, type MoneyCurrency } from '~/lib/money'
import { formatSessionTime } from '~/lib/time-zone'
import type { TimelineFollowUp } from '~/models/follow-ups.server'
import { latestDetails, type PersonDetail } from '~/models/lead-detail.server'

// The detail page's data, shaped for rendering: labels resolved, dates as ISO strings, the
// timeline merged with the notes, newest first.

export const isHttpUrl = (value: string | null): value is string => !!value && /^https?:\/\/[^\s]+$/i.test(value)

export function personView(
  detail: PersonDetail,
  options: {
    fallbackCurrency: MoneyCurrency
    editingNote: string | null
    confirmDelete: boolean
    /** Does the viewer open this session's page? Its name links there only then (no dead ends). */
    opensSession: (session: { userId: string }) => boolean
    /** The follow-ups they were a recipient of (issue 32 Deliver 5), each saying whether the viewer opens it. */
    followUps?: TimelineFollowUp[]
  },
) {
  const { person, captures, locked, consents, events, notes } = detail
  const sessionLabel = new Map(captures.map((c) => [c.sessionId, `${c.talkTitle} · ${c.eventName}`]))
  const currency = isMoneyCurrency(person.dealCurrency) ? person.dealCurrency : options.fallbackCurrency
  const details = latestDetails(captures, person.firstName)
  const { name, linkedinUrl: linkedin } = details
  const existingNotes = new Set(notes.map((n) => n.id))

  const timeline = [
    ...events
      // A note's own entry stands for its "added" event.
      .filter((e) => !(e.type === 'note' && e.data.action === 'added' && existingNotes.has(String(e.data.noteId))))
      .map((e) => {
        const sessionId = typeof e.data.sessionId === 'string' ? e.data.sessionId : null
        return {
          key: `e${e.id}`,
          kind: 'event' as const,
          type: e.type,
          at: e.at.toISOString(),
          ...describeLeadEvent(e.type, e.data, sessionId ? (sessionLabel.get(sessionId) ?? null) : null),
        }
      }),
    // A follow-up stands on the timeline when it went (or when it was frozen, if it never did).
    ...(options.followUps ?? []).map((f) => ({
      key: `f${f.id}`,
      kind: 'follow-up' as const,
      at: (f.sentAt ?? f.recordedAt).toISOString(),
      href: f.opens ? `/app/follow-ups/${f.id}` : null,
      ...describeFollowUpReceived(f),
    })),
    ...notes.map((n) => ({
      key: `n${n.id}`,
      kind: 'note' as const,
      id: n.id,
      body: n.body,
      at: n.createdAt.toISOString(),
      edited: n.updatedAt.getTime() > n.createdAt.getTime(),
    })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))

  const total = captures.length + locked
  return {
    person: {
      id: person.id,
      name,
      email: person.email,
      company: details.company,
      jobTitle: details.jobTitle,
      phone: details.phone,
      linkedin,
      linkedinIsLink: isHttpUrl(linkedin),
      status: person.status,
      statusLabel: CONTACT_STATUS_LABELS[person.status],
      dealValue: moneyInputValue(person.dealValueCents, currency),
      dealCurrency: currency,
      dealLabel: person.dealValueCents === null ? null : formatMoney(person.dealValueCents, currency),
      tags: person.tags,
      score: person.score,
      band: person.scoreBand,
      bandLabel: SCORE_BAND_LABELS[person.scoreBand],
      reasons: person.scoreReasons,
    },
    seenAt: new Set(captures.map((c) => c.sessionId)).size,
    locked,
    captures: captures.map((c) => ({
      id: c.id,
      sessionHref: options.opensSession({ userId: c.sessionRunnerId }) ? `/app/sessions/${c.sessionId}` : null,
      talkTitle: c.talkTitle,
      eventName: c.eventName,
      when: formatSessionTime(c.startsAt, c.timeZone),
      capturedAt: c.createdAt.toISOString(),
      marketingConsent: c.marketingConsent,
      confirmationNote: c.confirmationSkipped ? confirmationSkippedText(c.confirmationSkipped) : null,
      answers: answerRows(c.questions, c.answers),
      // Read with the capture, so a capture the plan locks shows no booking request either.
      booking: c.booking
        ? {
            organisation: c.booking.organisation,
            role: c.booking.role,
            timing: c.booking.timing,
            at: c.booking.createdAt.toISOString(),
          }
        : null,
    })),
    consents: consents.map((c) => ({
      id: c.id,
      session: sessionLabel.get(c.sessionId) ?? 'A session',
      notice: c.notice,
      noticeHash: c.noticeHash,
      marketingText: c.marketingText,
      marketingConsent: c.marketingConsent,
      // English on rows from before languages were recorded (issue 31).
      language: isLanguage(c.language) ? c.language : 'en',
      at: c.at.toISOString(),
    })),
    timeline,
    editingNote: options.editingNote && existingNotes.has(options.editingNote) ? options.editingNote : null,
    confirmDelete: options.confirmDelete,
    deleteMessage: `Delete ${name} (${person.email}) with ${total === 1 ? 'their capture' : `all ${total} captures`}${locked ? `, including ${locked} locked by your plan,` : ''} and every note? The attendee’s consent records stay. This cannot be undone.`,
  }
}

export type PersonView = ReturnType<typeof personView>
