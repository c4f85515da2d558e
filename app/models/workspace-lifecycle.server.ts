import { and, eq } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { talkSessions } from '~/db/schema/talks'
import { workspaceMembers, workspaces } from '~/db/schema/workspaces'
import { releaseStoredKeys } from '~/jobs/storage-release.server'
import { can, type WorkspaceAction } from '~/lib/permissions'
import type { Plan } from '~/lib/plans'
import { recordAudit } from './audit.server'
import { hasRenewingSubscription } from './billing.server'
import { eraseAccountCopies } from './lead-erasure.server'
import type { Person } from './memberships.server'
import { membershipChangedListing } from './speakers.server'
import { lockWorkspace } from './workspaces.server'
import type { Language } from '~/lib/i18n/languages'

// A workspace's own life (issue 21 Deliver 6; docs/teams.md): made by a person, renamed,
// its "Members see every lead" switch, and deleted by its owner. Each change is one transaction
// that takes the workspace's lock first and reads the actor's role under it.

/** A new team workspace: the creator is its owner; the plan is free (one seat) until an admin sets one. */
export async function createWorkspace(creator: Person, name: string) {
  return getDb().transaction(async (tx) => {
    const [made] = await tx.insert(workspaces).values({ name, personal: false }).returning({ id: workspaces.id })
    await tx.insert(workspaceMembers).values({ workspaceId: made!.id, userId: creator.id, role: 'owner' })
    await recordAudit({ workspaceId: made!.id, actor: creator, kind: 'workspace.created', subject: name }, tx)
    return made!.id
  })
}

/** The workspace, locked, with the actor's role in it (null when they are not a member). */
async function lockedWithRole(tx: Tx, workspaceId: string, actorId: string) {
  await lockWorkspace(tx, workspaceId)
  const [row] = await tx
    .select({
      name: workspaces.name,
      personal: workspaces.personal,
      plan: workspaces.plan,
      seeAll: workspaces.membersSeeAllLeads,
      role: workspaceMembers.role,
    })
    .from(workspaces)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, actorId)))
    .where(eq(workspaces.id, workspaceId))
    .limit(1)
  return row ?? null
}

async function allowed(tx: Tx, workspaceId: string, actor: Person, action: WorkspaceAction) {
  const row = await lockedWithRole(tx, workspaceId, actor.id)
  return row && can(row.role, action) ? row : null
}

export async function renameWorkspace(workspaceId: string, actor: Person, name: string): Promise<'renamed' | 'forbidden'> {
  return getDb().transaction(async (tx) => {
    const row = await allowed(tx, workspaceId, actor, 'workspace.rename')
    if (!row) return 'forbidden'
    if (row.name === name) return 'renamed'
    await tx.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId))
    await recordAudit({ workspaceId, actor, kind: 'workspace.renamed', subject: name, data: { from: row.name, to: name } }, tx)
    return 'renamed'
  })
}

/** "Members see every lead": off, a member sees the leads of the sessions they run. */
export async function setMembersSeeAllLeads(workspaceId: string, actor: Person, on: boolean): Promise<'saved' | 'forbidden'> {
  return getDb().transaction(async (tx) => {
    const row = await allowed(tx, workspaceId, actor, 'members.manage')
    if (!row) return 'forbidden'
    if (row.seeAll === on) return 'saved'
    await tx.update(workspaces).set({ membersSeeAllLeads: on }).where(eq(workspaces.id, workspaceId))
    await recordAudit(
      {
        workspaceId,
        actor,
        kind: 'workspace.settings_changed',
        subject: 'Members see every lead',
        data: { membersSeeAllLeads: on },
      },
      tx,
    )
    return 'saved'
  })
}

/**
 * The workspace's language (issue 31): what attendee pages fall back to when nothing the attendee
 * sends matches, and the language its sessions' own words are written in. Audited like the other settings.
 */
export async function setWorkspaceLanguage(
  workspaceId: string,
  actor: Person,
  language: Language,
): Promise<'saved' | 'forbidden'> {
  return getDb().transaction(async (tx) => {
    const row = await allowed(tx, workspaceId, actor, 'members.manage')
    if (!row) return 'forbidden'
    await tx.update(workspaces).set({ language }).where(eq(workspaces.id, workspaceId))
    await recordAudit(
      { workspaceId, actor, kind: 'workspace.settings_changed', subject: 'Language of attendee pages', data: { language } },
      tx,
    )
    return 'saved'
  })
}

export type DeleteWorkspaceOutcome = 'deleted' | 'forbidden' | 'personal' | 'name-mismatch' | 'subscribed'

/**
 * The owner deletes a team workspace and everything in it, as closing an account does
 * (app/models/account-closure.server.ts): one transaction; copies of its attendees' details in
 * queued or sent emails go first; offer files are released through storage.delete jobs, which run
 * only once this commits. A personal workspace goes only with its account. The audit row stays
 * (it has no foreign key) to say who deleted it.
 */
export async function deleteWorkspace(workspaceId: string, owner: Person, typedName: string): Promise<DeleteWorkspaceOutcome> {
  let plan: Plan | null = null
  const outcome = await getDb().transaction(async (tx): Promise<DeleteWorkspaceOutcome> => {
    const row = await allowed(tx, workspaceId, owner, 'workspace.delete')
    if (!row) return 'forbidden'
    if (row.personal) return 'personal'
    // Checked under the lock: a rename in another tab since the page was shown makes the typed name stale.
    if (typedName.trim() !== row.name) return 'name-mismatch'
    if (await hasRenewingSubscription([workspaceId], tx)) return 'subscribed'
    plan = row.plan
    await eraseAccountCopies(tx, workspaceId)
    // Sessions before the talks they point at (restrict); their captures, views and submissions cascade.
    const sessions = await tx
      .delete(talkSessions)
      .where(eq(talkSessions.workspaceId, workspaceId))
      .returning({ offerFileKey: talkSessions.offerFileKey })
    await releaseStoredKeys(
      sessions.map((s) => s.offerFileKey),
      tx,
    )
    // The rest by the foreign keys' cascade: talks, people, notes, timeline, segments, webhooks and
    // their deliveries, the CRM connection, invitations and memberships.
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId))
    await recordAudit(
      { workspaceId, actor: owner, kind: 'workspace.deleted', subject: row.name, data: { sessions: sessions.length } },
      tx,
    )
    return 'deleted'
  })
  if (outcome === 'deleted') membershipChangedListing(plan)
  return outcome
}
