import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import { EVENTS_PLAN_TEXT } from '~/lib/events'
import { PLAN_LIMITS } from '~/lib/plans'
import type { AuditActor } from '~/models/audit.server'
import { getEvent } from '~/models/events.server'

// The guard of the organiser's event pages (/app/events/{id}/…): the owner or an admin
// ('events.manage'; a member gets 403, a speaker 404) and an event of this workspace (another
// workspace's id, or none, is a 404).

export async function requireEvent(request: Request, eventId: string | undefined) {
  const scope = await requireWorkspace(request, 'events.manage')
  const event = await getEvent(scope.ownerId, eventId ?? '')
  if (!event) throw new Response('Event not found', { status: 404 })
  return { scope, event }
}

/** Whether this workspace's plan has events (Event Organiser); events made before stay readable. */
export function hasEventsPlan(scope: WorkspaceScope) {
  return PLAN_LIMITS[scope.workspace.plan].events
}

/** Creating and changing events is the Event Organiser plan's: 403 with the reason on any other plan. */
export function requireEventsPlan(scope: WorkspaceScope) {
  if (!hasEventsPlan(scope))
    throw new Response(EVENTS_PLAN_TEXT, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** Who did it, for the audit log. */
export function auditActor(scope: WorkspaceScope): AuditActor {
  return { id: scope.user.id, email: scope.user.email }
}
