import { describe, expect, it } from 'vitest'
import { crmSyncLine, formatAgo } from './crm-sync-state'

const now = new Date('2026-11-24T20:00:00Z')
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000)

describe('formatAgo', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 min ago'],
    [150, '2 min ago'],
    [3599, '59 min ago'],
    [3600, '1 h ago'],
    [86_399, '23 h ago'],
    [86_400, '1 day ago'],
    [5 * 86_400, '5 days ago'],
    [-30, 'just now'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatAgo(before(seconds), now)).toBe(text)
  })
})

describe('crmSyncLine', () => {
  it.each([
    [{ state: 'synced', lastError: null, syncedAt: before(120) }, 'HubSpot: synced 2 min ago'],
    [
      { state: 'failed', lastError: 'HubSpot refused the access token (401)', syncedAt: null },
      'HubSpot: failed: HubSpot refused the access token (401)',
    ],
    [{ state: 'pending', lastError: null, syncedAt: null }, 'HubSpot: pending'],
    [
      { state: 'pending', lastError: 'HubSpot asked us to slow down (429); retrying.', syncedAt: before(999) },
      'HubSpot: pending (HubSpot asked us to slow down (429); retrying.)',
    ],
  ] as const)('%j → %s', (sync, line) => {
    expect(crmSyncLine({ provider: 'hubspot', ...sync }, now)).toBe(line)
  })
})
