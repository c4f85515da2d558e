// Follow-up emails (issue 32): the states and names every layer shares. The recipients rule is
// app/lib/follow-up-recipients.ts; the models app/models/follow-ups.server.ts.

/** Where a follow-up's people come from: one session's leads, a talk (all its sessions), an event, a saved segment. */
export const FOLLOW_UP_SOURCES = ['session', 'talk', 'event', 'segment'] as const
export type FollowUpSource = (typeof FOLLOW_UP_SOURCES)[number]

/**
 * draft → scheduled → sending → sent; cancelled (before sending) and partly_sent (sending stopped
 * with some batches out: the reason says why) are the other two ends.
 */
export const FOLLOW_UP_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled', 'partly_sent'] as const
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number]

export const FOLLOW_UP_STATUS_LABELS: Record<FollowUpStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
  partly_sent: 'Partly sent',
}

/** A recipient's fate: queued when frozen, sent when the provider took it, then what its webhooks said. */
export const RECIPIENT_STATUSES = ['queued', 'sent', 'delivered', 'bounced', 'complained', 'failed'] as const
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]

/** Why an address of a workspace is never mailed again (per workspace, by lower-cased address). */
export const SUPPRESSION_REASONS = ['bounced', 'complained', 'unsubscribed'] as const
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]

/** Resend's batch call takes at most 100 messages; one job per batch. */
export const FOLLOW_UP_BATCH_SIZE = 100

export const FOLLOW_UP_LIMITS = { subject: 200, bodyHtml: 100_000, fromName: 100, statusReason: 500, delayHours: 24 * 30 }

/** The transitions the models allow (anything else is refused). */
const NEXT: Record<FollowUpStatus, readonly FollowUpStatus[]> = {
  draft: ['scheduled', 'sending', 'cancelled'],
  scheduled: ['draft', 'sending', 'cancelled'],
  sending: ['sent', 'partly_sent'],
  sent: [],
  cancelled: [],
  partly_sent: [],
}

export function canMove(from: FollowUpStatus, to: FollowUpStatus) {
  return NEXT[from].includes(to)
}

/** A draft or a scheduled follow-up may still be edited or cancelled: nothing has gone out. */
export function isEditable(status: FollowUpStatus) {
  return status === 'draft' || status === 'scheduled'
}
