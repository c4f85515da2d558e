import { describe, expect, it } from 'vitest'
import { complaintRatePasses, isHardBounce, isRecordedEvent, sendingPausedReason } from './deliverability'

describe('the complaint rule: more than 0.3% of the last 1,000 sends', () => {
  it('3 complaints (0.3%) do not pass; 4 (0.4%) do', () => {
    expect(complaintRatePasses(0)).toBe(false)
    expect(complaintRatePasses(3)).toBe(false)
    expect(complaintRatePasses(4)).toBe(true)
    expect(complaintRatePasses(1000)).toBe(true)
  })

  it('says why, with the figures', () => {
    expect(sendingPausedReason(4)).toBe(
      'Follow-ups are paused: 4 of the last 1,000 messages this workspace sent were reported as spam (0.4%; mailbox providers require less than 0.3%). Nothing more is sent until a site administrator lifts the pause.',
    )
  })
})

describe('what is recorded', () => {
  it('delivered, bounced and complained; not opened, clicked or sent', () => {
    expect(['email.delivered', 'email.bounced', 'email.complained'].every(isRecordedEvent)).toBe(true)
    expect(['email.opened', 'email.clicked', 'email.sent', 'domain.updated', 7].some(isRecordedEvent)).toBe(false)
  })

  it('a hard bounce is Permanent; Transient and Undetermined are not', () => {
    expect(isHardBounce({ type: 'Permanent' })).toBe(true)
    expect(isHardBounce({ type: 'Transient' })).toBe(false)
    expect(isHardBounce({ type: 'Undetermined' })).toBe(false)
    expect(isHardBounce(undefined)).toBe(false)
  })
})
