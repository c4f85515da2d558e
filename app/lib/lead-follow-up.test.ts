import { describe, expect, it } from 'vitest'
import { changeTags, FOLLOW_UP_ERRORS, mergeTags, normalizeTag, PipelineSchema } from './lead-follow-up'

describe('normalizeTag', () => {
  it.each([
    ['  Hot Lead ', 'hot lead'],
    ['FOLLOW-UP', 'follow-up'],
    ['a\t  b', 'a b'],
    ['', ''],
  ])('%j → %j', (raw, tag) => expect(normalizeTag(raw)).toBe(tag))
})

describe('mergeTags', () => {
  const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`)
  it.each([
    { current: [], input: 'VIP', result: { ok: true, tags: ['vip'], added: ['vip'] } },
    { current: ['vip'], input: 'vip, Vip ,new', result: { ok: true, tags: ['vip', 'new'], added: ['new'] } },
    { current: [], input: ' , ,', result: { ok: false, error: FOLLOW_UP_ERRORS.tagEmpty } },
    { current: [], input: 'x'.repeat(40), result: { ok: true, tags: ['x'.repeat(40)], added: ['x'.repeat(40)] } },
    { current: [], input: 'x'.repeat(41), result: { ok: false, error: FOLLOW_UP_ERRORS.tagTooLong } },
    {
      current: twenty.slice(0, 19),
      input: 'last',
      result: { ok: true, tags: [...twenty.slice(0, 19), 'last'], added: ['last'] },
    },
    { current: twenty, input: 'one more', result: { ok: false, error: FOLLOW_UP_ERRORS.tooManyTags } },
    // A tag already there does not count against the limit.
    { current: twenty, input: 'T0', result: { ok: true, tags: twenty, added: [] } },
  ])('$input onto $current.length tags', ({ current, input, result }) => expect(mergeTags(current, input)).toEqual(result))
})

describe('changeTags', () => {
  const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`)
  it.each([
    {
      current: ['vip'],
      change: { set: ['New ', 'new', 'Later'] },
      result: { ok: true, tags: ['new', 'later'], added: ['new', 'later'], removed: ['vip'] },
    },
    { current: ['vip'], change: { set: [] }, result: { ok: true, tags: [], added: [], removed: ['vip'] } },
    {
      current: ['vip'],
      change: { add: ['VIP', 'hot'] },
      result: { ok: true, tags: ['vip', 'hot'], added: ['hot'], removed: [] },
    },
    {
      current: ['vip', 'hot'],
      change: { remove: ['Hot', 'absent'] },
      result: { ok: true, tags: ['vip'], added: [], removed: ['hot'] },
    },
    // Removing wins over adding the same tag in one change.
    { current: [], change: { add: ['x'], remove: ['x'] }, result: { ok: true, tags: [], added: [], removed: [] } },
    { current: [], change: { add: [' '] }, result: { ok: false, error: FOLLOW_UP_ERRORS.tagEmpty } },
    { current: [], change: { add: ['a,b'] }, result: { ok: false, error: FOLLOW_UP_ERRORS.tagComma } },
    { current: [], change: { set: ['x'.repeat(41)] }, result: { ok: false, error: FOLLOW_UP_ERRORS.tagTooLong } },
    { current: twenty, change: { add: ['one more'] }, result: { ok: false, error: FOLLOW_UP_ERRORS.tooManyTags } },
    { current: twenty, change: { add: ['T0'] }, result: { ok: true, tags: twenty, added: [], removed: [] } },
  ])('$change onto $current.length tags', ({ current, change, result }) => expect(changeTags(current, change)).toEqual(result))
})

describe('PipelineSchema', () => {
  const parse = (v: Record<string, string>) => PipelineSchema.safeParse({ intent: 'pipeline', dealCurrency: 'USD', ...v })
  it.each([
    [
      { status: 'new', dealValue: '' },
      { status: 'new', dealValueCents: null, dealCurrency: 'USD' },
    ],
    [
      { status: 'meeting', dealValue: '1,250.5' },
      { status: 'meeting', dealValueCents: 125050, dealCurrency: 'USD' },
    ],
    [
      { status: 'won', dealValue: '900' },
      { status: 'won', dealValueCents: 90000, dealCurrency: 'USD' },
    ],
    [
      { status: 'won', dealValue: '500', dealCurrency: 'JPY' },
      { status: 'won', dealValueCents: 500, dealCurrency: 'JPY' },
    ],
  ])('accepts %j', (input, value) => expect(parse(input)).toMatchObject({ success: true, data: value }))

  it.each([
    [{ status: 'won', dealValue: '' }, 'dealValue', FOLLOW_UP_ERRORS.dealRequiredForWon],
    [{ status: 'won', dealValue: '-5' }, 'dealValue', 'Enter an amount like 1500 or 1500.50.'],
    [{ status: 'lost', dealValue: '1.234' }, 'dealValue', 'Enter an amount like 1500 or 1500.50.'],
    [{ status: 'archived', dealValue: '' }, 'status', FOLLOW_UP_ERRORS.status],
    [{ status: 'new', dealValue: '', dealCurrency: 'XYZ' }, 'dealCurrency', FOLLOW_UP_ERRORS.currency],
  ])('refuses %j on %s', (input, path, message) => {
    const result = parse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [path], message }))
  })
})
