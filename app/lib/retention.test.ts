import { describe, expect, it } from 'vitest'
import { RETENTION_ERROR, retentionCutoff, RetentionSchema } from './retention'

describe('retentionCutoff', () => {
  it.each([
    ['2026-11-24T19:00:00.000Z', 1, '2026-10-24T19:00:00.000Z'],
    ['2026-11-24T19:00:00.000Z', 12, '2025-11-24T19:00:00.000Z'],
    ['2026-03-31T08:30:00.000Z', 1, '2026-02-28T08:30:00.000Z'],
    ['2028-03-31T08:30:00.000Z', 1, '2028-02-29T08:30:00.000Z'],
    ['2026-01-15T00:00:00.000Z', 2, '2025-11-15T00:00:00.000Z'],
    ['2026-05-31T23:59:59.999Z', 120, '2016-05-31T23:59:59.999Z'],
  ])('%s − %i months → %s', (now, months, cutoff) => expect(retentionCutoff(new Date(now), months).toISOString()).toBe(cutoff))
})

describe('RetentionSchema', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['1', 1],
    [' 24 ', 24],
    ['120', 120],
  ])('accepts %j as %j', (raw, months) =>
    expect(RetentionSchema.safeParse({ intent: 'retention', retentionMonths: raw })).toMatchObject({
      success: true,
      data: { retentionMonths: months },
    }),
  )
  it.each(['0', '121', '-3', '1.5', 'six', '1e2', '9999'])('refuses %j', (raw) => {
    const result = RetentionSchema.safeParse({ intent: 'retention', retentionMonths: raw })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(RETENTION_ERROR)
  })
})
