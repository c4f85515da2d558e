import { z } from 'zod'
import type { SessionFieldSwitches, SessionQuestion } from '~/db/schema/talks'
import { containsLink, LINK_REFUSED_MESSAGE } from './links-in-text'

// The attendee form of a session page (/t/{code}): which fields it shows and how a submission is
// validated. One rule for the page, the action and the offline queue (which re-posts the same form).

export const LEAD_FIELDS = {
  firstName: 'first_name',
  email: 'email',
  company: 'company',
  jobTitle: 'job_title',
  phone: 'phone',
  linkedin: 'linkedin',
  marketing: 'marketing',
  // The unticked box that shares the details with an event's speaker (issue 23; app/lib/consent-text.ts shareBoxText).
  share: 'share_speaker',
  submission: 'submission',
} as const

export const LEAD_LIMITS = { firstName: 100, email: 254, company: 200, jobTitle: 200, phone: 30, linkedin: 300, answer: 500 }
export const RATING_VALUES = [1, 2, 3, 4, 5] as const

export const LEAD_MESSAGES = {
  firstNameMissing: 'Enter your first name',
  firstNameLong: `Keep your first name under ${LEAD_LIMITS.firstName} characters`,
  emailMissing: 'Enter your email address',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  tooLong: (max: number) => `Keep this under ${max} characters`,
  phoneInvalid: 'Enter a phone number using digits (spaces, +, -, dots and brackets are fine)',
  linkedinInvalid: 'Enter a LinkedIn profile URL, like https://www.linkedin.com/in/your-name',
  answerMissing: 'Answer this question',
  singleMissing: 'Choose one option',
  singleInvalid: 'Choose one of the options shown',
  multiMissing: 'Choose at least one option',
  multiInvalid: 'Choose only from the options shown',
  ratingMissing: 'Choose a rating from 1 to 5',
  // First name, company, job title and short-text answers are printed in emails (the confirmation
  // goes to whatever address is typed): no links in them (app/lib/links-in-text.ts).
  linkRefused: LINK_REFUSED_MESSAGE,
} as const

export type LeadFormConfig = { fields: SessionFieldSwitches; questions: SessionQuestion[] }
export type LeadAnswers = Record<string, string | string[] | number>
export type LeadInput = {
  firstName: string
  email: string
  company: string | null
  jobTitle: string | null
  phone: string | null
  linkedinUrl: string | null
  answers: LeadAnswers
  marketingConsent: boolean
  /** The attendee ticked the box sharing their details with an event's speaker (only shown when both may receive them). */
  shareWithSpeaker: boolean
}
/** What the attendee typed, keyed by field name, to fill the form again after an error. */
export type LeadFormValues = Record<string, string | string[]>
export type LeadFormErrors = Record<string, string>
export type LeadFormResult = { ok: true; value: LeadInput } | { ok: false; errors: LeadFormErrors; values: LeadFormValues }

export const questionField = (question: Pick<SessionQuestion, 'id'>) => `q_${question.id}`

// Control characters never belong in a one-line field (tabs and newlines become spaces).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
export function cleanLine(value: string) {
  return value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
}

const EmailSchema = z.email()
const PHONE = /^\+?[0-9 ().-]{6,30}$/

/** Lower-cased and trimmed: one lead per (session, email). */
export function normalizeLeadEmail(email: string) {
  return cleanLine(email).toLowerCase()
}

/** A LinkedIn URL on linkedin.com (any sub-domain), https; "linkedin.com/in/x" gains its scheme. */
export function normalizeLinkedinUrl(raw: string): string | null {
  const value = cleanLine(raw)
  if (!value) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase()
  if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null
  if (url.username || url.password || url.port) return null
  url.protocol = 'https:'
  return url.toString()
}

/**
 * Validates one submission against the session's configuration. `get(name)` returns every value
 * posted under a name (FormData.getAll for strings). Errors are keyed by field name.
 */
