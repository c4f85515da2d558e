import { WORKSPACE_PROFILE_PATH } from './constants'
import type { WorkspaceRole } from './permissions'
import { PLAN_LIMITS, type Plan } from './plans'

// The workspace nav's links (/app), by the person's role and the workspace's plan: an event's
// speaker (issue 23) sees their own pages and leads, never the organiser's talks, team or settings;
// an Event Organiser workspace opens on its dashboard and has Events.

export type NavLinkSpec = { to: string; label: string; end?: boolean }

/** The speaker's home in an organiser's workspace: their pages, sessions, QR codes and slides. */
export const SPEAKING_PATH = '/app/speaking'
export const EVENTS_PATH = '/app/events'
/** Follow-up emails (issue 32): the team's, not an event's speaker's. */
export const FOLLOW_UPS_PATH = '/app/follow-ups'

export function workspaceNavLinks(role: WorkspaceRole, plan: Plan): NavLinkSpec[] {
  if (role === 'speaker')
    return [
      { to: SPEAKING_PATH, label: 'My talks' },
      { to: '/app/leads', label: 'Leads' },
      { to: WORKSPACE_PROFILE_PATH, label: 'Profile' },
    ]
  const organiser = PLAN_LIMITS[plan].events
  return [
    organiser ? { to: '/app', label: 'Dashboard', end: true } : { to: '/app', label: 'Sessions', end: true },
    ...(organiser ? [{ to: EVENTS_PATH, label: 'Events' }] : []),
    { to: '/app/leads', label: 'Leads' },
    { to: FOLLOW_UPS_PATH, label: 'Follow-ups' },
    { to: '/app/talks', label: 'Talks' },
    { to: '/app/team', label: 'Team' },
    { to: WORKSPACE_PROFILE_PATH, label: 'Profile' },
    { to: '/app/settings', label: 'Settings' },
  ]
}
