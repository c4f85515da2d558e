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
  /** Connect a CRM (HubSpot) and push leads to it (spec 000 §2: "no analytics or CRM" on free). */
  crmIntegration: boolean
  /** The ROI and lead analytics pages of every session; otherwise only of unlocked sessions. */
  leadAnalytics: boolean
  /**
   * The owner's published profile is listed in the speaker directory (spec 000 §6: "Only Pro or
   * Teams appear in the directory" — taken literally, so Event Organiser does not list its people).
   */
  directoryListing: boolean
}

export const PLAN_LIMITS: Record<Plan, Limits> = {
  free: {
    liveSessions: FREE_PLAN_LIVE_SESSIONS,
    visibleLeadsPerSession: FREE_PLAN_VISIBLE_LEADS,
    crmIntegration: false,
    leadAnalytics: false,
    directoryListing: false,
  },
  solo: {
    liveSessions: null,
    visibleLeadsPerSession: null,
    crmIntegration: false,
    leadAnalytics: false,
    directoryListing: false,
  },
  pro: { liveSessions: null, visibleLeadsPerSession: null, crmIntegration: true, leadAnalytics: true, directoryListing: true },
  teams: { liveSessions: null, visibleLeadsPerSession: null, crmIntegration: true, leadAnalytics: true, directoryListing: true },
  organiser: {
    liveSessions: null,
    visibleLeadsPerSession: null,
    crmIntegration: true,
    leadAnalytics: true,
    directoryListing: false,
  },
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
 * How many of a session's captures the owner may see (the earliest captured first); null = all.
 * The places are taken by every capture the session ever had: an erased or deleted capture keeps
 * its place (it is just not shown), so deleting visible leads never reveals locked ones. An
 * unlocked session shows all of them whatever the plan.
 */
export function visibleLeadLimit(plan: Plan, sessionUnlocked: boolean): number | null {
  if (sessionUnlocked) return null
  return PLAN_LIMITS[plan].visibleLeadsPerSession
}

/**
 * Leads counted but withheld: shown as "Unlock all N leads for 49 {currency}". `total` is the
 * session's live captures and `visible` how many of them the gate shows (fewer than the limit once
 * visible ones were erased: their places stay taken), so locked = live captures not visible.
 */
export function lockedLeadCount(plan: Plan, sessionUnlocked: boolean, total: number, visible: number) {
  if (visibleLeadLimit(plan, sessionUnlocked) === null) return 0
  return Math.max(0, total - visible)
}

/** May the owner connect a CRM and have leads pushed to it? */
export function hasCrmIntegration(plan: Plan) {
  return PLAN_LIMITS[plan].crmIntegration
}

/** May the owner see a session's ROI and lead analytics? The 49 unlock opens "all leads and analytics". */
export function hasLeadAnalytics(plan: Plan, sessionUnlocked: boolean) {
  return sessionUnlocked || PLAN_LIMITS[plan].leadAnalytics
}

/** Does a plan list its people's published profiles in the speaker directory? */
export function hasDirectoryListing(plan: Plan) {
  return PLAN_LIMITS[plan].directoryListing
}

/** The plans whose people are listed in the directory (the directory query's `plan in (…)`). */
export const DIRECTORY_PLANS: readonly Plan[] = PLANS.filter(hasDirectoryListing)

/** The owner (or an admin) looking at a published profile the directory does not list. */
export function notListedMessage(viewer: 'owner' | 'admin') {
  const plans = plansWith('directoryListing', 'or')
  return viewer === 'owner'
    ? `Only you and administrators can see this page: it is not listed in the speaker directory. Profiles appear there while you are on a ${plans} plan.`
    : `Only the owner and administrators can see this page: it is not listed in the speaker directory, because the owner is not on a ${plans} plan.`
}

/** The plans with a capability, as a sentence names them: "Professional, Teams and Event Organiser". */
export function plansWith(
  capability: 'crmIntegration' | 'leadAnalytics' | 'directoryListing',
  conjunction: 'and' | 'or' = 'and',
) {
  const labels = PLANS.filter((p) => PLAN_LIMITS[p][capability]).map((p) => PLAN_LABELS[p])
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ${conjunction} ${labels.at(-1)}` : (labels[0] ?? '')
}

/** Settings → Integrations (instead of the connect form) and a refused connect, word for word. */
export function crmNotInPlanMessage(plan: Plan) {
  return `Your ${PLAN_LABELS[plan]} plan does not include CRM integration. It is included in the ${plansWith('crmIntegration')} plans.`
}

/** Recorded on a person when a push is refused because the plan no longer includes CRM integration. */
export const CRM_NOT_IN_PLAN = 'Not sent: your plan does not include CRM integration.'

/**
 * The ROI page of a session without analytics, with the two ways out. `unlockPrice` is the 49 unlock
 * fee formatted in the visitor's currency (formatPrice(UNLOCK_FEE, currency)).
 */
export function analyticsNotInPlanMessage(plan: Plan, unlockPrice: string, which: 'this session' | 'a session' = 'this session') {
  return `Your ${PLAN_LABELS[plan]} plan does not include ROI and lead analytics. They are included in the ${plansWith('leadAnalytics')} plans, or unlock ${which} for ${unlockPrice} to see all its leads and analytics.`
}

/** What a plan allows, in the words the settings page shows. */
export function planAllowances(plan: Plan): string[] {
  const { liveSessions, visibleLeadsPerSession, crmIntegration, leadAnalytics, directoryListing } = PLAN_LIMITS[plan]
  return [
    liveSessions === null ? 'Unlimited live sessions' : `${liveSessions} live session${liveSessions === 1 ? '' : 's'} at a time`,
    visibleLeadsPerSession === null
      ? 'Every lead of every session visible'
      : `${visibleLeadsPerSession} visible leads per session; the rest are counted and shown locked until the session is unlocked`,
    leadAnalytics ? 'ROI and lead analytics for every session' : 'ROI and lead analytics only for unlocked sessions',
    crmIntegration ? 'CRM integration (HubSpot)' : `No CRM integration (included in the ${plansWith('crmIntegration')} plans)`,
    directoryListing
      ? 'Published profiles listed in the speaker directory'
      : `Profiles not listed in the speaker directory (included in the ${plansWith('directoryListing')} plans)`,
  ]
}

/** Why "go live" was refused, with the way out. */
export function liveLimitMessage(plan: Plan): string {
  const max = PLAN_LIMITS[plan].liveSessions ?? 0
  return `Your ${PLAN_LABELS[plan]} plan allows ${max} live session${max === 1 ? '' : 's'} at a time. Close your live session first, or upgrade your plan.`
}
