import type { WorkspaceRole } from './permissions'

// Why the owner cannot leave their workspace, and what they can do instead (issue 29 Deliver 2;
// docs/teams.md "Leaving"). One place for the sentence the workspace page and the owner's own member
// page show and for the refusal the leave action answers, so the page never says less than the server.

/**
 * What the owner is told: `text` the sentence, and the step that hands the workspace on — offer it to
 * an admin (`offer`), make someone an admin first (`make-admin`), or nothing, when nobody else is in it.
 */
export type OwnerLeave = { text: string; handOn: 'offer' | 'make-admin' | null }

const CANNOT = 'As the owner you cannot leave: a workspace always has an owner.'
const THEN = 'once they accept, you are an admin and can leave.'

export function ownerLeave(workspace: { personal: boolean }, members: readonly { role: WorkspaceRole }[]): OwnerLeave {
  const others = members.filter((m) => m.role !== 'owner')
  if (others.some((m) => m.role === 'admin'))
    return { text: `${CANNOT} To hand it on, offer the ownership to one of its admins; ${THEN}`, handOn: 'offer' }
  if (others.length > 0)
    return {
      text: `${CANNOT} To hand it on, make someone an admin first (on their page in Team), then offer them the ownership; ${THEN}`,
      handOn: 'make-admin',
    }
  if (workspace.personal)
    return {
      text: 'This is your own workspace: it stays yours, and goes only with your account (Settings → Close your account).',
      handOn: null,
    }
  return {
    text: 'You are the only person in this workspace, so it stays yours: it goes only when you delete it or close your account.',
    handOn: null,
  }
}
