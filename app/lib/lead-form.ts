import { z } from 'zod'
import type { SessionFieldSwitches, SessionQuestion } from '~/db/schema/talks'
import { dictionary } from './i18n/dictionaries'
import type { Language } from './i18n/languages'
import { containsLink } from './links-in-text'

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

/** The form's messages in a language (app/lib/i18n dictionaries, `errors`), with the limits filled in. */
export function leadMessages(language: Language = 'en') {
  const e = dictionary(language).errors
  return {
    ...e,
    firstNameLong: e.firstNameLong({ max: LEAD_LIMITS.firstName }),
    tooLong: (max: number) => e.tooLong({ max }),
  }
}
export type LeadMessages = ReturnType<typeof leadMessages>

// First name, company, job title and short-text answers are printed in emails (the confirmation
// goes to whatever address is typed): no links in them (app/lib/links-in-text.ts).
export const LEAD_MESSAGES = leadMessages('en')

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

// Non-ASCII before the @ needs SMTPUTF8 (RFC 6531) all the way to the recipient's server. Resend
// does not document it and few servers offer it, so such an address is refused with a message that
// says why; a domain in any script is sent as its ASCII form (IDNA), which every server reads.
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/

/** The address as mail can carry it: an internationalised domain in its ASCII (punycode) form. */
export function asciiEmailDomain(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1 || !NON_ASCII.test(email.slice(at + 1))) return email
  try {
    const host = new URL(`http://${email.slice(at + 1)}`).hostname
    return `${email.slice(0, at)}@${host}`
  } catch {
    return email
  }
}

/** True when the part before the @ has a letter outside ASCII (zoë@…, 李雷@…). */
export function hasUnicodeLocalPart(email: string) {
  const at = email.lastIndexOf('@')
  return NON_ASCII.test(at < 0 ? email : email.slice(0, at))
}

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
export function parseLeadForm(
  config: LeadFormConfig,
  get: (name: string) => string[],
  language: Language = 'en',
): LeadFormResult {
  const messages = language === 'en' ? LEAD_MESSAGES : leadMessages(language)
  const errors: LeadFormErrors = {}
  const values: LeadFormValues = {}
  const one = (name: string) => {
    const raw = get(name)[0] ?? ''
    values[name] = raw
    return cleanLine(raw)
  }
  const optional = (name: string, max: number) => {
    const value = one(name)
    if (value.length > max) errors[name] = messages.tooLong(max)
    else if (containsLink(value)) errors[name] = messages.linkRefused
    return value || null
  }

  const firstName = one(LEAD_FIELDS.firstName)
  if (!firstName) errors[LEAD_FIELDS.firstName] = messages.firstNameMissing
  else if (firstName.length > LEAD_LIMITS.firstName) errors[LEAD_FIELDS.firstName] = messages.firstNameLong
  else if (containsLink(firstName)) errors[LEAD_FIELDS.firstName] = messages.linkRefused

  const email = asciiEmailDomain(one(LEAD_FIELDS.email).toLowerCase())
  if (!email) errors[LEAD_FIELDS.email] = messages.emailMissing
  else if (hasUnicodeLocalPart(email)) errors[LEAD_FIELDS.email] = messages.emailUnicode
  else if (email.length > LEAD_LIMITS.email || !EmailSchema.safeParse(email).success)
    errors[LEAD_FIELDS.email] = messages.emailInvalid

  const company = config.fields.company ? optional(LEAD_FIELDS.company, LEAD_LIMITS.company) : null
  const jobTitle = config.fields.jobTitle ? optional(LEAD_FIELDS.jobTitle, LEAD_LIMITS.jobTitle) : null

  let phone: string | null = null
  if (config.fields.phone) {
    phone = one(LEAD_FIELDS.phone) || null
    if (phone && (!PHONE.test(phone) || (phone.match(/[0-9]/g)?.length ?? 0) < 6))
      errors[LEAD_FIELDS.phone] = messages.phoneInvalid
  }

  let linkedinUrl: string | null = null
  if (config.fields.linkedin) {
    const raw = one(LEAD_FIELDS.linkedin)
    if (raw) {
      linkedinUrl = raw.length > LEAD_LIMITS.linkedin ? null : normalizeLinkedinUrl(raw)
      if (!linkedinUrl) errors[LEAD_FIELDS.linkedin] = messages.linkedinInvalid
    }
  }

  const answers: LeadAnswers = {}
  for (const question of config.questions) {
    const name = questionField(question)
    const answer = parseAnswer(question, get(name).map(cleanLine), values, name, messages)
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
  messages: LeadMessages,
): { value: string | string[] | number | undefined } | { error: string } {
  const present = posted.filter(Boolean)
  switch (question.kind) {
    case 'text': {
      const value = present[0] ?? ''
      values[name] = value
      if (!value) return question.required ? { error: messages.answerMissing } : { value: undefined }
      if (value.length > LEAD_LIMITS.answer) return { error: messages.tooLong(LEAD_LIMITS.answer) }
      if (containsLink(value)) return { error: messages.linkRefused }
      return { value }
    }
    case 'single': {
      const value = present[0] ?? ''
      values[name] = value
      if (!value) return question.required ? { error: messages.singleMissing } : { value: undefined }
      if (present.length > 1 || !question.options.includes(value)) return { error: messages.singleInvalid }
      return { value }
    }
    case 'multi': {
      const chosen = [...new Set(present)]
      values[name] = chosen
      if (chosen.length === 0) return question.required ? { error: messages.multiMissing } : { value: undefined }
      if (chosen.some((v) => !question.options.includes(v))) return { error: messages.multiInvalid }
      // Keep the speaker's option order, whatever order the browser posted them in.
      return { value: question.options.filter((o) => chosen.includes(o)) }
    }
    case 'rating': {
      const value = present[0] ?? ''
      values[name] = value
      if (!value) return question.required ? { error: messages.ratingMissing } : { value: undefined }
      const rating = Number(value)
      if (present.length > 1 || !(RATING_VALUES as readonly number[]).includes(rating) || !/^[1-5]$/.test(value))
        return { error: messages.ratingMissing }
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
