import { describe, expect, it } from 'vitest'
import type { ContactStatus } from './lead-status'
import {
  attributeFirstTouch,
  CostSchema,
  daysAfterSeries,
  dealTotals,
  engagementCost,
  formatPercent,
  percentOf,
  quarterHourSeries,
  roiPercent,
  sessionRoi,
  sumByCurrency,
  talkTotals,
  type CreditedPerson,
  type PersonCapture,
  type SessionCost,
  type SessionFigures,
} from './roi'

const person = (
  status: ContactStatus,
  dealValueCents: number | null = null,
  dealCurrency: string | null = 'USD',
  sessionId = 's1',
): CreditedPerson => ({
  contactId: `${status}-${dealValueCents}-${dealCurrency}-${Math.random()}`,
  sessionId,
  status,
  dealValueCents,
  dealCurrency,
})

const cost = (feeCents: number | null, travelCents: number | null, currency: string | null = 'USD'): SessionCost => ({
  feeCents,
  travelCents,
  currency,
})

const figures = (overrides: Partial<SessionFigures> = {}): SessionFigures => ({
  scans: 200,
  visits: 50,
  visitors: 200,
  leads: 40,
  audienceSize: 400,
  cost: cost(100_000, 50_000),
  ...overrides,
})

describe('ratios', () => {
  it.each([
    [40, 200, 20],
    [1, 3, 33],
    [2, 3, 67],
    [250, 200, 125],
    [0, 200, 0],
    [5, 0, null],
    [5, null, null],
    [5, undefined, null],
    [5, -1, null],
  ] as const)('percentOf(%d, %j) = %j', (n, d, expected) => expect(percentOf(n, d)).toBe(expected))

  it.each([
    // won, cost, ROI %
    [300_000, 150_000, 100],
    [150_000, 150_000, 0],
    [0, 150_000, -100],
    [75_000, 150_000, -50],
    [100, 300, -67],
    [500_000, 0, null],
    [0, 0, null],
  ] as const)('ROI of won %d on cost %d is %j', (won, c, expected) => expect(roiPercent(won, c)).toBe(expected))

  it.each([
    [null, {}, '—'],
    [20, {}, '20%'],
    [0, { signed: true }, '0%'],
    [150, { signed: true }, '+150%'],
    [-100, { signed: true }, '−100%'],
  ] as const)('formatPercent(%j, %j) = %j', (value, options, shown) => expect(formatPercent(value, options)).toBe(shown))
})

describe('engagementCost', () => {
  it.each([
    [cost(100_000, 50_000), { cents: 150_000, currency: 'USD' }],
    [cost(100_000, null, 'EUR'), { cents: 100_000, currency: 'EUR' }],
    [cost(null, 20_000, 'GBP'), { cents: 20_000, currency: 'GBP' }],
    [cost(0, 0), { cents: 0, currency: 'USD' }],
    [cost(null, null), null],
    [cost(null, null, null), null],
    [cost(100, 100, null), null],
  ] as const)('%j → %j', (c, expected) => expect(engagementCost(c)).toEqual(expected))
})

describe('sums per currency and deal totals', () => {
  it('adds per currency, largest first, and skips empty amounts and amounts without a currency', () => {
    expect(
      sumByCurrency([
        { cents: 100, currency: 'EUR' },
        { cents: 500, currency: 'USD' },
        { cents: 50, currency: 'EUR' },
        { cents: null, currency: 'USD' },
        { cents: 0, currency: 'GBP' },
        { cents: 999, currency: null },
      ]),
    ).toEqual([
      { currency: 'USD', cents: 500 },
      { currency: 'EUR', cents: 150 },
    ])
  })

  it.each([
    [
      'open people are the pipeline',
      [person('new', 100), person('contacted', 200), person('meeting', 300)],
      [{ currency: 'USD', cents: 600 }],
      [],
    ],
    ['won people are won value', [person('won', 1000), person('won', 500)], [], [{ currency: 'USD', cents: 1500 }]],
    ['lost deals count nowhere', [person('lost', 9999), person('won', 10)], [], [{ currency: 'USD', cents: 10 }]],
    ['people without a deal value add nothing', [person('new'), person('won')], [], []],
    [
      'mixed currencies stay apart',
      [person('won', 100, 'EUR'), person('won', 300, 'USD'), person('new', 7, 'EUR')],
      [{ currency: 'EUR', cents: 7 }],
      [
        { currency: 'USD', cents: 300 },
        { currency: 'EUR', cents: 100 },
      ],
    ],
  ] as const)('%s', (_name, people, pipeline, won) => {
    expect(dealTotals(people)).toEqual({ pipeline, won })
  })
})

