import { PLAN_LABELS, type Plan } from './plans'
import { PLAN_SEATS, INVITATION_TTL_MS, INVITATIONS_PER_HOUR, ROLE_LABELS, seatLimit, type WorkspaceRole } from './permissions'

// The rules and words of invitations (issue 21 Deliver 3 and 4) that both the model and the pages
// use: an invitation's state, why a seat or the hourly limit refuses, what the invitee is told.
// The seat arithmetic itself is app/lib/permissions.ts (seatLimit, hasFreeSeat).

export type InvitationState = 'pending' | 'expired' | 'revoked' | 'used'

type InvitationDates = { expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null }

/** Used wins over revoked wins over expired: the reason the invitee hears is the first that happened. */
export function invitationState(row: InvitationDates, now: Date = new Date()): InvitationState {
  if (row.acceptedAt) return 'used'
  if (row.revokedAt) return 'revoked'
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'pending'
}

/** Addresses compare lower-cased and trimmed (users.email and invitations are stored that way). */
export function normalizeInviteEmail(email: string) {
  return email.trim().toLowerCase()
}

const seatWord = (n: number) => (n === 1 ? '1 seat' : `${n} seats`)

/**
 * Why a new invitation is refused for seats, or null when one fits. Seats in use are members plus
 * pending invitations. A plan that fell below its member count keeps everyone and says so.
 */
export function seatRefusal(plan: Plan, paidSeats: number | null, members: number, pending: number): string | null {
  const limit = seatLimit(plan, paidSeats)
  if (members + pending < limit) return null
  const more =
    PLAN_SEATS[plan] < PLAN_SEATS.pro
      ? ` ${PLAN_LABELS.pro} / ${PLAN_LABELS.teams} has ${seatWord(PLAN_SEATS.pro)}.`
      : ' Move to a plan with more seats to invite more people.'
  if (members > limit)
    return `Your plan has ${seatWord(limit)} but this workspace has ${members} members. Everyone keeps their access, but nobody new can be invited until the workspace fits its seats.${more}`
  return `Your plan has ${seatWord(limit)} and all are in use (members and pending invitations). Revoke a pending invitation or remove a member to invite someone else.${more}`
}

const TTL_DAYS = Math.round(INVITATION_TTL_MS / (24 * 60 * 60 * 1000))
/** How long a link works, as the team page and the toast say it. */
export const INVITATION_VALID_TEXT = `The link works once, for ${TTL_DAYS} days.`

export const HOURLY_LIMIT_TEXT = `This workspace has sent ${INVITATIONS_PER_HOUR} invitations in the last hour, the most an hour allows. Try again later.`

/** The role select's refusal: nobody grants a role above their own, and owner is never given. */
export function roleRefusal(role: WorkspaceRole, grantable: readonly WorkspaceRole[]): string | null {
  if (grantable.includes(role)) return null
  if (grantable.length === 0) return "Your role in this workspace doesn't allow inviting people."
  return `You can invite people as ${grantable.map((r) => ROLE_LABELS[r]).join(' or ')} only.`
}

/** What the invitee is told when the link no longer works (the page answers 410). */
export function goneText(state: Exclude<InvitationState, 'pending'>, inviterEmail: string) {
  switch (state) {
    case 'expired':
      return `This invitation has expired. Ask ${inviterEmail} to send you a new one.`
    case 'revoked':
      return `This invitation was withdrawn or replaced by a newer one. Ask ${inviterEmail} for a new invitation.`
    case 'used':
      return `This invitation has already been used. Ask ${inviterEmail} to invite you again if you need access.`
  }
}

/** The second of two people accepting the last seat, or anyone accepting into a full workspace. */
export function noSeatText(workspaceName: string, inviterEmail: string) {
  return `This workspace (${workspaceName}) has no free seat left. Ask ${inviterEmail} to free a seat or move to a plan with more seats, then open this link again.`
}

/** A speaker invitation whose page another account claimed meanwhile (issue 23): nothing changes. */
export function claimedByOtherText(workspaceName: string, inviterEmail: string) {
  return `This speaker page at ${workspaceName} has already been claimed by another account, so this invitation cannot claim it. Nothing has changed. If that was not you, ask ${inviterEmail} to look into it.`
}
