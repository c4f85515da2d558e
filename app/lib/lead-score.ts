import type { SessionQuestion } from '~/db/schema/talks'
import { FOLLOW_UP_CLICK_POINTS, FOLLOW_UP_CLICKS_COUNTED } from './follow-up-links'
import type { ScoreBand } from './lead-status'

// Lead scoring (issue 10 Deliver 4): points from the answers (the speaker's custom-question
// weights), the job title's seniority, a work vs free-mail address and repeat attendance, summed
// into a score with a band and the reasons shown on the detail page. Pure: the same person always
// scores the same, so rescoring is safe to repeat.

/** A score at or above this is hot. */
export const HOT_MIN_SCORE = 8
/** A score at or above this (and below hot) is warm; anything lower is cold. */
export const WARM_MIN_SCORE = 4

export const SENIOR_TITLE_POINTS = 4
export const MANAGER_TITLE_POINTS = 2
export const WORK_EMAIL_POINTS = 2
/** Seen at two sessions, and at three or more. */
export const REPEAT_TWO_POINTS = 2
export const REPEAT_THREE_POINTS = 4
/** Asked the speaker to speak at their company or event (issue 33 Deliver 3): hot whatever else scored. */
export const BOOKING_REQUEST_POINTS = HOT_MIN_SCORE

/** The range of one weight the speaker may set on an option, a star or "answered". */
export const WEIGHT_MIN = -10
export const WEIGHT_MAX = 10
/** The weight key of a text question: points for any answer. */
export const ANSWERED_WEIGHT = 'answered'
export const RATING_WEIGHT_KEYS = ['1', '2', '3', '4', '5'] as const

// Word-bounded, case-insensitive. Checked in this order: the first tier that matches wins.
const NOT_SENIOR = /\b(product owner|assistant to|executive assistant|personal assistant)\b/i
const SENIOR =
  /\b(c[eotfmiprs]o|ciso|chief|[es]?vp|vice[- ]president|president|head|director|founder|co-?founder|owner|partner)\b/i
const MANAGER = /\b(manager|lead|supervisor|principal|product owner)\b/i

export type Seniority = 'senior' | 'manager' | 'individual'

/** C-level, VP, head, director, founder, owner, partner → senior; manager, lead, principal → manager. */
export function titleSeniority(title: string | null | undefined): Seniority | null {
  const t = title?.trim()
  if (!t) return null
  if (!NOT_SENIOR.test(t) && SENIOR.test(t)) return 'senior'
  if (MANAGER.test(t)) return 'manager'
  return 'individual'
}

/** Common free-mail providers: exact domains, and brands with a country domain each (yahoo.co.uk). */
export const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'yahoo.com',
  'ymail.com',
  'rocketmail.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'tutanota.com',
  'tuta.io',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'mail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  't-online.de',
  'freenet.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'libero.it',
  'virgilio.it',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'yandex.ru',
  'yandex.com',
  'mail.ru',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'interia.pl',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'rediffmail.com',
  'comcast.net',
  'verizon.net',
  'att.net',
] as const
const FREE_MAIL = new Set<string>(FREE_MAIL_DOMAINS)
const FREE_MAIL_BRANDS = /^(yahoo|hotmail|outlook|live|gmx|yandex)\.[a-z.]+$/

export function emailDomain(email: string) {
  return email.trim().toLowerCase().split('@').pop() ?? ''
}

export function isFreeMailDomain(domain: string) {
  const d = domain.trim().toLowerCase()
  return FREE_MAIL.has(d) || FREE_MAIL_BRANDS.test(d)
}

