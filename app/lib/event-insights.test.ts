import { describe, expect, it } from 'vitest'
import { csvTable, majorAmount, SESSION_COLUMNS } from './event-insights-columns'
import {
  addUp,
  bySpeaker,
  eventTimeline,
  NO_FIGURES,
  NO_ROOM,
  QUARTER_MS,
  sessionRow,
  type InsightSession,
} from './event-insights'

const session = (over: Partial<InsightSession>): InsightSession =>
  sessionRow({
    ...NO_FIGURES,
    id: 's',
    code: 'c',
    talkTitle: 'Talk',
    startsAt: new Date('2027-03-10T09:00:00Z'),
    durationMinutes: 30,
    eventId: 'e1',
    roomId: 'r1',
    roomName: 'Main',
    speakerId: 'sp1',
    speakerName: 'Ada',
    ...over,
  })

describe('addUp', () => {
  it('adds counts, keeps money per currency and floors each session’s conversion on its own', () => {
    const totals = addUp([
      session({ leads: 3, visitors: 4, hotLeads: 1, pipeline: [{ currency: 'EUR', cents: 500 }] }),
      session({
        leads: 3,
        visitors: 1,
        pipeline: [
          { currency: 'USD', cents: 900 },
          { currency: 'EUR', cents: 100 },
        ],
      }),
    ])
    expect(totals).toMatchObject({ sessions: 2, leads: 6, visitors: 5, hotLeads: 1 })
    expect(totals.pipeline).toEqual([
      { currency: 'USD', cents: 900 },
      { currency: 'EUR', cents: 600 },
    ])
    // 6 leads ÷ (4 + 3 people): the second session's leads stand in for its one counted visitor.
    expect(totals.conversion).toEqual({ percent: 86, people: 7, floored: true })
  })
  it('has no conversion without anyone to divide by', () => {
    expect(addUp([]).conversion.percent).toBeNull()
  })
  it('gives a speaker without sessions a row of zeros and counts their events', () => {
    const rows = bySpeaker(
      [
        session({ id: 'a', leads: 2 }),
        session({ id: 'b', leads: 1, eventId: 'e2' }),
        session({ id: 'c', speakerId: null, leads: 9 }),
      ],
      [
        { id: 'sp1', name: 'Ada', email: 'ada@x', company: '' },
        { id: 'sp2', name: 'Grace', email: 'grace@x', company: '' },
      ],
    )
    expect(rows.map((r) => [r.name, r.sessions, r.events, r.leads])).toEqual([
      ['Ada', 2, 2, 3],
      ['Grace', 0, 0, 0],
    ])
  })
})

const quarter = (iso: string) => Date.parse(iso) / QUARTER_MS
const LONDON = { startsOn: '2027-03-10', endsOn: '2027-03-11', timeZone: 'Europe/London' }

