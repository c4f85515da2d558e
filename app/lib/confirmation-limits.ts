import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, CONFIRMATIONS_PER_SESSION_PER_HOUR } from './constants'

// Why an attendee's confirmation email was not sent, and how the speaker is told (issue 20: the
// attendee form must not be an email relay). The lead itself is always stored; only the email to the
// typed address is held back. The check runs when the email job runs
// (app/models/confirmation-budget.server.ts), the limits are in app/lib/constants.ts.

export const CONFIRMATION_SKIP_REASONS = ['address_daily_limit', 'session_hourly_limit'] as const
export type ConfirmationSkipReason = (typeof CONFIRMATION_SKIP_REASONS)[number]

export function isConfirmationSkipReason(value: unknown): value is ConfirmationSkipReason {
  return (CONFIRMATION_SKIP_REASONS as readonly unknown[]).includes(value)
}

/** One lead's line for the speaker. */
export function confirmationSkippedText(reason: ConfirmationSkipReason): string {
  return reason === 'address_daily_limit'
    ? `Confirmation email not sent: this address already had ${CONFIRMATIONS_PER_ADDRESS_PER_DAY} confirmations today`
    : `Confirmation email not sent: hourly limit (${CONFIRMATIONS_PER_SESSION_PER_HOUR} per session) reached`
}

/** The session page's line when some of its confirmations were not sent; null when none. */
export function confirmationsSkippedSummary(count: number): string | null {
  if (count <= 0) return null
  const what = count === 1 ? '1 confirmation email was' : `${count.toLocaleString('en')} confirmation emails were`
  return `${what} not sent to attendees: over ${CONFIRMATIONS_PER_SESSION_PER_HOUR} sign-ups in an hour, or an address that had ${CONFIRMATIONS_PER_ADDRESS_PER_DAY} confirmations that day (a limit against misuse of the form). Their leads are stored as usual.`
}

/** The windows a confirmation sent at `now` counts in: the UTC day (per address) and the hour (per session). */
export function confirmationWindows(now: Date) {
  const hour = new Date(now)
  hour.setUTCMinutes(0, 0, 0)
  const day = new Date(now)
  day.setUTCHours(0, 0, 0, 0)
  return { day, hour }
}
