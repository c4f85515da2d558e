import { describe, expect, it } from 'vitest'
import {
  API_SCOPES,
  apiKeySchema,
  effectiveScopes,
  expiryFromDate,
  isApiKeyFormat,
  keyHint,
  keyRoleAllowed,
  maskedKey,
  shouldRecordUse,
} from './api-keys'
import { WORKSPACE_ROLES } from './permissions'

describe('the key format (lec_ + 43 base64url characters: 256 random bits)', () => {
  it.each([
    ['lec_' + 'A'.repeat(43), true],
    ['lec_' + 'a-_Z09'.repeat(7) + 'x', true],
    ['lec_' + 'A'.repeat(42), false],
    ['lec_' + 'A'.repeat(44), false],
    ['dub_' + 'A'.repeat(43), false],
    ['lec_' + 'A'.repeat(42) + '=', false],
    ['lec_' + 'A'.repeat(42) + '/', false],
    ['', false],
  ])('%s → %s', (key, ok) => {
    expect(isApiKeyFormat(key)).toBe(ok)
  })

  it('keeps only 8 characters at the start and 4 at the end for the list', () => {
    const key = 'lec_abcdEFGHijklMNOPqrstUVWXyz0123456789-_xyzw'
    expect(keyHint(key)).toEqual({ start: 'lec_abcd', end: 'xyzw' })
    expect(maskedKey(keyHint(key))).toBe('lec_abcd…xyzw')
  })
})

describe("scopes ∩ the creator's current role", () => {
  it('an owner or admin keeps every scope the key was given, and only those', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(effectiveScopes([...API_SCOPES], role)).toEqual([...API_SCOPES])
      expect(effectiveScopes(['leads:read', 'events:read'], role)).toEqual(['leads:read', 'events:read'])
    }
  })

  it('a creator who is now a member or a speaker has a key that does nothing', () => {
    for (const role of ['member', 'speaker'] as const) {
      expect(keyRoleAllowed(role)).toBe(false)
      expect(effectiveScopes([...API_SCOPES], role)).toEqual([])
    }
  })

  it('never answers a scope the key was not given, nor an unknown one', () => {
    for (const role of WORKSPACE_ROLES) {
      expect(effectiveScopes(['leads:read', 'admin:everything'], role).every((s) => s === 'leads:read')).toBe(true)
    }
  })
})

describe('last used is written at most once a minute', () => {
  const now = new Date('2026-05-01T12:00:00Z')
  it.each([
    [null, true],
    [new Date('2026-05-01T11:59:30Z'), false],
    [new Date('2026-05-01T11:59:00.001Z'), false],
    [new Date('2026-05-01T11:59:00Z'), true],
    [new Date('2026-04-30T12:00:00Z'), true],
  ])('last used %s → write: %s', (last, write) => {
    expect(shouldRecordUse(last, now)).toBe(write)
  })
})

describe('the create form', () => {
  const now = new Date('2026-05-01T12:00:00Z')
  const schema = apiKeySchema(now)

  it('takes a name, at least one scope and an optional expiry', () => {
    expect(schema.safeParse({ name: ' Zapier ', scopes: ['leads:read'] }).data).toEqual({
      name: 'Zapier',
      scopes: ['leads:read'],
    })
    expect(schema.safeParse({ name: 'Make', scopes: ['leads:read'], expiresOn: '2026-05-02' }).success).toBe(true)
  })

  it.each([
    [{ name: '', scopes: ['leads:read'] }, 'name'],
    [{ name: 'x'.repeat(81), scopes: ['leads:read'] }, 'name'],
    [{ name: 'Zapier', scopes: [] }, 'scopes'],
    [{ name: 'Zapier', scopes: ['admin'] }, 'scopes'],
    [{ name: 'Zapier', scopes: ['leads:read'], expiresOn: '2026-05-01' }, 'expiresOn'],
    [{ name: 'Zapier', scopes: ['leads:read'], expiresOn: '2029-06-01' }, 'expiresOn'],
    [{ name: 'Zapier', scopes: ['leads:read'], expiresOn: '2026-02-30' }, 'expiresOn'],
    [{ name: 'Zapier', scopes: ['leads:read'], expiresOn: 'tomorrow' }, 'expiresOn'],
  ])('%j is refused by %s', (input, field) => {
    const result = schema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error!.issues[0]!.path[0]).toBe(field)
  })

  it('an expiry date ends at the end of that day, UTC', () => {
    expect(expiryFromDate('2026-05-02').toISOString()).toBe('2026-05-02T23:59:59.999Z')
  })
})
