import { describe, expect, it } from 'vitest'
import {
  AutoDelaySchema,
  autoDue,
  autoPhase,
  autoSentence,
  firstSendDueAt,
  formatAutoTime,
  lateSignUpCutoff,
  lateSignUpDueAt,
} from './follow-up-automatic'

// Issue 32 Deliver 7: the automatic follow-up's schedule rule.

const session = { startsAt: new Date('2026-12-04T16:00:00Z'), durationMinutes: 45, timeZone: 'Europe/Berlin' }
const f = (
  status: string,
  extra: Partial<{ paused: boolean; delayHours: number; sentCount: number; recipientCount: number }> = {},
) => ({
  status,
  paused: false,
  delayHours: 2,
  sentCount: 0,
  recipientCount: 0,
  statusReason: null,
  ...extra,
})

describe('the first send', () => {
  it('is due the delay after the session ends (start + its length; 30 minutes without one)', () => {
    expect(firstSendDueAt(session, 2)).toEqual(new Date('2026-12-04T18:45:00Z'))
    expect(firstSendDueAt({ startsAt: session.startsAt, durationMinutes: null }, 24)).toEqual(new Date('2026-12-05T16:30:00Z'))
  })

  it('is due only once turned on, not paused, and at its time', () => {
    const before = new Date('2026-12-04T18:44:59Z')
    const at = new Date('2026-12-04T18:45:00Z')
    expect(autoDue(f('scheduled'), session, before)).toBeNull()
    expect(autoDue(f('scheduled'), session, at)).toBe('first')
    expect(autoDue(f('scheduled', { paused: true }), session, at)).toBeNull()
    expect(autoDue(f('draft'), session, at)).toBeNull()
    expect(autoDue(f('cancelled'), session, at)).toBeNull()
    // A session moved later moves the first send with it.
    expect(autoDue(f('scheduled'), { ...session, startsAt: new Date('2026-12-04T17:00:00Z') }, at)).toBeNull()
  })
})

describe('a later sign-up', () => {
  it('is due the delay after signing up; the sweep takes everyone up to now − delay', () => {
    const signedUp = new Date('2026-12-05T09:10:00Z')
    expect(lateSignUpDueAt(signedUp, 24)).toEqual(new Date('2026-12-06T09:10:00Z'))
    const now = new Date('2026-12-06T09:10:00Z')
    expect(lateSignUpCutoff(now, 24)).toEqual(signedUp)
    expect(lateSignUpCutoff(now, 24).getTime() >= signedUp.getTime()).toBe(true)
    expect(lateSignUpCutoff(new Date(now.getTime() - 1), 24).getTime() >= signedUp.getTime()).toBe(false)
  })

  it('is swept after the first send, never while paused', () => {
    const now = new Date('2026-12-10T00:00:00Z')
    expect(autoDue(f('sent'), session, now)).toBe('late')
    expect(autoDue(f('sending'), session, now)).toBe('late')
    expect(autoDue(f('partly_sent'), session, now)).toBe('late')
    expect(autoDue(f('sent', { paused: true }), session, now)).toBeNull()
  })
})

describe('its state in words', () => {
  const now = new Date('2026-12-01T12:00:00Z')
  it('says when it sends, that it is paused, or how many it reached', () => {
    expect(formatAutoTime(new Date('2026-12-03T17:00:00Z'), 'Europe/Berlin')).toBe('Thu 3 Dec 2026 at 18:00 (Europe/Berlin)')
    // 16:00 UTC + 60 minutes + 1 hour = 18:00 UTC, 19:00 in Berlin.
    expect(autoSentence(f('scheduled', { delayHours: 1 }), { ...session, durationMinutes: 60 }, now)).toBe(
      'Sends on Fri 4 Dec 2026 at 19:00 (Europe/Berlin) to everyone who agreed by then; later sign-ups get it 1 hour after signing up.',
    )
    expect(autoSentence(f('scheduled', { paused: true }), session, now)).toMatch(/^Paused: nothing is sent\./)
    expect(autoSentence(f('sent', { delayHours: 24, sentCount: 37, recipientCount: 37 }), session, now)).toBe(
      'Sent to 37 people; later sign-ups get it 24 hours after signing up.',
    )
    expect(autoSentence(f('draft'), session, now)).toMatch(/^Not turned on: nothing is sent\./)
    expect(autoSentence(f('scheduled'), session, new Date('2027-01-01T00:00:00Z'))).toMatch(/^Sends within a few minutes/)
    expect(autoPhase(f('sent', { paused: true }))).toBe('paused')
  })

  it('bounds the delay, with a message by the field', () => {
    expect(AutoDelaySchema.safeParse({ delayHours: '24' }).success).toBe(true)
    for (const bad of ['0', '337', '1.5', 'soon', '']) {
      const parsed = AutoDelaySchema.safeParse({ delayHours: bad })
      expect(parsed.success, bad).toBe(false)
      expect(parsed.error?.issues[0]?.message).toMatch(/whole number of hours from 1 to 336/)
    }
  })
})