export type ScoredQuestion = Pick<SessionQuestion, 'id' | 'kind' | 'label' | 'options' | 'weights'>
export type ScoreCapture = {
  questions: readonly ScoredQuestion[]
  answers: Record<string, string | string[] | number>
  /** Where it was given (the event), named in the reasons when the person was seen at several. */
  eventName?: string
  /** A booking lead was left with it ("Should {speaker} speak at your company or event?"). */
  bookingRequested?: boolean
}
export type ScoreInput = {
  email: string
  jobTitle: string | null
  captures: readonly ScoreCapture[]
  /** Follow-ups of this workspace in which the person clicked a link (issue 32 Deliver 5). */
  followUpsClicked?: number
}
export type LeadScore = { score: number; band: ScoreBand; reasons: string[] }

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/** The points of one answer under its question's weights, with what earned them. */
export function answerPoints(
  question: ScoredQuestion,
  answer: string | string[] | number | undefined,
): { points: number; shown: string } {
  const weights = question.weights ?? {}
  const w = (key: string) => (Number.isInteger(weights[key]) ? weights[key]! : 0)
  if (answer === undefined || answer === '') return { points: 0, shown: '' }
  switch (question.kind) {
    case 'text':
      return typeof answer === 'string' && answer.trim()
        ? { points: w(ANSWERED_WEIGHT), shown: 'answered' }
        : { points: 0, shown: '' }
    case 'rating':
      return { points: w(String(answer)), shown: `${answer}/5` }
    case 'single':
      return typeof answer === 'string' ? { points: w(answer), shown: answer } : { points: 0, shown: '' }
    case 'multi': {
      const picked = Array.isArray(answer) ? answer : [String(answer)]
      return { points: picked.reduce((sum, o) => sum + w(o), 0), shown: picked.join(', ') }
    }
  }
}

export function bandFor(score: number): ScoreBand {
  return score >= HOT_MIN_SCORE ? 'hot' : score >= WARM_MIN_SCORE ? 'warm' : 'cold'
}

export function scoreLead(input: ScoreInput): LeadScore {
  const reasons: string[] = []
  let score = 0
  const add = (points: number, reason: string) => {
    score += points
    reasons.push(`${signed(points)} ${reason}`)
  }

  for (const capture of input.captures) {
    for (const question of capture.questions) {
      const { points, shown } = answerPoints(question, capture.answers[question.id])
      const where = input.captures.length > 1 && capture.eventName ? ` (${capture.eventName})` : ''
      if (points !== 0) add(points, `${question.label}: ${shown}${where}`)
    }
  }

  const seniority = titleSeniority(input.jobTitle)
  if (seniority === 'senior') add(SENIOR_TITLE_POINTS, `Senior job title (${input.jobTitle!.trim()})`)
  else if (seniority === 'manager') add(MANAGER_TITLE_POINTS, `Manager job title (${input.jobTitle!.trim()})`)

  const domain = emailDomain(input.email)
  if (domain && isFreeMailDomain(domain)) reasons.push(`0 Free-mail address (${domain})`)
  else if (domain) add(WORK_EMAIL_POINTS, `Work email (${domain})`)

  const seen = input.captures.length
  if (seen >= 3) add(REPEAT_THREE_POINTS, `Seen at ${seen} talks`)
  else if (seen === 2) add(REPEAT_TWO_POINTS, 'Seen at 2 talks')

  const booked = input.captures.filter((c) => c.bookingRequested)
  if (booked.length > 0) {
    const where = booked.map((c) => c.eventName).filter(Boolean)
    add(BOOKING_REQUEST_POINTS, `Asked about booking the speaker${where.length ? ` (${[...new Set(where)].join(', ')})` : ''}`)
  }

  // A click in a follow-up is interest shown after the talk; counted per follow-up, up to three.
  const clicked = Math.min(input.followUpsClicked ?? 0, FOLLOW_UP_CLICKS_COUNTED)
  if (clicked === 1) add(FOLLOW_UP_CLICK_POINTS, 'Clicked a follow-up')
  else if (clicked > 1) add(FOLLOW_UP_CLICK_POINTS * clicked, `Clicked ${clicked} follow-ups`)

  // A booking lead is hot even when the speaker's weights took points away elsewhere.
  return { score, band: booked.length > 0 ? 'hot' : bandFor(score), reasons }
}

/**
 * Whether a session's people need rescoring after its questions were edited: some weight was set
 * before or after, and the scoring they give differs (weights, or the questions they apply to).
 */
export function scoringChanged(before: readonly ScoredQuestion[], after: readonly ScoredQuestion[]) {
  const weighted = (qs: readonly ScoredQuestion[]) => qs.some((q) => Object.keys(q.weights ?? {}).length > 0)
  if (!weighted(before) && !weighted(after)) return false
  const shape = (qs: readonly ScoredQuestion[]) =>
    JSON.stringify(
      qs
        .map((q) => ({ id: q.id, kind: q.kind, weights: Object.entries(q.weights ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)) }))
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    )
  return shape(before) !== shape(after)
}
