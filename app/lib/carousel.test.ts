import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { carouselReducer, createCarouselController, hasControls, initialCarouselState, type CarouselState } from './carousel'

describe('carouselReducer', () => {
  const three = initialCarouselState(3)

  it('starts at the first item with auto-play on when there are several', () => {
    expect(three).toEqual({ index: 0, count: 3, autoPlaying: true })
  })

  it('a tick advances and wraps last → first', () => {
    let s = three
    s = carouselReducer(s, { type: 'tick' })
    s = carouselReducer(s, { type: 'tick' })
    expect(s.index).toBe(2)
    expect(carouselReducer(s, { type: 'tick' }).index).toBe(0)
  })

  it('previous on the first wraps to the last, and pauses auto-play', () => {
    expect(carouselReducer(three, { type: 'prev' })).toEqual({ index: 2, count: 3, autoPlaying: false })
  })

  it('next on the last wraps to the first', () => {
    expect(carouselReducer({ ...three, index: 2 }, { type: 'next' }).index).toBe(0)
  })

  it('a dot goes to its item and pauses', () => {
    expect(carouselReducer(three, { type: 'goTo', index: 1 })).toEqual({ index: 1, count: 3, autoPlaying: false })
  })

  it('a tick while paused changes nothing', () => {
    const paused = { ...three, autoPlaying: false }
    expect(carouselReducer(paused, { type: 'tick' })).toBe(paused)
  })

  it('one item: no controls, no auto-play, never moves', () => {
    const one = initialCarouselState(1)
    expect(one.autoPlaying).toBe(false)
    expect(hasControls(1)).toBe(false)
    expect(carouselReducer(one, { type: 'next' }).index).toBe(0)
    expect(carouselReducer(one, { type: 'resume' }).autoPlaying).toBe(false)
  })

  it('an empty list has no controls and no auto-play', () => {
    expect(initialCarouselState(0)).toEqual({ index: 0, count: 0, autoPlaying: false })
    expect(hasControls(0)).toBe(false)
  })
})

describe('createCarouselController (fake timers)', () => {
  let states: CarouselState[]
  beforeEach(() => {
    vi.useFakeTimers()
    states = []
  })
  afterEach(() => vi.useRealTimers())

  const make = (count: number, autoPlay = true) => createCarouselController({ count, autoPlay, onChange: (s) => states.push(s) })

  it('auto-advances every 8 seconds and wraps', () => {
    const c = make(2)
    vi.advanceTimersByTime(7_999)
    expect(c.getState().index).toBe(0)
    vi.advanceTimersByTime(1)
    expect(c.getState().index).toBe(1)
    vi.advanceTimersByTime(8_000)
    expect(c.getState().index).toBe(0)
    c.destroy()
  })

  it('a manual click pauses auto-play for 10 s, then auto-play resumes and advances 8 s later', () => {
    const c = make(3)
    vi.advanceTimersByTime(3_000)
    c.next()
    expect(c.getState()).toMatchObject({ index: 1, autoPlaying: false })
    // The pending 8 s advance was cancelled: nothing moves during the pause.
    vi.advanceTimersByTime(9_999)
    expect(c.getState()).toMatchObject({ index: 1, autoPlaying: false })
    vi.advanceTimersByTime(1)
    expect(c.getState()).toMatchObject({ index: 1, autoPlaying: true })
    vi.advanceTimersByTime(7_999)
    expect(c.getState().index).toBe(1)
    vi.advanceTimersByTime(1)
    expect(c.getState().index).toBe(2)
    c.destroy()
  })

  it('another click during the pause restarts the 10 s', () => {
    const c = make(3)
    c.goTo(2)
    vi.advanceTimersByTime(6_000)
    c.prev()
    expect(c.getState()).toMatchObject({ index: 1, autoPlaying: false })
    vi.advanceTimersByTime(9_000)
    expect(c.getState().autoPlaying).toBe(false)
    vi.advanceTimersByTime(1_000)
    expect(c.getState().autoPlaying).toBe(true)
    c.destroy()
  })

  it('previous on the first item wraps to the last', () => {
    const c = make(2)
    c.prev()
    expect(c.getState().index).toBe(1)
    c.destroy()
  })

  it('one item never advances and ignores clicks', () => {
    const c = make(1)
    vi.advanceTimersByTime(60_000)
    c.next()
    expect(c.getState()).toEqual({ index: 0, count: 1, autoPlaying: false })
    expect(states).toEqual([])
    c.destroy()
  })

  it('without auto-play (reduced motion) it only moves on clicks and never resumes', () => {
    const c = make(2, false)
    vi.advanceTimersByTime(60_000)
    expect(c.getState().index).toBe(0)
    c.next()
    vi.advanceTimersByTime(60_000)
    expect(c.getState()).toMatchObject({ index: 1, autoPlaying: false })
    c.destroy()
  })

  it('destroy stops every timer', () => {
    const c = make(2)
    c.destroy()
    vi.advanceTimersByTime(60_000)
    expect(states).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })
})
