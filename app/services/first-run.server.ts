import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { sessionsScope, type WorkspaceScope } from '~/auth/workspace.server'
import { firstRunNameSchema, type FirstRunNeeds } from '~/lib/first-run'
import { displayNameRequired, speakerNameForAttendees } from '~/lib/speaker-name'
import { getAccount, setDisplayName } from '~/models/accounts.server'
import { listSpeakersByOwner } from '~/models/speakers.server'
import { getSession, goLive } from '~/models/talk-sessions.server'
import { renameWorkspace } from '~/models/workspace-lifecycle.server'

// The first-run step (issue 29 Deliver 7; docs/speakers.md): what it asks of the signed-in person in
// this workspace, and saving it. Its page is /app/name; the workspace's home and the new-session
// page show the same form while it asks something, and going live asks for the name by its button.

/** The name attendees see for this person (speakerNameForAttendees), or null when they have none. */
export async function publicNameOf(userId: string) {
  const [account, [profile]] = await Promise.all([getAccount(userId), listSpeakersByOwner(userId)])
  return speakerNameForAttendees({ displayName: account.displayName, profileName: profile?.name })
}

export type FirstRunStep = {
  needs: FirstRunNeeds
  /** The workspace's current name (while the step asks for a new one, the account email). */
  workspaceName: string
  /** The name the person has, to suggest for the workspace when only that is asked. */
  name: string | null
  /** The address the consent notice gives as the controller's contact (never as the name). */
  contact: string
}

/** What the step asks: null once the person has a name and their own workspace is not named by their email. */
export async function firstRunStep(scope: WorkspaceScope): Promise<FirstRunStep | null> {
  const name = await publicNameOf(scope.userId)
  const workspace = scope.role === 'owner' && scope.workspace.personal && scope.workspace.name === scope.user.email
  if (name && !workspace) return null
  return { needs: { name: !name, workspace }, workspaceName: scope.workspace.name, name, contact: scope.user.email }
}

/** Saves the step from its form: the name (which also names the person's own email-named workspace), or the workspace's name alone. */
export async function saveFirstRunStep(scope: WorkspaceScope, step: FirstRunStep, form: FormData) {
  const submission = parseWithZod(form, { schema: firstRunNameSchema(step.needs) })
  if (submission.status !== 'success') return { ok: false as const, reply: submission.reply() }
  const { displayName, workspaceName } = submission.value
  if (step.needs.name && displayName) {
    await setDisplayName(scope.user, displayName, { workspaceName: step.needs.workspace ? workspaceName : undefined })
  } else if (step.needs.workspace && workspaceName) {
    await renameWorkspace(scope.workspace.id, scope.user, workspaceName)
  }
  return { ok: true as const }
}

/** Said when someone else's session would name nobody: only its speaker can give their name. */
export const OTHER_SPEAKER_NAMELESS =
  'The speaker who runs this session has not given their name yet, so its page would name nobody. They give it in Settings → Your name; then it can go live.'

/**
 * Going live, asking for the name when the page would name nobody (issue 29 Deliver 7): the
 * session's own speaker gives it by the button (the form's `displayName`), is told by the field
 * when it is missing, and goes live in the same request; anyone else is told who must give it.
 */
export async function goLiveAskingName(scope: WorkspaceScope, id: string, form: FormData) {
  const sessions = sessionsScope(scope, 'change')
  const first = await goLive(sessions, id)
  if (first !== 'no-name') return { outcome: first }
  const session = await getSession(sessions, id)
  if (!session) return { outcome: 'not-found' as const }
  if (session.userId !== scope.userId) return { outcome: 'other-nameless' as const }
  const submission = parseWithZod(form, { schema: GoLiveNameSchema })
  if (submission.status !== 'success') return { outcome: 'name-needed' as const, reply: submission.reply() }
  await setDisplayName(scope.user, submission.value.displayName)
  return { outcome: await goLive(sessions, id) }
}

const GoLiveNameSchema = z.object({ displayName: displayNameRequired })
