import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb, type Tx } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { events, eventSpeakers } from '~/db/schema/events'
import { workspaceInvitations } from '~/db/schema/invitations'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers } from '~/db/schema/workspaces'
import { speakerInvitationEmail } from '~/emails/speaker-invitations'
import { enqueueEmail } from '~/jobs/email.server'
import { INVITATION_TTL_MS, type WorkspaceRole } from '~/lib/permissions'
import { recordAudit } from './audit.server'
import { hashToken, lockedWorkspace, newToken, pendingWhere, type Inviter } from './invitations.server'

// Speakers of an organiser's event claim their page by invitation (issue 23 Deliver 4;
// docs/organisers.md "Claiming"). The teams mechanism carries it: a workspace_invitations row with
// role 'speaker' and the roster entry (speaker_id), the token only in the email (hashed in the
// table), 7 days, single use. Speakers are not seats and not counted by the team's hourly limit.
// Accepting (invitation-accept.server.ts) calls claimRosterEntry in its transaction; leaving or
// being removed calls releaseRosterEntries (memberships.server.ts).

export type SpeakerClaim = {
  speakerId: string
  name: string
  email: string
  slug: string
  claimedBy: string | null
  /** The claimant's role here: 'speaker', or a team role for someone of the team who also speaks. */
  claimantRole: WorkspaceRole | null
  claimedAt: Date | null
  invitedAt: Date | null
  /** The pending invitation, if any. */
  pending: { expiresAt: Date } | null
}

/** The roster entries giving a session at this event (another workspace's event: none). */
function speakersOfEvent(workspaceId: string, eventId: string) {
  return and(
    eq(eventSpeakers.workspaceId, workspaceId),
    inArray(
      eventSpeakers.id,
      sql`(select ${talkSessions.speakerId} from ${talkSessions} where ${talkSessions.eventId} = ${eventId} and ${talkSessions.workspaceId} = ${workspaceId})`,
    ),
  )
}

/** Each speaker of the event with their claim state: claimed by whom and when, invited when, or not. */
export async function listSpeakerClaims(workspaceId: string, eventId: string): Promise<SpeakerClaim[]> {
  const db = getDb()
  const rows = await db
    .select({
      speakerId: eventSpeakers.id,
      name: eventSpeakers.name,
      email: eventSpeakers.email,
      slug: eventSpeakers.slug,
      claimedBy: users.email,
      claimantRole: workspaceMembers.role,
      claimedAt: eventSpeakers.claimedAt,
      invitedAt: eventSpeakers.invitedAt,
    })
    .from(eventSpeakers)
    .leftJoin(users, eq(users.id, eventSpeakers.userId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, eventSpeakers.workspaceId), eq(workspaceMembers.userId, eventSpeakers.userId)),
    )
    .where(speakersOfEvent(workspaceId, eventId))
    .orderBy(asc(eventSpeakers.name), asc(eventSpeakers.email))
  const ids = rows.map((r) => r.speakerId)
  const pending = ids.length
    ? await db
        .select({ speakerId: workspaceInvitations.speakerId, expiresAt: workspaceInvitations.expiresAt })
        .from(workspaceInvitations)
        .where(
          and(eq(workspaceInvitations.workspaceId, workspaceId), inArray(workspaceInvitations.speakerId, ids), pendingWhere()),
        )
        .orderBy(desc(workspaceInvitations.createdAt))
    : []
  return rows.map((r) => {
    const open = pending.find((p) => p.speakerId === r.speakerId)
    return { ...r, pending: open ? { expiresAt: open.expiresAt } : null }
  })
}

export type SpeakerInviteOutcome = { ok: true; sent: number } | { ok: false; message: string; status: 404 | 409 }

/** The event names this roster entry speaks at in the workspace, in date order (the email names them). */
async function eventNamesOf(tx: Tx, workspaceId: string, speakerId: string) {
  const rows = await tx
    .selectDistinct({ name: events.name, startsOn: events.startsOn })
    .from(talkSessions)
    .innerJoin(events, eq(events.id, talkSessions.eventId))
    .where(and(eq(talkSessions.workspaceId, workspaceId), eq(talkSessions.speakerId, speakerId)))
    .orderBy(asc(events.startsOn), asc(events.name))
  return rows.map((r) => r.name)
}

