import { z } from 'zod'
import { combinedConversion, conversion, type Conversion } from './conversion'
import { OPEN_STATUSES, type ContactStatus } from './lead-status'
import { formatMoney, isMoneyCurrency, MONEY_CURRENCIES, parseMoney } from './money'
import { utcToZonedLocal, zonedLocalToUtc } from './time-zone'

// Return on investment of a speaking engagement (issue 10 Deliver 8): the figures of a session and
// of a talk across its sessions, first-touch attribution of people to sessions, totals kept per
// currency (no exchange rates), and the leads-over-time series around the talk. Pure: the models
// hand in rows, the routes show what comes out.

export type MoneyTotal = { currency: string; cents: number }

export type SessionCost = { feeCents: number | null; travelCents: number | null; currency: string | null }

/** Fee + travel in the cost currency, or null when no cost has been entered. */
export function engagementCost(cost: SessionCost): { cents: number; currency: string } | null {
  if (cost.currency === null || (cost.feeCents === null && cost.travelCents === null)) return null
  return { cents: (cost.feeCents ?? 0) + (cost.travelCents ?? 0), currency: cost.currency }
}

/** numerator ÷ denominator as a whole percentage; null when there is nothing to divide by. */
export function percentOf(numerator: number, denominator: number | null | undefined): number | null {
  if (!denominator || denominator <= 0) return null
  return Math.round((numerator / denominator) * 100)
}

/** ROI = (won − cost) ÷ cost as a whole percentage; null when the cost is zero. */
export function roiPercent(wonCents: number, costCents: number): number | null {
  if (costCents <= 0) return null
  return Math.round(((wonCents - costCents) / costCents) * 100)
}

/** "—" for a ratio that cannot be computed, else "42%" (ROI signed: "+150%", "−100%"). */
export function formatPercent(value: number | null, { signed = false } = {}) {
  if (value === null) return '—'
  if (!signed || value === 0) return `${value}%`
  return value > 0 ? `+${value}%` : `−${Math.abs(value)}%`
}

/** One capture of a person the plan lets the speaker see, with the person's follow-up state. */
export type PersonCapture = {
  contactId: string
  sessionId: string
  leadId: string
  capturedAt: Date
  status: ContactStatus
  dealValueCents: number | null
  dealCurrency: string | null
}

export type CreditedPerson = Omit<PersonCapture, 'leadId' | 'capturedAt'>

/**
 * First-touch attribution: each person is credited to the session of their earliest capture (the
 * lead id breaks ties, as the visibility order does), so a person seen at several sessions counts
 * once in any total.
 */
export function attributeFirstTouch(captures: readonly PersonCapture[]): CreditedPerson[] {
  const first = new Map<string, PersonCapture>()
  for (const c of captures) {
    const seen = first.get(c.contactId)
    if (
      !seen ||
      c.capturedAt.getTime() < seen.capturedAt.getTime() ||
      (c.capturedAt.getTime() === seen.capturedAt.getTime() && c.leadId < seen.leadId)
    ) {
      first.set(c.contactId, c)
    }
  }
  return [...first.values()].map(({ leadId: _lead, capturedAt: _at, ...person }) => person)
}

/** Amounts per currency, largest first (then by code); zero totals are left out. */
export function sumByCurrency(amounts: Iterable<{ cents: number | null; currency: string | null }>): MoneyTotal[] {
  const totals = new Map<string, number>()
  for (const a of amounts) {
    // A value without a currency cannot be added to anything.
    if (a.cents === null || a.cents === 0 || a.currency === null) continue
    totals.set(a.currency, (totals.get(a.currency) ?? 0) + a.cents)
  }
  return [...totals]
    .map(([currency, cents]) => ({ currency, cents }))
    .sort((a, b) => b.cents - a.cents || a.currency.localeCompare(b.currency))
}

