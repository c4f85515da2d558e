import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { speakers, talkSessions, users } from '~/db/schema'
import { releaseStoredKeys, releaseStoredObjects } from '~/jobs/storage-release.server'
import { eraseAccountCopies } from '~/models/lead-erasure.server'
import { purgePageCache } from '~/platform/page-store.server'

// Closing an account (Settings → Close your account; the terms promise "You may close your account at
// any time" and the privacy notice that leads are deleted when the customer closes the account).
// One transaction: everything the account holds goes, or nothing does.

export type CloseAccountOutcome = 'closed' | 'admin' | 'missing'

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
    // Before the cascade: emails to or about its attendees, sent or queued (docs/decisions/0014).
    await eraseAccountCopies(tx, userId)
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
      .where(eq(talkSessions.userId, userId))
      .returning({ offerFileKey: talkSessions.offerFileKey })
    await releaseStoredKeys(
      sessions.map((s) => s.offerFileKey),
      tx,
    )
    // The rest by the foreign keys' cascade: talks, people, notes, timeline, segments, webhooks and
    // deliveries, CRM connections and syncs, settings, comments, signed-in sessions.
    await tx.delete(users).where(eq(users.id, userId))
    return 'closed'
  })
  // The directory and profile pages no longer show the speaker.
  if (outcome === 'closed') purgePageCache()
  return outcome
}