describe('eventTimeline', () => {
  it('buckets per room per 15 minutes over each day’s busy hours, the same window for every room', () => {
    const t = eventTimeline(
      [
        { roomId: 'r1', quarter: quarter('2027-03-10T09:15:00Z'), count: 4 },
        { roomId: 'r1', quarter: quarter('2027-03-10T09:30:00Z'), count: 6 },
        { roomId: 'r2', quarter: quarter('2027-03-11T14:45:00Z'), count: 2 },
        { roomId: null, quarter: quarter('2027-03-11T15:00:00Z'), count: 1 },
        { roomId: 'r1', quarter: quarter('2027-03-09T23:45:00Z'), count: 5 },
        { roomId: 'r1', quarter: quarter('2027-03-12T00:00:00Z'), count: 7 },
      ],
      [
        { id: 'r2', name: 'Side' },
        { id: 'r1', name: 'Main' },
        { id: 'r3', name: 'Empty' },
      ],
      LONDON,
      [{ roomId: 'r1', startsAt: new Date('2027-03-10T09:00:00Z'), durationMinutes: 90 }],
    )
    expect(t.days.map((d) => [d.label, d.from, d.to])).toEqual([
      ['Wed 10 Mar', '09:00', '11:00'],
      ['Thu 11 Mar', '14:00', '16:00'],
    ])
    expect([t.beforeEvent, t.afterEvent]).toEqual([5, 7])
    // The organiser's order, then sessions without a room; a room with nothing is left out.
    expect(t.rooms.map((r) => r.roomName)).toEqual(['Side', 'Main', NO_ROOM])
    const main = t.rooms[1]!
    expect(main.points).toHaveLength(16)
    expect(main.total).toBe(10)
    expect(main.peak).toEqual({ label: 'Wed 10 Mar 09:30–09:45', count: 6 })
    expect(t.rooms[0]!.peak).toEqual({ label: 'Thu 11 Mar 14:45–15:00', count: 2 })
    // Hourly labels; the first of each day names it.
    expect(t.labelEvery).toBe(4)
    expect(main.points.filter((_, i) => i % t.labelEvery === 0).map((p) => p.tick)).toEqual([
      '10 Mar 09:00',
      '10:00',
      '11 Mar 14:00',
      '15:00',
    ])
  })

  it('lists a day with neither sessions nor captures as quiet', () => {
    const t = eventTimeline([], [], LONDON, [{ roomId: null, startsAt: new Date('2027-03-11T10:00:00Z'), durationMinutes: 30 }])
    expect(t.quietDays).toEqual(['2027-03-10'])
    expect(t.rooms).toEqual([expect.objectContaining({ roomName: NO_ROOM, total: 0, peak: null })])
  })

  it('labels quarter hours in the event’s zone, a quarter-hour offset one too (Nepal, +5:45)', () => {
    const t = eventTimeline(
      [{ roomId: 'r1', quarter: quarter('2027-03-10T03:30:00Z'), count: 3 }],
      [{ id: 'r1', name: 'Hall' }],
      { startsOn: '2027-03-10', endsOn: '2027-03-10', timeZone: 'Asia/Kathmandu' },
      [],
    )
    expect(t.days.map((d) => [d.from, d.to])).toEqual([['09:00', '10:00']])
    expect(t.rooms[0]!.peak).toEqual({ label: 'Wed 10 Mar 09:15–09:30', count: 3 })
  })

  it('keeps local days across a clock change (London, 28 March 2027)', () => {
    const t = eventTimeline(
      [{ roomId: 'r1', quarter: quarter('2027-03-28T08:00:00Z'), count: 1 }],
      [{ id: 'r1', name: 'Hall' }],
      { startsOn: '2027-03-27', endsOn: '2027-03-28', timeZone: 'Europe/London' },
      [],
    )
    // 08:00 UTC is 09:00 BST on the day the clocks went forward.
    expect(t.rooms[0]!.peak?.label).toBe('Sun 28 Mar 09:00–09:15')
  })
})

describe('csvTable', () => {
  it('splits money into a column per currency and writes times in the event’s clock', () => {
    const { columns, records } = csvTable(
      [session({ leads: 2, visitors: 4, won: [{ currency: 'JPY', cents: 5000 }], pipeline: [{ currency: 'EUR', cents: 1250 }] })],
      SESSION_COLUMNS,
      { time: () => '2027-03-10 09:00' },
    )
    expect(columns.map((c) => c.label)).toEqual([
      'Talk',
      'Speaker',
      'Room',
      'Starts',
      'Scans',
      'Visits',
      'Unique visitors',
      'Leads',
      'Conversion (%)',
      'Hot leads',
      'Pipeline (JPY)',
      'Pipeline (EUR)',
      'Won (JPY)',
      'Won (EUR)',
    ])
    expect(records[0]).toMatchObject({
      starts: '2027-03-10 09:00',
      conversion: 50,
      'pipeline:EUR': 12.5,
      'won:JPY': 5000,
      'won:EUR': 0,
    })
  })
  it('writes amounts in major units', () => {
    expect(majorAmount(123456, 'USD')).toBe(1234.56)
    expect(majorAmount(500, 'JPY')).toBe(500)
  })
})