export function parseLeadForm(config: LeadFormConfig, get: (name: string) => string[]): LeadFormResult {
  const errors: LeadFormErrors = {}
  const values: LeadFormValues = {}
  const one = (name: string) => {
    const raw = get(name)[0] ?? ''
    values[name] = raw
    return cleanLine(raw)
  }
  const optional = (name: string, max: number) => {
    const value = one(name)
    if (value.length > max) errors[name] = LEAD_MESSAGES.tooLong(max)
    else if (containsLink(value)) errors[name] = LEAD_MESSAGES.linkRefused
    return value || null
  }

  const firstName = one(LEAD_FIELDS.firstName)
  if (!firstName) errors[LEAD_FIELDS.firstName] = LEAD_MESSAGES.firstNameMissing
  else if (firstName.length > LEAD_LIMITS.firstName) errors[LEAD_FIELDS.firstName] = LEAD_MESSAGES.firstNameLong
  else if (containsLink(firstName)) errors[LEAD_FIELDS.firstName] = LEAD_MESSAGES.linkRefused

  const email = one(LEAD_FIELDS.email).toLowerCase()
  if (!email) errors[LEAD_FIELDS.email] = LEAD_MESSAGES.emailMissing
  else if (email.length > LEAD_LIMITS.email || !EmailSchema.safeParse(email).success)
    errors[LEAD_FIELDS.email] = LEAD_MESSAGES.emailInvalid

  const company = config.fields.company ? optional(LEAD_FIELDS.company, LEAD_LIMITS.company) : null
  const jobTitle = config.fields.jobTitle ? optional(LEAD_FIELDS.jobTitle, LEAD_LIMITS.jobTitle) : null

  let phone: string | null = null
  if (config.fields.phone) {
    phone = one(LEAD_FIELDS.phone) || null
    if (phone && (!PHONE.test(phone) || (phone.match(/[0-9]/g)?.length ?? 0) < 6))
      errors[LEAD_FIELDS.phone] = LEAD_MESSAGES.phoneInvalid
  }

  let linkedinUrl: string | null = null
  if (config.fields.linkedin) {
    const raw = one(LEAD_FIELDS.linkedin)
    if (raw) {
      linkedinUrl = raw.length > LEAD_LIMITS.linkedin ? null : normalizeLinkedinUrl(raw)
      if (!linkedinUrl) errors[LEAD_FIELDS.linkedin] = LEAD_MESSAGES.linkedinInvalid
    }
  }

  const answers: LeadAnswers = {}
  for (const question of config.questions) {
    const name = questionField(question)
    const answer = parseAnswer(question, get(name).map(cleanLine), values, name)
    if ('error' in answer) errors[name] = answer.error
    else if (answer.value !== undefined) answers[question.id] = answer.value
  }

  const marketingConsent = get(LEAD_FIELDS.marketing).includes('yes')
  if (marketingConsent) values[LEAD_FIELDS.marketing] = 'yes'
  const shareWithSpeaker = get(LEAD_FIELDS.share).includes('yes')
  if (shareWithSpeaker) values[LEAD_FIELDS.share] = 'yes'

  if (Object.keys(errors).length > 0) return { ok: false, errors, values }
  return {
    ok: true,
    value: { firstName, email, company, jobTitle, phone, linkedinUrl, answers, marketingConsent, shareWithSpeaker },
  }
}

function parseAnswer(
  question: SessionQuestion,
  posted: string[],
  values: LeadFormValues,
  name: string,
): { value: string | string[] | number | undefined } | { error: string } {
  const present = posted.filter(Boolean)
  switch (question.kind) {
    case 'text': {
      const value = present[0] ?? ''
      values[name] = value
      if (!value) return question.required ? { error: LEAD_MESSAGES.answerMissing } : { value: undefined }
      if (value.length > LEAD_LIMITS.answer) return { error: LEAD_MESSAGES.tooLong(LEAD_LIMITS.answer) }
      if (containsLink(value)) return { error: LEAD_MESSAGES.linkRefused }
      return { value }
    }
    case 'single': {
      const value = present[0] ?? ''
      values[name] = value
      if (!value) return question.required ? { error: LEAD_MESSAGES.singleMissing } : { value: undefined }
      if (present.length > 1 || !question.options.includes(value)) return { error: LEAD_MESSAGES.singleInvalid }
      return { value }
    }
    case 'multi': {
      const chosen = [...new Set(present)]
      values[name] = chosen
      if (chosen.length === 0) return question.required ? { error: LEAD_MESSAGES.multiMissing } : { value: undefined }
      if (chosen.some((v) => !question.options.includes(v))) return { error: LEAD_MESSAGES.multiInvalid }
      // Keep the speaker's option order, whatever order the browser posted them in.
      return { value: question.options.filter((o) => chosen.includes(o)) }
    }
    case 'rating': {
      const value = present[0] ?? ''
      values[name] = value
      if (!value) return question.required ? { error: LEAD_MESSAGES.ratingMissing } : { value: undefined }
      const rating = Number(value)
      if (present.length > 1 || !(RATING_VALUES as readonly number[]).includes(rating) || !/^[1-5]$/.test(value))
        return { error: LEAD_MESSAGES.ratingMissing }
      return { value: rating }
    }
  }
}

/** An answer as one line of text (lists, emails, exports). */
export function formatAnswer(value: string | string[] | number | undefined): string {
  if (value === undefined) return ''
  if (Array.isArray(value)) return value.join(', ')
  return String(value)
}
