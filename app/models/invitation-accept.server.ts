import { and, eq } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { eventSpeakers } from '~/db/schema/events'
import { workspaceInvitations } from '~/db/schema/invitations'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { invitationState, normalizeInviteEmail, type InvitationState } from '~/lib/invitations'
import { seatLimit, takesSeat, type WorkspaceRole } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { recordAudit } from './audit.server'
import { membershipChangedListing } from './speakers.server'
import { countMembers, hashToken, lockedWorkspace, pendingWhere, TOKEN_SHAPE } from './invitations.server'
import { claimRosterEntry } from './speaker-invitations.server'

// The invitation link's side (issue 21 Deliver 3 and 4; docs/teams.md "Invitations"): what a token
// points at, and accepting it. Making, resending and revoking invitations is invitations.server.ts.

export type InvitationView = {
  id: string
  workspaceId: string
  workspaceName: string
  email: string
  role: WorkspaceRole
  /** A speaker invitation (issue 23) claims this roster entry of the organiser. */
  speakerId: string | null
  /** The account that claimed that roster entry, if any (another account's claim refuses the accept). */
  speakerClaimedBy: string | null
  inviterEmail: string
  expiresAt: Date
  state: InvitationState
}

/** What an invitation link points at, whoever opens it; null for a token we never gave out. */
export async function getInvitationByToken(token: string, db: Db | Tx = getDb()): Promise<InvitationView | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const [row] = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      speakerId: workspaceInvitations.speakerId,
      speakerClaimedBy: eventSpeakers.userId,
      inviterEmail: workspaceInvitations.inviterEmail,
      expiresAt: workspaceInvitations.expiresAt,
      acceptedAt: workspaceInvitations.acceptedAt,
      revokedAt: workspaceInvitations.revokedAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(eventSpeakers, eq(eventSpeakers.id, workspaceInvitations.speakerId))
    .where(eq(workspaceInvitations.tokenHash, hashToken(token)))
    .limit(1)
  if (!row) return null
  const { acceptedAt, revokedAt, ...view } = row
  return { ...view, state: invitationState({ expiresAt: row.expiresAt, acceptedAt, revokedAt }) }
}

export type AcceptResult =
  | { ok: true; workspaceId: string; workspaceName: string; role: WorkspaceRole; claimed: boolean }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'gone'; state: Exclude<InvitationState, 'pending'>; inviterEmail: string }
  | { ok: false; reason: 'wrong-account'; email: string }
  | { ok: false; reason: 'no-seat'; inviterEmail: string; workspaceName: string }
  | { ok: false; reason: 'claimed-by-other'; inviterEmail: string; workspaceName: string }

class NoSeat extends Error {}
class ClaimedByOther extends Error {}

/**
 * Accepts an invitation for the signed-in user. Only the invited address may (case-insensitive);
 * anyone else changes nothing. Under the workspace lock the invitation is marked used by a
 * conditional update (two accepts of one token: one wins) and the seats are counted again: the
 * members after joining must fit the plan. No seat → nothing changes, the link keeps working.
 */
export async function acceptInvitation(token: string, user: { id: string; email: string }): Promise<AcceptResult> {
  const invitation = await getInvitationByToken(token)
  if (!invitation) return { ok: false, reason: 'not-found' }
  if (invitation.state !== 'pending')
    return { ok: false, reason: 'gone', state: invitation.state, inviterEmail: invitation.inviterEmail }
  if (normalizeInviteEmail(user.email) !== invitation.email)
    return { ok: false, reason: 'wrong-account', email: invitation.email }
  try {
    let joinedPlan: Plan | null = null
    const result = await getDb().transaction(async (tx): Promise<AcceptResult> => {
      const workspace = await lockedWorkspace(tx, invitation.workspaceId)
      if (!workspace) return { ok: false, reason: 'not-found' }
      const [taken] = await tx
        .update(workspaceInvitations)
        .set({ acceptedAt: new Date(), acceptedBy: user.id })
        .where(and(eq(workspaceInvitations.id, invitation.id), pendingWhere()))
        .returning({ id: workspaceInvitations.id })
      if (!taken) {
        // Another request used, revoked or outlived it between the read above and the lock.
        const now = await getInvitationByToken(token, tx)
        const state = now && now.state !== 'pending' ? now.state : 'used'
        return { ok: false, reason: 'gone', state, inviterEmail: invitation.inviterEmail }
      }
      const [already] = await tx
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, invitation.workspaceId), eq(workspaceMembers.userId, user.id)))
      let role: WorkspaceRole = already?.role ?? invitation.role
      if (!already) {
        // This invitation's own seat is no longer pending (just marked used): counted once, as a member.
        const members = await countMembers(tx, invitation.workspaceId)
        if (takesSeat(invitation.role) && members + 1 > seatLimit(workspace.plan, workspace.seats)) throw new NoSeat()
        await tx.insert(workspaceMembers).values({ workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role })
        await recordAudit(
          {
            workspaceId: invitation.workspaceId,
            actor: user,
            kind: 'member.joined',
            subject: invitation.email,
            data: { role: invitation.role, invitedBy: invitation.inviterEmail },
          },
          tx,
        )
        joinedPlan = workspace.plan
        role = invitation.role
      }
      // A speaker invitation claims its roster entry. Someone already in the workspace with another
      // role (an admin who also speaks) keeps that role — never demoted to speaker — and claims it too.
      if (invitation.speakerId) {
        const claim = await claimRosterEntry(tx, invitation.workspaceId, invitation.speakerId, user)
        if (claim === 'claimed-by-other') throw new ClaimedByOther()
        if (claim === 'not-found') return { ok: false, reason: 'not-found' }
      }
      return {
        ok: true,
        workspaceId: invitation.workspaceId,
        workspaceName: workspace.name,
        role,
        claimed: Boolean(invitation.speakerId),
      }
    })
    membershipChangedListing(joinedPlan)
    return result
  } catch (error) {
    if (error instanceof NoSeat)
      return { ok: false, reason: 'no-seat', inviterEmail: invitation.inviterEmail, workspaceName: invitation.workspaceName }
    // Rolled back: nothing changed, the invitation is still pending.
    if (error instanceof ClaimedByOther)
      return {
        ok: false,
        reason: 'claimed-by-other',
        inviterEmail: invitation.inviterEmail,
        workspaceName: invitation.workspaceName,
      }
    throw error
  }
}
