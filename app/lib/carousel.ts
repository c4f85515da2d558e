import { CAROUSEL_AUTO_ADVANCE_MS, CAROUSEL_PAUSE_AFTER_MANUAL_MS } from './constants'

// The testimonial carousel's behaviour (spec 000 §4), kept out of React so it can be tested
// with fake timers: one item at a time; auto-advance every 8 s, wrapping last → first;
// previous on the first wraps to the last; a click on previous, next or a dot pauses auto-play
// and resumes it 10 s later; one item (or none) → no controls and no auto-advance.

export type CarouselState = {
  index: number
  count: number
  /** True while auto-play is running (the pulsing indicator shows). */
  autoPlaying: boolean
}

export type CarouselAction =
  { type: 'tick' } | { type: 'next' } | { type: 'prev' } | { type: 'goTo'; index: number } | { type: 'resume' }

export function initialCarouselState(count: number, autoPlay = true): CarouselState {
  return { index: 0, count: Math.max(0, count), autoPlaying: autoPlay && count > 1 }
}

/** Whether previous/next/dots are shown: only with two or more items. */
export function hasControls(count: number) {
  return count > 1
}

export function wrapIndex(index: number, count: number) {
  if (count <= 0) return 0
  return ((index % count) + count) % count
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  if (state.count <= 1) return { ...state, index: 0, autoPlaying: false }
  switch (action.type) {
    case 'tick':
      return state.autoPlaying ? { ...state, index: wrapIndex(state.index + 1, state.count) } : state
    case 'next':
      return { ...state, index: wrapIndex(state.index + 1, state.count), autoPlaying: false }
    case 'prev':
      return { ...state, index: wrapIndex(state.index - 1, state.count), autoPlaying: false }
    case 'goTo':
      return { ...state, index: wrapIndex(action.index, state.count), autoPlaying: false }
    case 'resume':
      return { ...state, autoPlaying: true }
  }
}

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (id: unknown) => void
}

/**
 * Drives the reducer with timers. `onChange` gets every new state. A manual action (next,
 * prev, goTo) stops auto-play and schedules the resume 10 s later; another manual action
 * during the pause restarts those 10 s. After resuming, the next advance comes 8 s later.
 */
export function createCarouselController({
  count,
  autoPlay = true,
  onChange,
  timers = { setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms), clearTimeout: (id) => globalThis.clearTimeout(id as never) },
}: {
  count: number
  autoPlay?: boolean
  onChange: (state: CarouselState) => void
  timers?: Timers
}) {
  let state = initialCarouselState(count, autoPlay)
  let advanceTimer: unknown
  let resumeTimer: unknown
  let destroyed = false

  const clear = () => {
    if (advanceTimer !== undefined) timers.clearTimeout(advanceTimer)
    if (resumeTimer !== undefined) timers.clearTimeout(resumeTimer)
    advanceTimer = resumeTimer = undefined
  }
  const dispatch = (action: CarouselAction) => {
    const next = carouselReducer(state, action)
    if (next !== state) {
      state = next
      onChange(state)
    }
  }
  const scheduleAdvance = () => {
    if (destroyed || !state.autoPlaying) return
    advanceTimer = timers.setTimeout(() => {
      advanceTimer = undefined
      dispatch({ type: 'tick' })
      scheduleAdvance()
    }, CAROUSEL_AUTO_ADVANCE_MS)
  }
  const manual = (action: CarouselAction) => {
    if (destroyed || state.count <= 1) return
    clear()
    dispatch(action)
    // Auto-play resumes only where it was allowed in the first place.
    if (!autoPlay) return
    resumeTimer = timers.setTimeout(() => {
      resumeTimer = undefined
      dispatch({ type: 'resume' })
      scheduleAdvance()
    }, CAROUSEL_PAUSE_AFTER_MANUAL_MS)
  }

  scheduleAdvance()
  return {
    getState: () => state,
    next: () => manual({ type: 'next' }),
    prev: () => manual({ type: 'prev' }),
    goTo: (index: number) => manual({ type: 'goTo', index }),
    destroy: () => {
      destroyed = true
      clear()
    },
  }
}
