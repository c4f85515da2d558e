import { describe, expect, it } from 'vitest'
import {
  can,
  changesFollowUp,
  canManageMember,
  grantableRoles,
  hasFreeSeat,
  isWorkspaceRole,
  opensEverySession,
  PERMISSIONS,
  PLAN_SEATS,
  seatLimit,
  seesEveryLead,
  WORKSPACE_ACTIONS,
  WORKSPACE_ROLES,
  workspaceLabel,
  workspaceLink,
  type WorkspaceAction,
  type WorkspaceRole,
} from './permissions'
import { PLANS } from './plans'

// Issue 21 Deliver 2: the role table, written out here a second time on purpose (owner, admin,
// member), so a change to PERMISSIONS is a change to this test too. A new action without a row here
// fails the coverage check below.

const O = 'owner'
const A = 'admin'
const M = 'member'
const S = 'speaker'

const EXPECTED: Record<WorkspaceAction, readonly WorkspaceRole[]> = {
  // Everyone in the workspace: talks and sessions of their own, the leads they see, their notifications.
  'talks.create': [O, A, M],
  'sessions.create': [O, A, M],
  // The team's own pages and the full session form: not an event's speaker (issue 23: 404 for them).
  'sessions.edit': [O, A, M],
  'team.view': [O, A, M],
  'settings.view': [O, A, M],
  'leads.own': [O, A, M, S],
  'notifications.own': [O, A, M, S],
  // The owner cannot leave before transferring ownership (Deliver 6).
  'workspace.leave': [A, M, S],
  // An event's speaker (issue 23): their own page; the organiser's team edits every page by events.manage.
  'eventProfile.own': [S],
  // Admins: members and invitations, integrations, webhooks, retention, every lead, exports.
  'leads.all': [O, A],
  'leads.export': [O, A],
  'members.manage': [O, A],
  'invitations.manage': [O, A],
  'integrations.manage': [O, A],
  'webhooks.manage': [O, A],
  // Settings → API (issue 30): API keys, whose scopes never exceed their creator's role.
  'apiKeys.manage': [O, A],
  // Settings → Sending domain (issue 32): the workspace's own domain for follow-ups.
  'sendingDomain.manage': [O, A],
  'followUps.send': [O, A, M],
  'retention.manage': [O, A],
  'sessions.all': [O, A],
  'audit.view': [O, A],
  'workspace.rename': [O, A],
  'billing.view': [O, A],
  'events.manage': [O, A],
  // The owner alone: plan and billing, deleting the workspace, transferring ownership.
  'plan.manage': [O],
  'billing.manage': [O],
  'workspace.delete': [O],
  'ownership.transfer': [O],
}

describe('the role table: every action × every role', () => {
  it('has an expectation for every action, and no other', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...WORKSPACE_ACTIONS].sort())
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...WORKSPACE_ACTIONS].sort())
  })

  for (const action of WORKSPACE_ACTIONS) {
    for (const role of WORKSPACE_ROLES) {
      const allowed = EXPECTED[action].includes(role)
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, () => {
        expect(can(role, action)).toBe(allowed)
      })
    }
  }

  it('ranks: whatever a member may do, an admin may; whatever an admin may do, the owner may (but leave)', () => {
    for (const action of WORKSPACE_ACTIONS) {
      if (action === 'workspace.leave') continue
      if (can('member', action)) expect(can('admin', action), action).toBe(true)
      if (can('admin', action)) expect(can('owner', action), action).toBe(true)
    }
  })

  it('knows its roles', () => {
    for (const role of WORKSPACE_ROLES) expect(isWorkspaceRole(role)).toBe(true)
    for (const other of ['Owner', 'guest', '', null, 1]) expect(isWorkspaceRole(other)).toBe(false)
  })
})

describe('nobody grants a role above their own', () => {
  it.each([
    ['owner', ['admin', 'member']],
    ['admin', ['admin', 'member']],
    ['member', []],
    ['speaker', []],
  ] as const)('%s may grant %j', (role, roles) => {
    expect(grantableRoles(role)).toEqual(roles)
  })

  it('never grants owner (ownership moves by a confirmed transfer)', () => {
    for (const role of WORKSPACE_ROLES) expect(grantableRoles(role)).not.toContain('owner')
  })

  // actor, target, to (null = remove), allowed
  const cases: [WorkspaceRole, WorkspaceRole, WorkspaceRole | null, boolean][] = [
    ['owner', 'admin', 'member', true],
    ['owner', 'member', 'admin', true],
    ['owner', 'admin', null, true],
    ['owner', 'member', null, true],
    ['owner', 'member', 'owner', false],
    ['owner', 'owner', null, false],
    ['owner', 'owner', 'admin', false],
    ['admin', 'member', 'admin', true],
    ['admin', 'admin', 'member', true],
    ['admin', 'member', null, true],
    ['admin', 'admin', null, true],
    ['admin', 'owner', null, false],
    ['admin', 'owner', 'member', false],
    ['admin', 'member', 'owner', false],
    ['member', 'member', null, false],
    ['member', 'member', 'admin', false],
    ['member', 'admin', 'member', false],
    ['member', 'owner', null, false],
    // An event's speaker (issue 23): removed by an admin, never given or turned into a team role.
    ['owner', 'speaker', null, true],
    ['admin', 'speaker', null, true],
    ['admin', 'speaker', 'member', false],
    ['owner', 'speaker', 'admin', false],
    ['admin', 'member', 'speaker', false],
    ['speaker', 'speaker', null, false],
    ['speaker', 'member', null, false],
  ]
  it.each(cases)('%s acting on %s → %s: %s', (actor, target, to, allowed) => {
    expect(canManageMember(actor, target, to)).toBe(allowed)
  })
})