type RosterEntry = { id: string; name: string; email: string }

/** Voids the entry's pending invitation (a resend), writes a new one, queues its email, sets invited_at. */
async function issueSpeakerInvitation(tx: Tx, inviter: Inviter, workspaceName: string, speaker: RosterEntry, resent: boolean) {
  const config = getConfig()
  const token = newToken()
  const now = new Date()
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
  await tx
    .update(workspaceInvitations)
    .set({ revokedAt: now })
    .where(
      and(eq(workspaceInvitations.workspaceId, inviter.ownerId), eq(workspaceInvitations.speakerId, speaker.id), pendingWhere()),
    )
  await tx.insert(workspaceInvitations).values({
    workspaceId: inviter.ownerId,
    email: speaker.email,
    role: 'speaker',
    speakerId: speaker.id,
    tokenHash: hashToken(token),
    invitedBy: inviter.user.id,
    inviterEmail: inviter.user.email,
    expiresAt,
  })
  await tx.update(eventSpeakers).set({ invitedAt: now }).where(eq(eventSpeakers.id, speaker.id))
  await enqueueEmail(
    speakerInvitationEmail({
      to: speaker.email,
      brand: config.BRAND_NAME,
      speakerName: speaker.name,
      workspaceName,
      inviterEmail: inviter.user.email,
      eventNames: await eventNamesOf(tx, inviter.ownerId, speaker.id),
      acceptUrl: `${config.appUrl}/invite/${token}`,
      expiresAt,
    }),
    tx,
  )
  await recordAudit(
    {
      workspaceId: inviter.ownerId,
      actor: inviter.user,
      kind: 'speaker.invited',
      subject: speaker.email,
      data: { speakerId: speaker.id, ...(resent ? { resent: true } : {}) },
    },
    tx,
  )
}

const NOT_ON_EVENT = 'This speaker is not on this event’s programme.'

/**
 * Invites one speaker of the event (or, `resend`, voids their pending invitation and sends a new
 * one). Refused for a page already claimed, and — without `resend` — for a pending invitation.
 */
export async function inviteSpeaker(
  inviter: Inviter,
  eventId: string,
  speakerId: string,
  opts: { resend?: boolean } = {},
): Promise<SpeakerInviteOutcome> {
  return getDb().transaction(async (tx): Promise<SpeakerInviteOutcome> => {
    const workspace = await lockedWorkspace(tx, inviter.ownerId)
    if (!workspace) return { ok: false, message: 'This workspace no longer exists.', status: 404 }
    const [speaker] = await tx
      .select({ id: eventSpeakers.id, name: eventSpeakers.name, email: eventSpeakers.email, userId: eventSpeakers.userId })
      .from(eventSpeakers)
      .where(and(speakersOfEvent(inviter.ownerId, eventId), eq(eventSpeakers.id, speakerId)))
    if (!speaker) return { ok: false, message: NOT_ON_EVENT, status: 404 }
    if (speaker.userId) return { ok: false, message: `${speaker.name} has claimed their page already.`, status: 409 }
    if (!opts.resend) {
      const [open] = await tx
        .select({ id: workspaceInvitations.id })
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.speakerId, speaker.id), pendingWhere()))
        .limit(1)
      if (open)
        return {
          ok: false,
          message: `${speaker.name} has a pending invitation already: resend it to send a new link.`,
          status: 409,
        }
    }
    await issueSpeakerInvitation(tx, inviter, workspace.name, speaker, Boolean(opts.resend))
    return { ok: true, sent: 1 }
  })
}

/** Not claimed, and not invited in the last 7 days (an invitation's life): who "Send N invitations" reaches. */
function toInviteWhere(workspaceId: string, eventId: string) {
  return and(
    speakersOfEvent(workspaceId, eventId),
    isNull(eventSpeakers.userId),
    or(isNull(eventSpeakers.invitedAt), lt(eventSpeakers.invitedAt, sql`now() - interval '7 days'`)),
  )
}

