import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema/accounts'
import { speakers } from '~/db/schema/directory'
import { talks, talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { releaseStoredKeys, releaseStoredObjects } from '~/jobs/storage-release.server'
import { hasRenewingSubscription } from '~/models/billing.server'
import { eraseAccountCopies } from '~/models/lead-erasure.server'
import { purgePageCache } from '~/platform/page-store.server'

// Closing an account (Settings → Close your account; the terms promise "You may close your account at
// any time" and the privacy notice that leads are deleted when the customer closes the account).
// One transaction: everything the account holds goes, or nothing does.

export type CloseAccountOutcome = 'closed' | 'admin' | 'missing' | 'owns-team' | 'subscribed'

/**
 * Deletes a speaker's account and everything in it: directory profiles (with their photos and bio
 * images), talks, sessions (attendee pages stop at once; offer files go), every capture and person
 * with notes, timeline and segments, webhooks with their deliveries, CRM connections, settings,
 * comments and every signed-in session. Stored files are deleted after the commit, once no record
 * uses them (storage.delete jobs). The consent ledger and erasure records hold no personal data and
 * stay. An admin account is not closed this way (it may be the only one; posts keep their author).
 */
export async function closeAccount(userId: string): Promise<CloseAccountOutcome> {
  const outcome = await getDb().transaction(async (tx): Promise<CloseAccountOutcome> => {
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update')
    if (!user) return 'missing'
    if (user.role === 'admin') return 'admin'
    // The workspaces it owns go with it — unless someone else works there: ownership moves first
    // (issue 21 Deliver 6), so a team never loses its work to one person closing their account.
    const owned = (
      await tx
        .select({ id: workspaceMembers.workspaceId })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')))
        .for('update')
    ).map((r) => r.id)
    if (owned.length > 0) {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(workspaceMembers)
        .where(and(inArray(workspaceMembers.workspaceId, owned), ne(workspaceMembers.userId, userId)))
      if ((others?.n ?? 0) > 0) return 'owns-team'
    }
    // A subscription that renews is canceled in the portal first (Stripe would go on charging).
    if (await hasRenewingSubscription(owned, tx)) return 'subscribed'
    // What it runs in other people's workspaces stays there, handed to each workspace's owner.
    for (const table of [talkSessions, talks]) {
      await tx
        .update(table)
        .set({
          userId: sql`(select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${table.workspaceId} and ${workspaceMembers.role} = 'owner')`,
        })
        .where(and(eq(table.userId, userId), owned.length ? notInArray(table.workspaceId, owned) : sql`true`))
    }
    // Before the cascade: emails to or about its attendees, sent or queued (docs/decisions/0014).
    for (const workspaceId of owned) await eraseAccountCopies(tx, workspaceId)
    // Profiles would otherwise outlive their owner (the foreign key sets null for admin-made ones).
    const profiles = await tx
      .delete(speakers)
      .where(eq(speakers.userId, userId))
      .returning({ photo: speakers.profileImageUrl, bio: speakers.bio })
    for (const profile of profiles) await releaseStoredObjects([profile.photo, profile.bio], [], tx)
    // Sessions before the user: a talk may not go while a session points at it; their captures,
    // submissions and views go with them.
    const sessions = await tx
      .delete(talkSessions)
      .where(owned.length ? inArray(talkSessions.workspaceId, owned) : sql`false`)
      .returning({ offerFileKey: talkSessions.offerFileKey })
    await releaseStoredKeys(
      sessions.map((s) => s.offerFileKey),
      tx,
    )
    // The rest by the foreign keys' cascade: talks, people, notes, timeline, segments, webhooks and
    // deliveries, CRM connections and syncs, memberships, settings, comments, signed-in sessions.
    if (owned.length) await tx.delete(workspaces).where(inArray(workspaces.id, owned))
    await tx.delete(users).where(eq(users.id, userId))
    return 'closed'
  })
  // The directory and profile pages no longer show the speaker.
  if (outcome === 'closed') purgePageCache()
  return outcome
}