describe('first-touch attribution', () => {
  const capture = (contactId: string, sessionId: string, at: string, leadId = `${contactId}-${sessionId}`): PersonCapture => ({
    contactId,
    sessionId,
    leadId,
    capturedAt: new Date(at),
    status: 'won',
    dealValueCents: 1000,
    dealCurrency: 'USD',
  })

  it.each([
    ['one capture → that session', [capture('ann', 'a', '2026-05-01T10:00Z')], { ann: 'a' }],
    [
      'the earliest capture wins, whatever the order of the rows',
      [
        capture('ann', 'b', '2026-06-01T10:00Z'),
        capture('ann', 'a', '2026-05-01T10:00Z'),
        capture('ann', 'c', '2026-07-01T10:00Z'),
      ],
      { ann: 'a' },
    ],
    [
      'a tie on time goes to the smaller lead id (the visibility order)',
      [capture('bob', 'b', '2026-05-01T10:00Z', 'lead-2'), capture('bob', 'a', '2026-05-01T10:00Z', 'lead-1')],
      { bob: 'a' },
    ],
    [
      'each person once',
      [
        capture('ann', 'a', '2026-05-01T10:00Z'),
        capture('bob', 'b', '2026-05-01T09:00Z'),
        capture('bob', 'a', '2026-05-02T09:00Z'),
      ],
      { ann: 'a', bob: 'b' },
    ],
    ['no captures → nobody', [], {}],
  ] as const)('%s', (_name, captures, expected) => {
    const credited = attributeFirstTouch(captures)
    expect(Object.fromEntries(credited.map((p) => [p.contactId, p.sessionId]))).toEqual(expected)
    expect(credited.every((p) => p.status === 'won' && p.dealValueCents === 1000)).toBe(true)
  })

  it('never double counts a person across a talk', () => {
    const credited = attributeFirstTouch([capture('ann', 'a', '2026-05-01T10:00Z'), capture('ann', 'b', '2026-06-01T10:00Z')])
    const totals = talkTotals([
      { figures: figures(), people: credited.filter((p) => p.sessionId === 'a') },
      { figures: figures(), people: credited.filter((p) => p.sessionId === 'b') },
    ])
    expect(totals.people).toBe(1)
    expect(totals.won).toEqual([{ currency: 'USD', cents: 1000 }])
  })
})

describe('sessionRoi', () => {
  it.each([
    [
      'a costed session with won deals',
      figures(),
      [person('won', 300_000), person('new', 50_000), person('lost', 70_000)],
      {
        conversion: { percent: 20, people: 200, floored: false },
        captureRate: 10,
        roi: 100,
        roiMissing: null,
        won: [{ currency: 'USD', cents: 300_000 }],
        pipeline: [{ currency: 'USD', cents: 50_000 }],
      },
    ],
    [
      'typed link only: no scans, conversion over the link’s visitors',
      figures({ scans: 0, visits: 3, visitors: 3, leads: 2 }),
      [],
      { conversion: { percent: 67, people: 3, floored: false }, captureRate: 1, roi: -100, roiMissing: null },
    ],
    [
      'no one opened the page: conversion cannot be computed',
      figures({ scans: 0, visits: 0, visitors: 0, leads: 0 }),
      [],
      { conversion: { percent: null, people: 0, floored: false }, captureRate: 0 },
    ],
    ['no audience: no capture rate', figures({ audienceSize: null }), [], { captureRate: null, conversion: { percent: 20 } }],
    ['an audience of zero is no audience', figures({ audienceSize: 0 }), [], { captureRate: null }],
    [
      'no cost: ROI is missing, every currency shown',
      figures({ cost: cost(null, null, null) }),
      [person('won', 100, 'EUR'), person('won', 200, 'USD')],
      {
        cost: null,
        roi: null,
        roiMissing: 'no-cost',
        won: [
          { currency: 'USD', cents: 200 },
          { currency: 'EUR', cents: 100 },
        ],
        otherWon: [],
      },
    ],
    [
      'zero cost: ROI is a division by zero',
      figures({ cost: cost(0, null) }),
      [person('won', 100)],
      { roi: null, roiMissing: 'zero-cost', cost: { feeCents: 0, travelCents: 0, cents: 0, currency: 'USD' } },
    ],
    [
      'mixed currencies: only the cost currency is in the ROI, the rest is shown apart',
      figures({ cost: cost(100_000, null, 'EUR') }),
      [person('won', 150_000, 'EUR'), person('won', 900_000, 'USD'), person('meeting', 5_000, 'GBP')],
      {
        roi: 50,
        won: [{ currency: 'EUR', cents: 150_000 }],
        otherWon: [{ currency: 'USD', cents: 900_000 }],
        pipeline: [],
        otherPipeline: [{ currency: 'GBP', cents: 5_000 }],
      },
    ],
    [
      'lost deals: no won value, ROI −100%',
      figures(),
      [person('lost', 500_000), person('lost', 1)],
      { roi: -100, won: [], pipeline: [], people: 2 },
    ],
  ] as const)('%s', (_name, f, people, expected) => {
    expect(sessionRoi(f, people)).toMatchObject(expected)
  })

  it('keeps the counts as given (locked captures are in leads)', () => {
    expect(sessionRoi(figures({ scans: 7, visits: 9, leads: 5 }), [])).toMatchObject({ scans: 7, visits: 9, leads: 5, people: 0 })
  })
})