/** How many speakers "Send N invitations" would invite now. */
export async function countSpeakersToInvite(workspaceId: string, eventId: string) {
  const rows = await getDb().select({ id: eventSpeakers.id }).from(eventSpeakers).where(toInviteWhere(workspaceId, eventId))
  return rows.length
}

/** Invites every speaker of the event not claimed and not invited in the last 7 days, in one transaction. */
export async function inviteEventSpeakers(inviter: Inviter, eventId: string): Promise<SpeakerInviteOutcome> {
  return getDb().transaction(async (tx): Promise<SpeakerInviteOutcome> => {
    const workspace = await lockedWorkspace(tx, inviter.ownerId)
    if (!workspace) return { ok: false, message: 'This workspace no longer exists.', status: 404 }
    const speakers = await tx
      .select({ id: eventSpeakers.id, name: eventSpeakers.name, email: eventSpeakers.email })
      .from(eventSpeakers)
      .where(toInviteWhere(inviter.ownerId, eventId))
      .orderBy(asc(eventSpeakers.name))
    for (const speaker of speakers) await issueSpeakerInvitation(tx, inviter, workspace.name, speaker, false)
    return { ok: true, sent: speakers.length }
  })
}

export type ClaimOutcome = 'claimed' | 'claimed-by-other' | 'not-found'

/**
 * The claim (accepting a speaker invitation, in the accept's transaction): the roster entry becomes
 * this account's and every session it gives in the workspace is run by them from now on, so its
 * leads given to the speaker reach them. An entry another account claimed stays theirs.
 */
export async function claimRosterEntry(
  tx: Tx,
  workspaceId: string,
  speakerId: string,
  user: { id: string; email: string },
): Promise<ClaimOutcome> {
  const [claimed] = await tx
    .update(eventSpeakers)
    .set({ userId: user.id, claimedAt: sql`coalesce(${eventSpeakers.claimedAt}, now())`, updatedAt: new Date() })
    .where(
      and(
        eq(eventSpeakers.id, speakerId),
        eq(eventSpeakers.workspaceId, workspaceId),
        or(isNull(eventSpeakers.userId), eq(eventSpeakers.userId, user.id)),
      ),
    )
    .returning({ email: eventSpeakers.email })
  if (!claimed) {
    const [exists] = await tx.select({ id: eventSpeakers.id }).from(eventSpeakers).where(eq(eventSpeakers.id, speakerId))
    return exists ? 'claimed-by-other' : 'not-found'
  }
  const sessions = await tx
    .update(talkSessions)
    .set({ userId: user.id, updatedAt: new Date() })
    .where(and(eq(talkSessions.workspaceId, workspaceId), eq(talkSessions.speakerId, speakerId)))
    .returning({ id: talkSessions.id })
  await recordAudit(
    { workspaceId, actor: user, kind: 'speaker.claimed', subject: claimed.email, data: { speakerId, sessions: sessions.length } },
    tx,
  )
  return 'claimed'
}

/**
 * Someone leaving the workspace (or removed) no longer holds its roster entries: they are unclaimed
 * again, and can be invited anew. Their sessions are handed on by the caller, as every member's are.
 */
export async function releaseRosterEntries(tx: Tx, workspaceId: string, userId: string) {
  const rows = await tx
    .update(eventSpeakers)
    .set({ userId: null, claimedAt: null, updatedAt: new Date() })
    .where(and(eq(eventSpeakers.workspaceId, workspaceId), eq(eventSpeakers.userId, userId)))
    .returning({ id: eventSpeakers.id })
  return rows.length
}

/** The account that claimed this roster entry of the workspace (removing a speaker from the invitations page). */
export async function claimantOf(workspaceId: string, speakerId: string) {
  const [row] = await getDb()
    .select({ userId: eventSpeakers.userId })
    .from(eventSpeakers)
    .where(and(eq(eventSpeakers.id, speakerId), eq(eventSpeakers.workspaceId, workspaceId)))
  return row?.userId ?? null
}
