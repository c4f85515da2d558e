// Notices a person sees once, on their next page in a workspace (issue 29 Deliver 4; docs/teams.md
// "Transferring ownership"), stored in workspace_notices until they dismiss them. The words live here.

export const WORKSPACE_NOTICE_KINDS = [
  'ownership.declined',
  'ownership.cancelled',
  'ownership.withdrawn',
  'ownership.accepted',
] as const
export type WorkspaceNoticeKind = (typeof WORKSPACE_NOTICE_KINDS)[number]

export function isWorkspaceNoticeKind(value: unknown): value is WorkspaceNoticeKind {
  return typeof value === 'string' && (WORKSPACE_NOTICE_KINDS as readonly string[]).includes(value)
}

/** What the notice says; `actorName` is who did it, `workspaceName` where. */
export function workspaceNoticeText(kind: WorkspaceNoticeKind, actorName: string, workspaceName: string) {
  switch (kind) {
    case 'ownership.declined':
      return `${actorName} declined the ownership of ${workspaceName}. You are still its owner; you can offer it to another admin under Transfer ownership.`
    case 'ownership.cancelled':
      return `${actorName} withdrew the offer of the ownership of ${workspaceName}. Nothing changes for you: you stay an admin.`
    // The offer goes with the admin role (only an admin can be offered the workspace).
    case 'ownership.withdrawn':
      return `${actorName} changed your role in ${workspaceName}, which withdrew the offer of its ownership. Its owner stays the owner.`
    case 'ownership.accepted':
      return `${actorName} accepted the ownership of ${workspaceName}. They are its owner now; you are an admin.`
  }
}