describe('talkTotals', () => {
  it('adds counts, keeps money per currency and gives one ROI per cost currency', () => {
    const totals = talkTotals([
      {
        figures: figures({ scans: 100, visitors: 100, leads: 10, audienceSize: 100, cost: cost(100_000, 0, 'USD') }),
        people: [person('won', 250_000, 'USD')],
      },
      {
        figures: figures({ scans: 100, visitors: 100, leads: 30, audienceSize: null, cost: cost(50_000, null, 'EUR') }),
        people: [person('won', 40_000, 'EUR')],
      },
      {
        // Leads with no visitor counted: they stand in for the people who opened the page.
        figures: figures({ scans: 0, visitors: 0, leads: 5, audienceSize: 400, cost: cost(null, null, null) }),
        people: [person('won', 10_000, 'USD'), person('new', 3, 'USD')],
      },
    ])
    expect(totals).toMatchObject({
      scans: 200,
      visitors: 200,
      leads: 45,
      people: 4,
      // 45 ÷ (100 + 100 + 5)
      conversion: { percent: 22, people: 205, floored: true },
      // (10 + 5) ÷ (100 + 400): the session without an audience is left out.
      captureRate: 3,
      cost: [
        { currency: 'USD', cents: 100_000 },
        { currency: 'EUR', cents: 50_000 },
      ],
      won: [
        { currency: 'USD', cents: 260_000 },
        { currency: 'EUR', cents: 40_000 },
      ],
      pipeline: [{ currency: 'USD', cents: 3 }],
      roi: [
        { currency: 'EUR', costCents: 50_000, wonCents: 40_000, roi: -20 },
        // The uncosted session's won deal is not in the USD ROI.
        { currency: 'USD', costCents: 100_000, wonCents: 250_000, roi: 150 },
      ],
    })
  })

  it('a talk with no sessions has no ratios', () => {
    expect(talkTotals([])).toEqual({
      scans: 0,
      visits: 0,
      visitors: 0,
      leads: 0,
      people: 0,
      conversion: { percent: null, people: 0, floored: false },
      captureRate: null,
      cost: [],
      pipeline: [],
      won: [],
      roi: [],
    })
  })
})

describe('CostSchema', () => {
  it.each([
    [
      { fee: '1,500', travel: '320.50', currency: 'USD' },
      { feeCents: 150_000, travelCents: 32_050, currency: 'USD' },
    ],
    [
      { fee: '1500', currency: 'JPY' },
      { feeCents: 1500, travelCents: null, currency: 'JPY' },
    ],
    [
      { travel: '0', currency: 'EUR' },
      { feeCents: null, travelCents: 0, currency: 'EUR' },
    ],
    [
      { fee: '', travel: ' ', currency: 'EUR' },
      { feeCents: null, travelCents: null, currency: null },
    ],
  ])('%j → %j', (input, expected) => {
    expect(CostSchema.safeParse(input)).toMatchObject({ success: true, data: expected })
  })

  it.each([
    [{ fee: '-5', currency: 'USD' }, 'fee', 'Enter an amount like 1500 or 1500.50.'],
    [{ travel: '10.5', currency: 'JPY' }, 'travel', 'Enter a whole amount, like 1500.'],
    [{ fee: '5', currency: 'XYZ' }, 'currency', 'Choose a currency from the list'],
    [{ fee: '5' }, 'currency', 'Choose a currency from the list'],
  ])('%j → %s: %s', (input, path, message) => {
    const result = CostSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([path, message])
  })
})

