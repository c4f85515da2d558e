import { useEffect, useState } from 'react'
import { COUNTDOWN_REFRESH_MS } from '~/lib/constants'
import { countdownParts, pad2 } from '~/lib/countdown'

type Units = { days: string; hours: string; minutes: string; seconds: string }

/**
 * Counts down to `deadline`, refreshing every second. The first render uses the server's clock
 * (`serverNow`), so the HTML and the hydrated page agree; the browser's clock takes over after.
 */
export function Countdown({
  deadline,
  serverNow,
  label,
  units,
  ended,
}: {
  deadline: string
  serverNow: number
  label: string
  units: Units
  ended: string
}) {
  const deadlineMs = new Date(deadline).getTime()
  const [now, setNow] = useState(serverNow)
  const parts = countdownParts(deadlineMs, now)

  useEffect(() => {
    if (countdownParts(deadlineMs, Date.now()).ended) {
      setNow(Date.now())
      return
    }
    setNow(Date.now())
    const id = window.setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (countdownParts(deadlineMs, t).ended) window.clearInterval(id)
    }, COUNTDOWN_REFRESH_MS)
    return () => window.clearInterval(id)
  }, [deadlineMs])

  if (parts.ended) {
    return (
      <p role="status" className="rounded-lg border border-amber-400/40 bg-amber-950/50 px-4 py-3 font-semibold text-amber-100">
        {ended}
      </p>
    )
  }
  const cells: Array<[number, string]> = [
    [parts.days, units.days],
    [parts.hours, units.hours],
    [parts.minutes, units.minutes],
    [parts.seconds, units.seconds],
  ]
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{label}</p>
      {/* Read as one phrase; the ticking digits themselves stay silent. */}
      <p className="sr-only">
        {parts.days} {units.days}, {parts.hours} {units.hours}, {parts.minutes} {units.minutes}
      </p>
      <div aria-hidden="true" className="mt-3 flex gap-3">
        {cells.map(([value, unit]) => (
          <div key={unit} className="min-w-16 rounded-lg bg-ink-800 px-3 py-2 text-center">
            <div className="font-mono text-3xl font-bold tabular-nums text-white">{pad2(value)}</div>
            <div className="text-xs text-slate-300">{unit}</div>
          </div>
        ))}
      </div>
    </div>
  )
}
