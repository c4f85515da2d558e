import { describe, expect, it } from 'vitest'
import {
  analyticsNotInPlanMessage,
  canGoLive,
  crmNotInPlanMessage,
  DIRECTORY_PLANS,
  hasCrmIntegration,
  hasDirectoryListing,
  hasLeadAnalytics,
  isPlan,
  liveLimitMessage,
  lockedLeadCount,
  notListedMessage,
  planAllowances,
  PLANS,
  plansWith,
  visibleLeadLimit,
} from './plans'

describe('plan gates (spec 000 §2, §9: free = 1 live session, 3 visible leads)', () => {
  it.each([
    ['free', 0, true],
    ['free', 1, false],
    ['free', 2, false],
    ['solo', 5, true],
    ['pro', 50, true],
    ['teams', 1, true],
    ['organiser', 9, true],
  ] as const)('%s with %i live may go live: %s', (plan, live, expected) => {
    expect(canGoLive(plan, live)).toBe(expected)
  })

  it.each([
    ['free', false, 3],
    ['free', true, null],
    ['solo', false, null],
    ['pro', false, null],
  ] as const)('%s (unlocked %s) sees %s leads per session', (plan, unlocked, expected) => {
    expect(visibleLeadLimit(plan, unlocked)).toBe(expected)
  })

  // Locked = live captures the gate does not show. Erased captures keep their places, so once the
  // visible ones are deleted fewer than three are visible and the rest stay locked.
  it.each([
    ['free', false, 0, 0, 0],
    ['free', false, 3, 3, 0],
    ['free', false, 10, 3, 7],
    // 7 captured, the 3 visible deleted: 4 live, none visible, all 4 locked (not 1).
    ['free', false, 4, 0, 4],
    // 5 captured, the 2nd erased: the 1st and 3rd visible, 2 locked.
    ['free', false, 4, 2, 2],
    ['free', true, 10, 10, 0],
    ['pro', false, 10, 10, 0],
  ] as const)('%s (unlocked %s) with %i live leads, %i visible, has %i locked', (plan, unlocked, total, visible, locked) => {
    expect(lockedLeadCount(plan, unlocked, total, visible)).toBe(locked)
  })

  it.each([
    ['free', false],
    ['solo', false],
    ['pro', true],
    ['teams', true],
    ['organiser', true],
  ] as const)('%s includes CRM integration: %s', (plan, expected) => {
    expect(hasCrmIntegration(plan)).toBe(expected)
  })

  it.each([
    ['free', false, false],
    ['free', true, true],
    ['solo', false, false],
    ['solo', true, true],
    ['pro', false, true],
    ['teams', false, true],
    ['organiser', false, true],
    ['organiser', true, true],
  ] as const)('%s (unlocked %s) has ROI and lead analytics: %s', (plan, unlocked, expected) => {
    expect(hasLeadAnalytics(plan, unlocked)).toBe(expected)
  })

  it('names the plans with each capability', () => {
    expect(plansWith('crmIntegration')).toBe('Professional, Teams and Event Organiser')
    expect(plansWith('leadAnalytics')).toBe('Professional, Teams and Event Organiser')
  })

  it('lists only Professional and Teams in the directory (spec 000 §6, Event Organiser literally not)', () => {
    expect(PLANS.filter(hasDirectoryListing)).toEqual(['pro', 'teams'])
    expect(DIRECTORY_PLANS).toEqual(['pro', 'teams'])
    expect(plansWith('directoryListing', 'or')).toBe('Professional or Teams')
    expect(notListedMessage('admin')).toBe(
      'Only the owner and administrators can see this page: it is not listed in the speaker directory, because the owner is not on a Professional or Teams plan.',
    )
  })

  it('knows exactly the five plans', () => {
    expect(PLANS).toEqual(['free', 'solo', 'pro', 'teams', 'organiser'])
    expect(isPlan('teams')).toBe(true)
    expect(isPlan('enterprise')).toBe(false)
  })
})

describe('plan texts', () => {
  it.each([
    [
      'free',
      [
        '1 live session at a time',
        '3 visible leads per session; the rest are counted and shown locked until the session is unlocked',
        'ROI and lead analytics only for unlocked sessions',
        'No CRM integration (included in the Professional, Teams and Event Organiser plans)',
        'Profiles not listed in the speaker directory (included in the Professional and Teams plans)',
      ],
    ],
    [
      'solo',
      [
        'Unlimited live sessions',
        'Every lead of every session visible',
        'ROI and lead analytics only for unlocked sessions',
        'No CRM integration (included in the Professional, Teams and Event Organiser plans)',
        'Profiles not listed in the speaker directory (included in the Professional and Teams plans)',
      ],
    ],
    [
      'organiser',
      [
        'Unlimited live sessions',
        'Every lead of every session visible',
        'ROI and lead analytics for every session',
        'CRM integration (HubSpot)',
        'Profiles not listed in the speaker directory (included in the Professional and Teams plans)',
      ],
    ],
  ] as const)('%s allows %j', (plan, lines) => {
    expect(planAllowances(plan)).toEqual(lines)
  })

  it('says which plans include CRM integration and analytics, and the unlock', () => {
    expect(crmNotInPlanMessage('solo')).toBe(
      'Your Solo plan does not include CRM integration. It is included in the Professional, Teams and Event Organiser plans.',
    )
    expect(analyticsNotInPlanMessage('free', '€49')).toBe(
      'Your Free plan does not include ROI and lead analytics. They are included in the Professional, Teams and Event Organiser plans, or unlock this session for €49 to see all its leads and analytics.',
    )
  })

  it('names the plan and the way out when go-live is refused', () => {
    expect(liveLimitMessage('free')).toBe(
      'Your Free plan allows 1 live session at a time. Close your live session first, or upgrade your plan.',
    )
  })
})
