// Event counts per day for the admin analytics page: a continuous run of days (zero-filled),
// oldest first, ending today (UTC).

export type DayCount = { day: string; name: string; count: number }
export type DayPoint = { day: string; total: number; byName: Record<string, number> }

export const ANALYTICS_DAYS = 30

/** The first UTC day of a `days`-long window ending on `today`, at 00:00. */
export function windowStart(today: Date, days: number = ANALYTICS_DAYS): Date {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()))
  start.setUTCDate(start.getUTCDate() - (days - 1))
  return start
}

export function dailySeries(rows: readonly DayCount[], today: Date, days: number = ANALYTICS_DAYS): DayPoint[] {
  const start = windowStart(today, days)
  const points: DayPoint[] = []
  const index = new Map<string, DayPoint>()
  for (let i = 0; i < days; i++) {
    const d = new Date(start)
    d.setUTCDate(start.getUTCDate() + i)
    const point = { day: d.toISOString().slice(0, 10), total: 0, byName: {} as Record<string, number> }
    points.push(point)
    index.set(point.day, point)
  }
  for (const row of rows) {
    const point = index.get(row.day)
    if (!point) continue
    point.total += row.count
    point.byName[row.name] = (point.byName[row.name] ?? 0) + row.count
  }
  return points
}

/** Totals per event name over the whole series, largest first. */
export function totalsByName(points: readonly DayPoint[]): Array<{ name: string; count: number }> {
  const totals = new Map<string, number>()
  for (const p of points) for (const [name, n] of Object.entries(p.byName)) totals.set(name, (totals.get(name) ?? 0) + n)
  return [...totals].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
}
