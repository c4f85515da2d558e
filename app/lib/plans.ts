import { FREE_PLAN_LIVE_SESSIONS, FREE_PLAN_VISIBLE_LEADS } from './constants'

// Plans and their limits (ARCHITECTURE decision 14): the one place that says what a plan allows.
// Models enforce these on every read path (pages, exports, webhooks, CRM pushes).

export const PLANS = ['free', 'solo', 'pro', 'teams', 'organiser'] as const
export type Plan = (typeof PLANS)[number]

export const PLAN_LABELS: Record<Plan, string> = {
  free: 'Free',
  solo: 'Solo',
  pro: 'Professional',
  teams: 'Teams',
  organiser: 'Event Organiser',
}

/** The startup programme (spec 000 §2) gives a Teams plan. */
export const STARTUP_PROGRAMME_PLAN: Plan = 'teams'

type Limits = {
  /** Sessions that may be live at the same time; null = unlimited. */
  liveSessions: number | null
  /** Leads visible per session unless the session is unlocked; null = all. */
  visibleLeadsPerSession: number | null
}

export const PLAN_LIMITS: Record<Plan, Limits> = {
  free: { liveSessions: FREE_PLAN_LIVE_SESSIONS, visibleLeadsPerSession: FREE_PLAN_VISIBLE_LEADS },
  solo: { liveSessions: null, visibleLeadsPerSession: null },
  pro: { liveSessions: null, visibleLeadsPerSession: null },
  teams: { liveSessions: null, visibleLeadsPerSession: null },
  organiser: { liveSessions: null, visibleLeadsPerSession: null },
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value)
}

/** May one more session go live, given how many of the owner's sessions are live now? */
export function canGoLive(plan: Plan, liveNow: number) {
  const max = PLAN_LIMITS[plan].liveSessions
  return max === null || liveNow < max
}

/**
 * How many of a session's leads the owner may see (the earliest captured first); null = all.
 * An unlocked session shows all of them whatever the plan.
 */
export function visibleLeadLimit(plan: Plan, sessionUnlocked: boolean): number | null {
  if (sessionUnlocked) return null
  return PLAN_LIMITS[plan].visibleLeadsPerSession
}

/** Leads counted but withheld: shown as "Unlock all N leads for 49 {currency}". */
export function lockedLeadCount(plan: Plan, sessionUnlocked: boolean, total: number) {
  const limit = visibleLeadLimit(plan, sessionUnlocked)
  return limit === null ? 0 : Math.max(0, total - limit)
}

/** What a plan allows, in the words the settings page shows. */
export function planAllowances(plan: Plan): string[] {
  const { liveSessions, visibleLeadsPerSession } = PLAN_LIMITS[plan]
  return [
    liveSessions === null ? 'Unlimited live sessions' : `${liveSessions} live session${liveSessions === 1 ? '' : 's'} at a time`,
    visibleLeadsPerSession === null
      ? 'Every lead of every session visible'
      : `${visibleLeadsPerSession} visible leads per session; the rest are counted and shown locked until the session is unlocked`,
  ]
}

/** Why "go live" was refused, with the way out. */
export function liveLimitMessage(plan: Plan): string {
  const max = PLAN_LIMITS[plan].liveSessions ?? 0
  return `Your ${PLAN_LABELS[plan]} plan allows ${max} live session${max === 1 ? '' : 's'} at a time. Close your live session first, or upgrade your plan.`
}