/** Pipeline (open people: new, contacted, meeting) and won value per currency; lost counts nowhere. */
export function dealTotals(people: readonly CreditedPerson[]) {
  const amount = (p: CreditedPerson) => ({ cents: p.dealValueCents, currency: p.dealCurrency })
  return {
    pipeline: sumByCurrency(people.filter((p) => OPEN_STATUSES.includes(p.status)).map(amount)),
    won: sumByCurrency(people.filter((p) => p.status === 'won').map(amount)),
  }
}

const centsIn = (totals: readonly MoneyTotal[], currency: string) => totals.find((t) => t.currency === currency)?.cents ?? 0
const otherThan = (totals: readonly MoneyTotal[], currency: string | null) =>
  currency === null ? [...totals] : totals.filter((t) => t.currency !== currency)

export type SessionFigures = {
  scans: number
  visits: number
  /** Unique visitors over scans and visits (the conversion's denominator, app/lib/conversion.ts). */
  visitors: number
  /** Every capture, locked ones included (as the workspace counts them). */
  leads: number
  audienceSize: number | null
  cost: SessionCost
}

export type Roi = {
  scans: number
  visits: number
  visitors: number
  leads: number
  /** People credited here by first touch. */
  people: number
  conversion: Conversion
  captureRate: number | null
  cost: { feeCents: number; travelCents: number; cents: number; currency: string } | null
  /** In the cost currency (all of it when there is no cost yet). */
  pipeline: MoneyTotal[]
  won: MoneyTotal[]
  /** Deal values in other currencies than the cost: shown, not in the ROI. */
  otherPipeline: MoneyTotal[]
  otherWon: MoneyTotal[]
  roi: number | null
  /** Why the ROI is "—". */
  roiMissing: 'no-cost' | 'zero-cost' | null
}

/** Every figure of one session's ROI page, from its counts, its cost and the people credited to it. */
export function sessionRoi(figures: SessionFigures, people: readonly CreditedPerson[]): Roi {
  const cost = engagementCost(figures.cost)
  const { pipeline, won } = dealTotals(people)
  const inCost = (totals: MoneyTotal[]) => (cost ? totals.filter((t) => t.currency === cost.currency) : totals)
  return {
    scans: figures.scans,
    visits: figures.visits,
    visitors: figures.visitors,
    leads: figures.leads,
    people: people.length,
    conversion: conversion(figures.leads, figures.visitors),
    captureRate: percentOf(figures.leads, figures.audienceSize),
    cost: cost && {
      feeCents: figures.cost.feeCents ?? 0,
      travelCents: figures.cost.travelCents ?? 0,
      ...cost,
    },
    pipeline: inCost(pipeline),
    won: inCost(won),
    otherPipeline: cost ? otherThan(pipeline, cost.currency) : [],
    otherWon: cost ? otherThan(won, cost.currency) : [],
    roi: cost ? roiPercent(centsIn(won, cost.currency), cost.cents) : null,
    roiMissing: !cost ? 'no-cost' : cost.cents <= 0 ? 'zero-cost' : null,
  }
}

export type CurrencyRoi = { currency: string; costCents: number; wonCents: number; roi: number | null }

export type TalkTotals = {
  scans: number
  visits: number
  visitors: number
  leads: number
  people: number
  conversion: Conversion
  /** Leads ÷ audience over the sessions whose audience is known. */
  captureRate: number | null
  cost: MoneyTotal[]
  pipeline: MoneyTotal[]
  won: MoneyTotal[]
  /** Per cost currency: the sessions costed in it, their won value in it, and the ROI. */
  roi: CurrencyRoi[]
}