describe('who sees every lead', () => {
  it.each([
    ['owner', false, true],
    ['owner', true, true],
    ['admin', false, true],
    ['admin', true, true],
    ['member', false, false],
    ['member', true, true],
    ['speaker', false, false],
    ['speaker', true, false],
  ] as const)('%s with "Members see every lead" %s → %s', (role, membersSeeAll, sees) => {
    expect(seesEveryLead(role, membersSeeAll)).toBe(sees)
  })
})

describe('which sessions one opens (issue 29 Deliver 1)', () => {
  // role, "Members see every lead", reads every session, changes every session
  it.each([
    ['owner', false, true, true],
    ['owner', true, true, true],
    ['admin', false, true, true],
    ['admin', true, true, true],
    ['member', false, false, false],
    ['member', true, true, false],
    ['speaker', false, false, false],
    ['speaker', true, false, false],
  ] as const)(
    '%s with "Members see every lead" %s: reads every session %s, changes every session %s',
    (role, on, reads, changes) => {
      expect(opensEverySession(role, on, 'read')).toBe(reads)
      expect(opensEverySession(role, on, 'change')).toBe(changes)
    },
  )

  it('reads every session exactly when it sees every lead: a lead never points at a closed session', () => {
    for (const role of WORKSPACE_ROLES)
      for (const on of [false, true]) expect(opensEverySession(role, on, 'read')).toBe(seesEveryLead(role, on))
  })
})

describe('seats', () => {
  it('Free and Solo are one person; Professional, Teams and Event Organiser up to 5', () => {
    expect(PLAN_SEATS).toEqual({ free: 1, solo: 1, pro: 5, teams: 5, organiser: 5 })
    for (const plan of PLANS) expect(seatLimit(plan, null)).toBe(PLAN_SEATS[plan])
  })

  it('counts the seats paid for, never above the plan', () => {
    expect(seatLimit('teams', 3)).toBe(3)
    expect(seatLimit('teams', 9)).toBe(5)
    expect(seatLimit('free', 4)).toBe(1)
  })

  it.each([
    ['free', null, 0, true],
    ['free', null, 1, false],
    ['solo', null, 1, false],
    ['teams', null, 4, true],
    ['teams', null, 5, false],
    ['teams', 3, 2, true],
    ['teams', 3, 3, false],
    // A plan that fell below the member count refuses new invitations.
    ['pro', null, 7, false],
  ] as const)('%s (%s paid) with %i seats in use: another fits = %s', (plan, paid, inUse, fits) => {
    expect(hasFreeSeat(plan, paid, inUse)).toBe(fits)
  })
})

describe('workspace links', () => {
  it('opens the workspace named, keeping the query', () => {
    expect(workspaceLink('/app/leads/x', 'w1')).toBe('/app/leads/x?switch=w1')
    expect(workspaceLink('/app/leads?tag=vip', 'w1')).toBe('/app/leads?tag=vip&switch=w1')
  })
})

describe('workspace labels (issue 29 Deliver 3)', () => {
  it('"(yours)" only for the one the viewer owns; any other shows its owner\'s name', () => {
    expect(workspaceLabel({ name: 'Road Crew', yours: true, ownerName: 'Ada Lovelace' })).toBe('Road Crew (yours)')
    expect(workspaceLabel({ name: 'Road Crew', yours: false, ownerName: 'Ada Lovelace' })).toBe('Road Crew (owner: Ada Lovelace)')
    expect(workspaceLabel({ name: 'Road Crew', yours: false, ownerName: null })).toBe('Road Crew')
  })
})

describe('changesFollowUp', () => {
  it.each([
    ['owner', 'someone-else', true],
    ['admin', 'someone-else', true],
    ['member', 'someone-else', false],
    ['member', 'me', true],
    ['member', null, false],
    ['speaker', 'someone-else', false],
  ] as const)('%s on a follow-up written by %s: %s', (role, createdBy, expected) => {
    expect(changesFollowUp(role, 'me', createdBy)).toBe(expected)
  })
})
