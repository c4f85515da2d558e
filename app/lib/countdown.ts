// The launch-offer countdown (spec 000 §4: ticks every second until the deadline, then "ended").
// Pure, so the server can render the first state and the browser continue from it.

export type Countdown = {
  ended: boolean
  days: number
  hours: number
  minutes: number
  seconds: number
}

/** Whole days, hours, minutes and seconds left until `deadline`; all zero and ended at or after it. */
export function countdownParts(deadline: Date | number, now: Date | number): Countdown {
  const left = Math.floor((toMs(deadline) - toMs(now)) / 1000)
  if (!Number.isFinite(left) || left <= 0) return { ended: true, days: 0, hours: 0, minutes: 0, seconds: 0 }
  return {
    ended: false,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  }
}

/** Two digits for the clock face: 7 → "07". */
export function pad2(value: number): string {
  return String(value).padStart(2, '0')
}

function toMs(value: Date | number) {
  return typeof value === 'number' ? value : value.getTime()
}
