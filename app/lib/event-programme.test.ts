import { describe, expect, it } from 'vitest'
import { formatEventDates, formatProgrammeTime, initials, programmeByDay } from './event-programme'

const rooms = [
  { id: 'main', name: 'Main Hall' },
  { id: 'side', name: 'Room B' },
]
const at = (iso: string, roomId: string | null, title: string, durationMinutes: number | null = 30) => ({
  startsAt: new Date(iso),
  roomId,
  durationMinutes,
  title,
})

describe('programmeByDay', () => {
  it('groups by day in the event’s zone, then by room in the organiser’s order, sessions by time', () => {
    const days = programmeByDay(
      [
        at('2027-03-11T09:00:00Z', 'main', 'Day two'),
        at('2027-03-10T10:00:00Z', 'main', 'Second in main'),
        at('2027-03-10T09:30:00Z', 'side', 'In room B'),
        at('2027-03-10T09:00:00Z', 'main', 'First in main'),
        at('2027-03-10T11:00:00Z', null, 'No room'),
        at('2027-03-10T12:00:00Z', 'removed', 'Room removed'),
      ],
      rooms,
      'Europe/London',
    )
    expect(days.map((d) => d.label)).toEqual(['Wednesday 10 March 2027', 'Thursday 11 March 2027'])
    expect(days[0]!.rooms.map((r) => [r.name, r.sessions.map((s) => s.title)])).toEqual([
      ['Main Hall', ['First in main', 'Second in main']],
      ['Room B', ['In room B']],
      [null, ['No room', 'Room removed']],
    ])
    expect(days[0]!.rooms[0]!.sessions[0]!.time).toBe('09:00–09:30')
  })

  it('puts a late-evening UTC session on the next day where the event is', () => {
    const [day] = programmeByDay([at('2027-03-10T23:30:00Z', 'main', 'Morning in Tokyo')], rooms, 'Asia/Tokyo')
    expect(day!.day).toBe('2027-03-11')
    expect(day!.rooms[0]!.sessions[0]!.time).toBe('08:30–09:00')
  })
})

describe('formatting', () => {
  it('writes times with and without a length', () => {
    expect(formatProgrammeTime(new Date('2027-07-01T08:00:00Z'), 45, 'Europe/Berlin')).toBe('10:00–10:45')
    expect(formatProgrammeTime(new Date('2027-07-01T08:00:00Z'), null, 'Europe/Berlin')).toBe('10:00')
  })

  it('writes an event’s dates', () => {
    expect(formatEventDates('2027-03-10', '2027-03-10')).toBe('10 March 2027')
    expect(formatEventDates('2027-03-10', '2027-03-11')).toBe('10–11 March 2027')
    expect(formatEventDates('2027-03-30', '2027-04-01')).toBe('30 March – 1 April 2027')
    expect(formatEventDates('2027-12-31', '2028-01-01')).toBe('31 December 2027 – 1 January 2028')
  })

  it('makes initials', () => {
    expect(initials('Ada Lovelace')).toBe('AL')
    expect(initials('Grace Brewster Murray Hopper')).toBe('GH')
    expect(initials('cher')).toBe('C')
  })
})
