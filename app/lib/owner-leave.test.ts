import { describe, expect, it } from 'vitest'
import { ownerLeave } from './owner-leave'

describe('ownerLeave (why the owner cannot leave, and how to hand the workspace on)', () => {
  const team = { personal: false }
  const own = { personal: true }

  it('with an admin: offer the ownership to one of them, in a team or a personal workspace turned team', () => {
    for (const workspace of [team, own]) {
      const said = ownerLeave(workspace, [{ role: 'owner' }, { role: 'member' }, { role: 'admin' }])
      expect(said.handOn).toBe('offer')
      expect(said.text).toBe(
        'As the owner you cannot leave: a workspace always has an owner. To hand it on, offer the ownership to one of its admins; once they accept, you are an admin and can leave.',
      )
    }
  })

  it('with others but no admin (members, or an event’s speakers): make someone an admin first', () => {
    for (const role of ['member', 'speaker'] as const) {
      const said = ownerLeave(own, [{ role: 'owner' }, { role }])
      expect(said.handOn).toBe('make-admin')
      expect(said.text).toMatch(/^As the owner you cannot leave: .* make someone an admin first \(on their page in Team\)/)
    }
  })

  it('alone: a personal workspace stays theirs and goes only with the account; a team one until it is deleted', () => {
    expect(ownerLeave(own, [{ role: 'owner' }])).toEqual({
      text: 'This is your own workspace: it stays yours, and goes only with your account (Settings → Close your account).',
      handOn: null,
    })
    expect(ownerLeave(team, [{ role: 'owner' }])).toEqual({
      text: 'You are the only person in this workspace, so it stays yours: it goes only when you delete it or close your account.',
      handOn: null,
    })
  })
})
