import { describe, expect, it } from 'vitest'
import { goneText, invitationState, noSeatText, normalizeInviteEmail, roleRefusal, seatRefusal } from './invitations'
import { grantableRoles, INVITATION_TTL_MS } from './permissions'

describe('invitationState', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  const created = { expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), acceptedAt: null, revokedAt: null }

  it('is pending right after creation and until the last millisecond of its 7 days', () => {
    expect(invitationState(created, now)).toBe('pending')
    expect(invitationState(created, new Date(created.expiresAt.getTime() - 1))).toBe('pending')
    expect(invitationState(created, created.expiresAt)).toBe('expired')
  })

  it('used, then revoked, then expired: the first thing that happened is the reason', () => {
    const late = new Date(created.expiresAt.getTime() + 1)
    expect(invitationState({ ...created, acceptedAt: now, revokedAt: now }, late)).toBe('used')
    expect(invitationState({ ...created, revokedAt: now }, late)).toBe('revoked')
  })
})

describe('seatRefusal (seats in use = members + pending invitations)', () => {
  it('lets one more in while members and pending invitations stay under the limit', () => {
    expect(seatRefusal('pro', null, 1, 3)).toBeNull()
    expect(seatRefusal('pro', 3, 1, 1)).toBeNull()
  })

  it('refuses when members and pending invitations fill the plan, counting the invitations', () => {
    expect(seatRefusal('pro', null, 1, 4)).toMatch(
      /^Your plan has 5 seats and all are in use \(members and pending invitations\)\./,
    )
    expect(seatRefusal('pro', 2, 1, 1)).toMatch(/^Your plan has 2 seats and all are in use/)
  })

  it('names the team plans to a one-person plan', () => {
    expect(seatRefusal('free', null, 1, 0)).toContain('Your plan has 1 seat and all are in use')
    expect(seatRefusal('solo', null, 1, 0)).toContain('Professional / Teams has 5 seats.')
  })

  it('a plan below its member count keeps everyone and says why nobody new can come', () => {
    expect(seatRefusal('solo', null, 3, 0)).toBe(
      'Your plan has 1 seat but this workspace has 3 members. Everyone keeps their access, but nobody new can be invited until the workspace fits its seats. Professional / Teams has 5 seats.',
    )
  })
})

describe('roleRefusal', () => {
  it('an owner and an admin give admin or member, never owner; a member gives nothing', () => {
    expect(roleRefusal('admin', grantableRoles('owner'))).toBeNull()
    expect(roleRefusal('member', grantableRoles('admin'))).toBeNull()
    expect(roleRefusal('owner', grantableRoles('owner'))).toBe('You can invite people as Admin or Member only.')
    expect(roleRefusal('owner', grantableRoles('admin'))).toBe('You can invite people as Admin or Member only.')
    expect(roleRefusal('member', grantableRoles('member'))).toBe("Your role in this workspace doesn't allow inviting people.")
  })
})

describe('texts', () => {
  it('every dead link names the inviter to ask', () => {
    for (const state of ['expired', 'revoked', 'used'] as const)
      expect(goneText(state, 'ada@example.com')).toContain('Ask ada@example.com')
    expect(noSeatText('Acme', 'ada@example.com')).toBe(
      'This workspace (Acme) has no free seat left. Ask ada@example.com to free a seat or move to a plan with more seats, then open this link again.',
    )
  })

  it('addresses compare trimmed and lower-cased', () => {
    expect(normalizeInviteEmail('  Ada@Example.COM ')).toBe('ada@example.com')
  })
})
