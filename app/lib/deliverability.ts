// What comes back from the mail provider (issue 32 Deliver 5; docs/follow-up.md "Deliverability
// rules"): which of Resend's webhook events Lectern records, what a hard bounce is, and when a
// workspace's complaints pause its follow-ups. Pure: the models and the webhook route share it.

/** Gmail's and Yahoo's bulk-sender rule: keep the spam (complaint) rate below 0.3%. */
export const COMPLAINT_RATE_LIMIT = 0.003

/** The rate is measured over a workspace's last 1,000 messages sent. */
export const COMPLAINT_WINDOW_SENDS = 1_000

/**
 * Does this many complaints among the last sends pass the limit? The window is a fixed 1,000 sends: a
 * workspace that has sent fewer is measured over the same 1,000, so 4 complaints pause any workspace
 * (4 / 1,000 = 0.4%) and 3 never do on their own — a first small follow-up is not paused by one
 * person's click on "spam", and a large one is paused as soon as its rate is past 0.3%.
 */
export function complaintRatePasses(complaints: number) {
  return complaints / COMPLAINT_WINDOW_SENDS > COMPLAINT_RATE_LIMIT
}

/** The pause's reason, in the words its owner and site admins see. */
export function sendingPausedReason(complaints: number) {
  const rate = ((complaints / COMPLAINT_WINDOW_SENDS) * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })
  return `Follow-ups are paused: ${complaints} of the last ${COMPLAINT_WINDOW_SENDS.toLocaleString('en-US')} messages this workspace sent were reported as spam (${rate}%; mailbox providers require less than 0.3%). Nothing more is sent until a site administrator lifts the pause.`
}

/** The events of Resend's webhook Lectern records on a recipient (others are acknowledged and ignored). */
export const RECORDED_EVENTS = ['email.delivered', 'email.bounced', 'email.complained'] as const
export type RecordedEvent = (typeof RECORDED_EVENTS)[number]

export function isRecordedEvent(type: unknown): type is RecordedEvent {
  return typeof type === 'string' && (RECORDED_EVENTS as readonly string[]).includes(type)
}

/**
 * A hard bounce: the address does not exist or never will take mail (Resend passes on SES's
 * "Permanent"). A transient bounce (mailbox full, message too large) is recorded, not suppressed.
 */
export function isHardBounce(bounce: { type?: unknown } | null | undefined) {
  return typeof bounce?.type === 'string' && bounce.type.toLowerCase() === 'permanent'
}