/** The talk across its sessions: counts added up, money kept per currency, one ROI per cost currency. */
export function talkTotals(sessions: ReadonlyArray<{ figures: SessionFigures; people: readonly CreditedPerson[] }>): TalkTotals {
  const sum = (f: (s: SessionFigures) => number) => sessions.reduce((n, s) => n + f(s.figures), 0)
  const scans = sum((s) => s.scans)
  const leads = sum((s) => s.leads)
  const withAudience = sessions.filter((s) => s.figures.audienceSize)
  const costs = sessions.map((s) => ({ session: s, cost: engagementCost(s.figures.cost) }))
  const everyone = sessions.flatMap((s) => s.people)
  const { pipeline, won } = dealTotals(everyone)
  const cost = sumByCurrency(costs.map((c) => ({ cents: c.cost?.cents ?? null, currency: c.cost?.currency ?? null })))
  const currencies = [...new Set(costs.flatMap((c) => (c.cost ? [c.cost.currency] : [])))].sort()
  return {
    scans,
    visits: sum((s) => s.visits),
    visitors: sum((s) => s.visitors),
    leads,
    people: everyone.length,
    conversion: combinedConversion(sessions.map((s) => s.figures)),
    captureRate: percentOf(
      withAudience.reduce((n, s) => n + s.figures.leads, 0),
      withAudience.reduce((n, s) => n + (s.figures.audienceSize ?? 0), 0),
    ),
    cost,
    pipeline,
    won,
    roi: currencies.map((currency) => {
      const costed = costs.filter((c) => c.cost?.currency === currency)
      const costCents = costed.reduce((n, c) => n + (c.cost?.cents ?? 0), 0)
      const wonCents = centsIn(dealTotals(costed.flatMap((c) => c.session.people)).won, currency)
      return { currency, costCents, wonCents, roi: roiPercent(wonCents, costCents) }
    }),
  }
}

// ── The cost form ───────────────────────────────────────────────────────────────────────────────

export const COST_ERRORS = {
  currency: 'Choose a currency from the list',
} as const

/**
 * Fee and travel as typed, in the chosen currency. Both empty clears the cost. Amounts are checked
 * with the currency (JPY has no decimals), so the messages land next to the field concerned.
 */
export const CostFieldsSchema = z.object({
  fee: z.string().max(40).optional(),
  travel: z.string().max(40).optional(),
  currency: z.string({ error: COST_ERRORS.currency }).refine(isMoneyCurrency, COST_ERRORS.currency),
})

/** CostFieldsSchema read into minor units (Conform's constraints come from the fields, before the transform). */
export const CostSchema = CostFieldsSchema.transform((value, ctx) => {
  const currency = isMoneyCurrency(value.currency) ? value.currency : MONEY_CURRENCIES[0]
  const fee = parseMoney(value.fee ?? '', currency)
  const travel = parseMoney(value.travel ?? '', currency)
  if (!fee.ok) ctx.addIssue({ code: 'custom', path: ['fee'], message: fee.error })
  if (!travel.ok) ctx.addIssue({ code: 'custom', path: ['travel'], message: travel.error })
  if (!fee.ok || !travel.ok) return z.NEVER
  const empty = fee.cents === null && travel.cents === null
  return { feeCents: fee.cents, travelCents: travel.cents, currency: empty ? null : currency }
})

export type CostInput = z.output<typeof CostSchema>

// ── Leads over time ─────────────────────────────────────────────────────────────────────────────

const DAY_MS = 24 * 60 * 60 * 1000
const QUARTER_MS = 15 * 60 * 1000
/** Days after the session shown one by one; later captures are added up. */
export const DAYS_AFTER_MAX = 60
/** At least this many days after the session are shown once they have passed. */
export const DAYS_AFTER_MIN = 7

const localDay = (instant: Date, timeZone: string) => utcToZonedLocal(instant, timeZone).slice(0, 10)
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)

export type TimePoint = { key: string; label: string; count: number }

export type DaySeries = {
  /** The session's day in its time zone (YYYY-MM-DD). */
  day: string
  /** 15-minute buckets around the talk, by the session's wall clock ("09:30"). */
  points: TimePoint[]
  /** Captures on the day outside the buckets shown, before the day, and after it. */
  earlierThatDay: number
  laterThatDay: number
  beforeDay: number
  afterDay: number
}

/**
 * Captures per 15 minutes on the day of the session, in its time zone. The buckets run from an
 * hour before the talk (or the first capture of the day) to two hours after it (or the last one),
 * within the day; a day with a clock change simply has one hour more or less.
 */
