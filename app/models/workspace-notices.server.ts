import { and, asc, eq, inArray } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { getDb, type Tx } from '~/db/client.server'
import { workspaceNotices, workspaces } from '~/db/schema/workspaces'
import { workspaceLink } from '~/lib/permissions'
import { isWorkspaceNoticeKind, WORKSPACE_NOTICE_KINDS, type WorkspaceNoticeKind } from '~/lib/workspace-notices'

// Notices a person sees on their next page in a workspace until they dismiss them (issue 29
// Deliver 4): written in the transaction of the change they announce; read by the /app layout.

export async function addNotice(
  tx: Tx,
  notice: { workspaceId: string; userId: string; kind: WorkspaceNoticeKind; actorName: string },
) {
  await tx.insert(workspaceNotices).values(notice)
}

/** This person's notices in this workspace, oldest first. */
export async function listNotices(workspaceId: string, userId: string) {
  const rows = await getDb()
    .select({ id: workspaceNotices.id, kind: workspaceNotices.kind, actorName: workspaceNotices.actorName })
    .from(workspaceNotices)
    .where(and(eq(workspaceNotices.workspaceId, workspaceId), eq(workspaceNotices.userId, userId)))
    .orderBy(asc(workspaceNotices.createdAt), asc(workspaceNotices.id))
  return rows.flatMap((r) => (isWorkspaceNoticeKind(r.kind) ? [{ ...r, kind: r.kind }] : []))
}

/** Dismisses one of this person's notices in this workspace; another's id matches nothing. */
export async function dismissNotice(workspaceId: string, userId: string, id: string) {
  const gone = await getDb()
    .delete(workspaceNotices)
    .where(and(eq(workspaceNotices.id, id), eq(workspaceNotices.workspaceId, workspaceId), eq(workspaceNotices.userId, userId)))
    .returning({ id: workspaceNotices.id })
  return gone.length > 0
}

/** A new offer or a completed transfer makes what earlier offers left behind stale. */
export async function clearOwnershipNotices(tx: Tx, workspaceId: string) {
  await tx
    .delete(workspaceNotices)
    .where(and(eq(workspaceNotices.workspaceId, workspaceId), inArray(workspaceNotices.kind, [...WORKSPACE_NOTICE_KINDS])))
}

/** The workspace's name and the links of its emails, which open it first (`?switch=`). */
export async function announced(tx: Tx, workspaceId: string) {
  const [row] = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1)
  const config = getConfig()
  return {
    workspaceName: row?.name ?? '',
    brand: config.BRAND_NAME,
    workspacePageUrl: `${config.appUrl}${workspaceLink('/app/team/workspace', workspaceId)}`,
  }
}