describe('leads over time', () => {
  const berlin = 'Europe/Berlin'
  // 14 May 2026, 09:30 in Berlin (UTC+2).
  const startsAt = new Date('2026-05-14T07:30:00Z')

  it('counts per 15 minutes on the wall clock of the session, from an hour before to two after', () => {
    const series = quarterHourSeries(
      [
        new Date('2026-05-14T07:31:00Z'), // 09:31
        new Date('2026-05-14T07:44:59Z'), // 09:44
        new Date('2026-05-14T07:45:00Z'), // 09:45
        new Date('2026-05-13T20:00:00Z'), // the day before
        new Date('2026-05-15T08:00:00Z'), // the day after
      ],
      startsAt,
      berlin,
    )
    expect(series.day).toBe('2026-05-14')
    expect(series.points[0]!.label).toBe('08:30')
    expect(series.points.at(-1)!.label).toBe('11:15')
    expect(series.points).toHaveLength(12)
    expect(series.points.filter((p) => p.count).map((p) => [p.label, p.count])).toEqual([
      ['09:30', 2],
      ['09:45', 1],
    ])
    expect(series).toMatchObject({ beforeDay: 1, afterDay: 1, earlierThatDay: 0, laterThatDay: 0 })
  })

  it('widens to the first and last capture of the day, never past midnight', () => {
    const series = quarterHourSeries(
      [new Date('2026-05-13T22:05:00Z'), new Date('2026-05-14T21:59:00Z')], // 00:05 and 23:59 in Berlin
      startsAt,
      berlin,
    )
    expect(series.points[0]!.label).toBe('00:00')
    expect(series.points.at(-1)!.label).toBe('23:45')
    expect(series.points).toHaveLength(96)
    expect(series.points[0]!.count + series.points.at(-1)!.count).toBe(2)
  })

  it.each([
    // talk, first and last minute of the local day, zone, buckets in the day
    // A day of 23 hours: the clock jumps from 02:00 to 03:00.
    ['2026-03-29T08:00:00Z', '2026-03-28T23:00:00Z', '2026-03-29T21:59:00Z', berlin, 92],
    // A day of 25 hours: 02:00–03:00 happens twice.
    ['2026-10-25T09:00:00Z', '2026-10-24T22:00:00Z', '2026-10-25T22:59:00Z', berlin, 100],
    // A half-hour zone.
    ['2026-05-14T04:30:00Z', '2026-05-13T18:30:00Z', '2026-05-14T18:29:00Z', 'Asia/Kolkata', 96],
  ])('a whole day around a talk at %s has 15 real minutes per bucket (%s … %s in %s)', (talk, first, last, tz, buckets) => {
    const series = quarterHourSeries([new Date(first), new Date(last)], new Date(talk), tz)
    expect(series.points).toHaveLength(buckets)
    expect(series.points[0]).toMatchObject({ key: new Date(first).toISOString(), label: '00:00', count: 1 })
    expect(series.points.at(-1)).toMatchObject({ label: '23:45', count: 1 })
    expect(series.points.every((p, i) => Date.parse(p.key) === Date.parse(first) + i * 15 * 60 * 1000)).toBe(true)
  })

  it('days after: up to the last capture, at least a week once passed, never beyond today', () => {
    const times = [
      new Date('2026-05-14T20:00:00Z'), // 22:00 on the day: not after
      new Date('2026-05-14T22:30:00Z'), // 00:30 on 15 May in Berlin
      new Date('2026-05-16T10:00:00Z'),
      new Date('2026-05-16T11:00:00Z'),
    ]
    const month = daysAfterSeries(times, startsAt, berlin, new Date('2026-06-30T12:00:00Z'))
    expect(month.points.map((p) => p.key)).toEqual([
      '2026-05-15',
      '2026-05-16',
      '2026-05-17',
      '2026-05-18',
      '2026-05-19',
      '2026-05-20',
      '2026-05-21',
    ])
    expect(month.points.slice(0, 2).map((p) => [p.label, p.count])).toEqual([
      ['15 May', 1],
      ['16 May', 2],
    ])
    expect(month.later).toBe(0)

    expect(daysAfterSeries([], startsAt, berlin, new Date('2026-05-16T12:00:00Z')).points.map((p) => p.key)).toEqual([
      '2026-05-15',
      '2026-05-16',
    ])
    expect(daysAfterSeries([], startsAt, berlin, new Date('2026-05-14T12:00:00Z')).points).toEqual([])
  })

  it('days after: the 61st day on is added up as later', () => {
    const late = new Date('2026-09-01T10:00:00Z')
    const series = daysAfterSeries([late, new Date('2026-06-01T10:00:00Z')], startsAt, berlin, new Date('2026-12-01T00:00:00Z'))
    expect(series.points).toHaveLength(60)
    expect(series.later).toBe(1)
    expect(series.points.reduce((n, p) => n + p.count, 0)).toBe(1)
  })
})

describe('the cost form constraints', () => {
  it('Conform can read the field constraints (the page renders them without JavaScript)', async () => {
    const { getZodConstraint } = await import('@conform-to/zod/v4')
    const { CostFieldsSchema } = await import('./roi')
    expect(getZodConstraint(CostFieldsSchema)).toMatchObject({ fee: { required: false }, currency: { required: true } })
  })
})
