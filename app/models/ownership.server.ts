import { and, eq } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import {
  ownershipAcceptedEmail,
  ownershipCancelledEmail,
  ownershipDeclinedEmail,
  ownershipOfferedEmail,
} from '~/emails/ownership'
import { enqueueEmail } from '~/jobs/email.server'
import { recordAudit } from './audit.server'
import { emailOf, nameOf, roleIn, type Person } from './memberships.server'
import { addNotice, announced, clearOwnershipNotices } from './workspace-notices.server'
import { lockWorkspace } from './workspaces.server'

// The ownership transfer (issue 21 Deliver 6; docs/teams.md "Transferring ownership"): the owner
// offers the workspace to an admin, who accepts or declines; the owner may withdraw it. Each step is
// one transaction under the workspace's lock, with its audit row, and is announced (issue 29
// Deliver 4): the email to the person it concerns is queued in the same transaction (enqueueEmail),
// and a declined or withdrawn offer leaves them a notice for their next page in the workspace. The
// offered admin's notice needs no row: it is the pending offer itself (OwnershipOfferNotice).

export type OfferOutcome = 'offered' | 'forbidden' | 'not-admin'

/** The owner offers the workspace to one of its admins, who confirms (answerOwnershipOffer). */
export async function offerOwnership(workspaceId: string, owner: Person, toUserId: string): Promise<OfferOutcome> {
  return getDb().transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId)
    if ((await roleIn(tx, workspaceId, owner.id)) !== 'owner') return 'forbidden'
    if ((await roleIn(tx, workspaceId, toUserId)) !== 'admin') return 'not-admin'
    await tx.update(workspaces).set({ transferToUserId: toUserId }).where(eq(workspaces.id, workspaceId))
    // What an earlier offer left (declined, withdrawn) is old news beside this one.
    await clearOwnershipNotices(tx, workspaceId)
    const [from, to] = [await nameOf(tx, owner.id), await nameOf(tx, toUserId)]
    await enqueueEmail(ownershipOfferedEmail({ to: to.email, ownerName: from.name, ...(await announced(tx, workspaceId)) }), tx)
    await recordAudit({ workspaceId, actor: owner, kind: 'ownership.offered', subject: to.email }, tx)
    return 'offered'
  })
}

/** The owner withdraws a pending offer; the admin it was made to hears of it. */
export async function cancelOwnershipOffer(workspaceId: string, owner: Person): Promise<'cancelled' | 'forbidden' | 'none'> {
  return getDb().transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId)
    if ((await roleIn(tx, workspaceId, owner.id)) !== 'owner') return 'forbidden'
    const offered = await pendingOffer(tx, workspaceId)
    if (!offered) return 'none'
    await tx.update(workspaces).set({ transferToUserId: null }).where(eq(workspaces.id, workspaceId))
    const [from, to] = [await nameOf(tx, owner.id), await nameOf(tx, offered)]
    await addNotice(tx, { workspaceId, userId: offered, kind: 'ownership.cancelled', actorName: from.name })
    await enqueueEmail(ownershipCancelledEmail({ to: to.email, ownerName: from.name, ...(await announced(tx, workspaceId)) }), tx)
    await recordAudit({ workspaceId, actor: owner, kind: 'ownership.cancelled', subject: to.email }, tx)
    return 'cancelled'
  })
}

async function pendingOffer(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({ to: workspaces.transferToUserId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1)
  return row?.to ?? null
}

export type AnswerOutcome = 'accepted' | 'declined' | 'not-offered'

/**
 * The admin the owner chose answers the offer. Accepting demotes the owner to admin, then promotes
 * the new owner, in this one transaction: the partial unique index allows one owner at any moment.
 * Declining tells the owner (an email and a notice).
 */
export async function answerOwnershipOffer(workspaceId: string, person: Person, accept: boolean): Promise<AnswerOutcome> {
  return getDb().transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId)
    // Demoting or removing the admin withdraws the offer, so an offer always names an admin.
    if ((await pendingOffer(tx, workspaceId)) !== person.id) return 'not-offered'
    await tx.update(workspaces).set({ transferToUserId: null }).where(eq(workspaces.id, workspaceId))
    if (!accept) {
      const [owner] = await tx
        .select({ id: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
        .limit(1)
      if (owner) {
        const [by, to] = [await nameOf(tx, person.id), await nameOf(tx, owner.id)]
        await addNotice(tx, { workspaceId, userId: owner.id, kind: 'ownership.declined', actorName: by.name })
        await enqueueEmail(
          ownershipDeclinedEmail({ to: to.email, adminName: by.name, ...(await announced(tx, workspaceId)) }),
          tx,
        )
      }
      await recordAudit({ workspaceId, actor: person, kind: 'ownership.declined', subject: person.email }, tx)
      return 'declined'
    }
    const [previous] = await tx
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
      .returning({ id: workspaceMembers.userId })
    await tx
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, person.id)))
    await clearOwnershipNotices(tx, workspaceId)
    const from = previous ? await emailOf(tx, previous.id) : ''
    // The owner who handed it on hears that it is done (issue 29 Deliver 4).
    if (previous) {
      const [by, to] = [await nameOf(tx, person.id), await nameOf(tx, previous.id)]
      await addNotice(tx, { workspaceId, userId: previous.id, kind: 'ownership.accepted', actorName: by.name })
      await enqueueEmail(ownershipAcceptedEmail({ to: to.email, ownerName: by.name, ...(await announced(tx, workspaceId)) }), tx)
    }
    await recordAudit(
      { workspaceId, actor: person, kind: 'ownership.transferred', subject: person.email, data: { from, to: person.email } },
      tx,
    )
    return 'accepted'
  })
}