export function quarterHourSeries(times: readonly Date[], startsAt: Date, timeZone: string): DaySeries {
  const day = localDay(startsAt, timeZone)
  const dayStart = zonedLocalToUtc(`${day}T00:00`, timeZone)!.getTime()
  const dayEnd = zonedLocalToUtc(`${dayString(dayNumber(day) + 1)}T00:00`, timeZone)!.getTime()
  const onDay = times.map((t) => t.getTime()).filter((t) => t >= dayStart && t < dayEnd)
  const floor = (t: number) => dayStart + Math.floor((t - dayStart) / QUARTER_MS) * QUARTER_MS
  // Reduce, not Math.min(...spread): a busy session has more captures than a call takes arguments.
  const first = onDay.reduce((a, b) => Math.min(a, b), startsAt.getTime() - 60 * 60 * 1000)
  const last = onDay.reduce((a, b) => Math.max(a, b), startsAt.getTime() + 2 * 60 * 60 * 1000 - 1)
  const from = Math.max(dayStart, floor(first))
  const to = Math.min(dayEnd, floor(last) + QUARTER_MS)
  const points: TimePoint[] = []
  for (let t = from; t < to; t += QUARTER_MS) {
    const at = new Date(t)
    points.push({ key: at.toISOString(), label: utcToZonedLocal(at, timeZone).slice(11), count: 0 })
  }
  let earlierThatDay = 0
  let laterThatDay = 0
  for (const t of onDay) {
    if (t < from) earlierThatDay++
    else if (t >= to) laterThatDay++
    else points[Math.floor((t - from) / QUARTER_MS)]!.count++
  }
  return {
    day,
    points,
    earlierThatDay,
    laterThatDay,
    beforeDay: times.filter((t) => t.getTime() < dayStart).length,
    afterDay: times.filter((t) => t.getTime() >= dayEnd).length,
  }
}

export type DaysAfter = { points: TimePoint[]; later: number }

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/**
 * Captures per day (the session's time zone) on the days after the session: up to the last capture
 * and at least a week once it has passed (never beyond today), at most DAYS_AFTER_MAX days; any
 * later capture is counted in `later`.
 */
export function daysAfterSeries(times: readonly Date[], startsAt: Date, timeZone: string, now: Date): DaysAfter {
  const first = dayNumber(localDay(startsAt, timeZone)) + 1
  const today = dayNumber(localDay(now, timeZone))
  const indexes = times.map((t) => dayNumber(localDay(t, timeZone)) - first).filter((i) => i >= 0)
  const lastIndex = indexes.reduce((a, b) => Math.max(a, b), -1)
  const span = Math.min(DAYS_AFTER_MAX, Math.max(Math.min(DAYS_AFTER_MIN, today - first + 1), lastIndex + 1))
  const points: TimePoint[] = Array.from({ length: Math.max(0, span) }, (_, i) => {
    const key = dayString(first + i)
    return { key, label: DAY_LABEL.format(new Date(`${key}T00:00:00Z`)), count: 0 }
  })
  let later = 0
  for (const i of indexes) {
    if (i < points.length) points[i]!.count++
    else later++
  }
  return { points, later }
}

/** "$1,500 + €200", or "—" when there is nothing. */
export function formatTotals(totals: readonly MoneyTotal[]) {
  return totals.length ? totals.map((t) => formatMoney(t.cents, t.currency)).join(' + ') : '—'
}

/** What the pages say when the ROI is "—". */
export const ROI_MISSING_TEXT = {
  'no-cost': 'Add the cost of this engagement to see its ROI',
  'zero-cost': 'The cost is zero, so there is nothing to divide by: ROI needs a cost above zero.',
} as const

/** Deal values in another currency than the cost are shown, never converted. */
export const CURRENCY_NOTE = (costCurrency: string) =>
  `Deal values in other currencies than the cost (${costCurrency}) are not in the ROI: Lectern does not convert currencies, so it never guesses an exchange rate.`
