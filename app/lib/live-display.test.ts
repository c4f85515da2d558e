import { describe, expect, it } from 'vitest'
import { displayCallToAction, nextVersion, parseLastEventId, sameDisplayState, sseComment, sseMessage } from './live-display'

describe('sseMessage', () => {
  it('writes retry, event, id and data on their own lines, ended by a blank line', () => {
    expect(sseMessage({ retry: 2000, event: 'counts', id: 7, data: '{"signups":3}' })).toBe(
      'retry: 2000\nevent: counts\nid: 7\ndata: {"signups":3}\n\n',
    )
  })

  it('splits data on every kind of line break into several data lines', () => {
    expect(sseMessage({ data: 'a\nb\r\nc\rd' })).toBe('data: a\ndata: b\ndata: c\ndata: d\n\n')
  })

  it('sends a named event without data or id (the heartbeat)', () => {
    expect(sseMessage({ event: 'heartbeat', data: '' })).toBe('event: heartbeat\ndata: \n\n')
  })

  it('refuses a line break in event or id, a NUL in id, and a retry that is not whole milliseconds', () => {
    expect(() => sseMessage({ event: 'a\nb' })).toThrow()
    expect(() => sseMessage({ id: '1\n2' })).toThrow()
    expect(() => sseMessage({ id: 'a\0' })).toThrow()
    expect(() => sseMessage({ retry: 1.5 })).toThrow()
    expect(() => sseMessage({ retry: -1 })).toThrow()
  })

  it('writes comments the browser ignores', () => {
    expect(sseComment('open')).toBe(': open\n\n')
    expect(() => sseComment('a\nb')).toThrow()
  })
})

describe('event ids', () => {
  it('reads a Last-Event-ID that is a version, and nothing else', () => {
    expect(parseLastEventId('1764680000000')).toBe(1764680000000)
    expect(parseLastEventId(null)).toBeNull()
    expect(parseLastEventId('')).toBeNull()
    expect(parseLastEventId('-1')).toBeNull()
    expect(parseLastEventId('12abc')).toBeNull()
    expect(parseLastEventId('1'.repeat(17))).toBeNull()
  })

  it('moves forward: past the previous id, to the clock, and past what the client holds from another process', () => {
    expect(nextVersion(10, 5)).toBe(11)
    expect(nextVersion(10, 500)).toBe(500)
    expect(nextVersion(10, 500, 900)).toBe(901)
    expect(nextVersion(0, 0, null)).toBe(1)
  })
})

describe('sameDisplayState', () => {
  const s = { signups: 1, feedback: 0, feedbackOpen: false, status: 'live' as const }
  it('compares every field', () => {
    expect(sameDisplayState(s, { ...s })).toBe(true)
    expect(sameDisplayState(s, { ...s, signups: 2 })).toBe(false)
    expect(sameDisplayState(s, { ...s, feedback: 1 })).toBe(false)
    expect(sameDisplayState(s, { ...s, feedbackOpen: true })).toBe(false)
    expect(sameDisplayState(s, { ...s, status: 'closed' })).toBe(false)
  })
})

describe('displayCallToAction', () => {
  it('asks for feedback while its window is open, else for the sign-up with the offer', () => {
    expect(displayCallToAction({ status: 'live', feedbackOpen: false }, 'the slides')).toBe('Scan for the slides')
    expect(displayCallToAction({ status: 'live', feedbackOpen: false }, '')).toBe('Scan to leave your details')
    expect(displayCallToAction({ status: 'live', feedbackOpen: true }, 'the slides')).toBe('Scan to give feedback on this talk')
    expect(displayCallToAction({ status: 'closed', feedbackOpen: true }, 'the slides')).toBe('This session has ended')
    expect(displayCallToAction({ status: 'draft', feedbackOpen: false }, 'x')).toBe('The page opens when the session goes live')
  })
})
