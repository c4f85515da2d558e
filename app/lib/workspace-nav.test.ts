import { describe, expect, it } from 'vitest'
import { SPEAKING_PATH, workspaceNavLinks } from './workspace-nav'

describe('the workspace nav', () => {
  it('keeps the team nav of every plan but Event Organiser', () => {
    expect(workspaceNavLinks('owner', 'teams').map((l) => l.label)).toEqual([
      'Sessions',
      'Leads',
      'Follow-ups',
      'Talks',
      'Team',
      'Profile',
      'Settings',
    ])
    expect(workspaceNavLinks('member', 'free').map((l) => l.to)).not.toContain('/app/events')
  })

  it('opens an organiser workspace on its dashboard, with Events', () => {
    expect(workspaceNavLinks('admin', 'organiser').map((l) => l.label)).toEqual([
      'Dashboard',
      'Events',
      'Leads',
      'Follow-ups',
      'Talks',
      'Team',
      'Profile',
      'Settings',
    ])
  })

  it("shows an event's speaker their own pages and leads only, never the organiser's talks, team or settings", () => {
    const links = workspaceNavLinks('speaker', 'organiser').map((l) => l.to)
    expect(links).toEqual([SPEAKING_PATH, '/app/leads', '/app/profile'])
  })
})
