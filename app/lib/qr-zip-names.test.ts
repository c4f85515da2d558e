import { describe, expect, it } from 'vitest'
import { qrZipBaseNames, safeFileName, zipTime } from './qr-zip-names'

const at = (iso: string) => new Date(iso)

describe('the QR ZIP entry names (issue 23 Deliver 8)', () => {
  it('names a session by room, time in the event zone, speaker and talk', () => {
    const names = qrZipBaseNames(
      [
        {
          roomName: 'Main Hall',
          startsAt: at('2027-03-10T09:00:00Z'),
          speakerName: 'Ada Lovelace',
          talkTitle: 'Notes on the engine',
        },
      ],
      'Europe/London',
    )
    expect(names).toEqual(['Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine'])
  })

  it("reads the time on the event's wall clock, not UTC", () => {
    expect(zipTime(at('2027-07-01T07:30:00Z'), 'Europe/Berlin')).toBe('2027-07-01 0930')
    expect(zipTime(at('2027-03-10T02:15:00Z'), 'America/New_York')).toBe('2027-03-09 2115')
  })

  it('puts a session without a room at the top and without a speaker leaves the name out', () => {
    const [name] = qrZipBaseNames(
      [{ roomName: null, startsAt: at('2027-03-10T09:00:00Z'), speakerName: null, talkTitle: 'Opening' }],
      'UTC',
    )
    expect(name).toBe('2027-03-10 0900 Opening')
  })

  it.each([
    ['What/Why: a <talk>?', 'What Why a talk'],
    ['Tabs\tand\nnewlines', 'Tabs and newlines'],
    ['Ends with dots...', 'Ends with dots'],
    ['   ', 'Fallback'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['back\\slash|pipe*star"quote', 'back slash pipe star quote'],
  ])('sanitises %j to %j', (input, expected) => {
    expect(safeFileName(input, 100, 'Fallback')).toBe(expected)
  })

  it('cuts long names by characters, never inside an emoji', () => {
    const long = `${'🎤'.repeat(10)}${'x'.repeat(200)}`
    const name = safeFileName(long, 12, 'F')
    expect(Array.from(name)).toHaveLength(12)
    expect(name.startsWith('🎤'.repeat(10))).toBe(true)
  })

  it('makes every name unique without regard to case, also against the slide files', () => {
    const t = at('2027-03-10T09:00:00Z')
    const names = qrZipBaseNames(
      [
        { roomName: 'Main Hall', startsAt: t, speakerName: 'Ada', talkTitle: 'Talk' },
        { roomName: 'Main Hall', startsAt: t, speakerName: 'ada', talkTitle: 'talk' },
        { roomName: 'Main Hall', startsAt: t, speakerName: 'Ada', talkTitle: 'Talk' },
        { roomName: 'Main Hall', startsAt: t, speakerName: 'Ada', talkTitle: 'Talk - slide' },
        { roomName: 'Room B', startsAt: t, speakerName: 'Ada', talkTitle: 'Talk' },
      ],
      'UTC',
    )
    expect(names).toEqual([
      'Main Hall/2027-03-10 0900 Ada - Talk',
      'Main Hall/2027-03-10 0900 ada - talk (2)',
      'Main Hall/2027-03-10 0900 Ada - Talk (3)',
      // "… Talk - slide.png" would be the first session's slide.
      'Main Hall/2027-03-10 0900 Ada - Talk - slide (2)',
      'Room B/2027-03-10 0900 Ada - Talk',
    ])
  })
})
