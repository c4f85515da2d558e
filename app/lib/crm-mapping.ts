import { z } from 'zod'
import type { ContactStatus, ScoreBand } from './lead-status'

// Which Lectern field goes to which CRM contact property (issue 10 Deliver 7): the fields offered,
// HubSpot's defaults, the form's schema (client and server), and the properties one person becomes.
// The email is the fixed match key and is always sent as `email`. An empty property = not sent.

/** The CRMs a workspace can connect. */
export type CrmProvider = 'hubspot'

export const CRM_FIELDS = [
  { key: 'firstName', label: 'First name', hubspot: 'firstname' },
  { key: 'company', label: 'Company', hubspot: 'company' },
  { key: 'jobTitle', label: 'Job title', hubspot: 'jobtitle' },
  { key: 'phone', label: 'Phone', hubspot: 'phone' },
  // HubSpot has no standard LinkedIn URL text property: the speaker creates one and maps it.
  { key: 'linkedinUrl', label: 'LinkedIn URL', hubspot: '' },
  { key: 'status', label: 'Follow-up status', hubspot: '' },
  { key: 'scoreBand', label: 'Score band', hubspot: '' },
  { key: 'tags', label: 'Tags', hubspot: '' },
  { key: 'marketingConsent', label: 'Marketing consent', hubspot: '' },
  { key: 'lastSession', label: 'Last session (talk · event)', hubspot: '' },
] as const

export type CrmFieldKey = (typeof CRM_FIELDS)[number]['key']

/** Stored mapping: a field key, or `answer:<question label>`, → the CRM's internal property name. */
export type CrmFieldMap = Record<string, string>

/** What a HubSpot private app needs: read to check the token, write to create, update and archive. */
export const HUBSPOT_SCOPES = ['crm.objects.contacts.read', 'crm.objects.contacts.write'] as const
/** Booking leads become deals (issue 33 Deliver 3): a token without it still sends contacts. */
export const HUBSPOT_DEAL_SCOPE = 'crm.objects.deals.write'

export const ANSWER_PREFIX = 'answer:'
export const HUBSPOT_MATCH_PROPERTY = 'email'
export const HUBSPOT_PROPERTY_NAME = /^[a-z][a-z0-9_]*$/
const MAX_PROPERTY_LENGTH = 100

export const DEFAULT_HUBSPOT_MAP: CrmFieldMap = Object.fromEntries(
  CRM_FIELDS.filter((f) => f.hubspot).map((f) => [f.key, f.hubspot]),
)

const property = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z
    .string()
    .max(MAX_PROPERTY_LENGTH, `At most ${MAX_PROPERTY_LENGTH} characters`)
    .regex(
      HUBSPOT_PROPERTY_NAME,
      'Use the property’s internal name: lower-case letters, digits and underscores, starting with a letter (e.g. jobtitle)',
    )
    .refine((v) => v !== HUBSPOT_MATCH_PROPERTY, 'email always receives the email address; choose another property')
    .optional(),
)

/** The mapping form: one optional property per field, then one per custom question (by label). */
export const CrmMappingSchema = z
  .object({
    ...(Object.fromEntries(CRM_FIELDS.map((f) => [f.key, property])) as Record<CrmFieldKey, typeof property>),
    answers: z
      .array(z.object({ label: z.string().trim().min(1).max(200), property }))
      .max(100)
      .default([]),
  })
  .superRefine((value, ctx) => {
    // Each property receives one field: the later one is the mistake.
    const seen = new Map<string, string>()
    const claim = (name: string | undefined, label: string, path: (string | number)[]) => {
      if (!name) return
      const earlier = seen.get(name)
      if (earlier) ctx.addIssue({ code: 'custom', path, message: `${name} already receives ${earlier}` })
      else seen.set(name, label)
    }
    for (const f of CRM_FIELDS) claim(value[f.key], f.label, [f.key])
    value.answers.forEach((a, i) => claim(a.property, `“${a.label}”`, ['answers', i, 'property']))
  })

export type CrmMappingInput = z.infer<typeof CrmMappingSchema>

export function fieldMapFromInput(input: CrmMappingInput): CrmFieldMap {
  const map: CrmFieldMap = {}
  for (const f of CRM_FIELDS) if (input[f.key]) map[f.key] = input[f.key]!
  for (const a of input.answers) if (a.property) map[`${ANSWER_PREFIX}${a.label}`] = a.property
  return map
}

/** One person as a CRM receives them: the latest details of the captures the plan lets the speaker see. */
export type CrmPerson = {
  email: string
  firstName: string
  company: string | null
  jobTitle: string | null
  phone: string | null
  linkedinUrl: string | null
  status: ContactStatus
  scoreBand: ScoreBand
  tags: string[]
  marketingConsent: boolean
  lastSession: string | null
  /** Custom question label → the latest answer. */
  answers: Record<string, string | string[] | number>
}

/** HubSpot's multi-select values are joined with semicolons. */
function propertyValue(value: string | string[] | number | boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null
  if (Array.isArray(value)) return value.length ? value.join(';') : null
  if (typeof value === 'boolean' || typeof value === 'number') return String(value)
  return value.trim() === '' ? null : value
}

/**
 * The contact properties to send besides the email (the match key, sent as the record's id). A field
 * with no value is left out rather than sent empty, so a value the sales team typed in the CRM is not
 * wiped by a capture that did not ask for it.
 */
export function crmProperties(person: CrmPerson, map: CrmFieldMap): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of CRM_FIELDS) {
    const name = map[f.key]
    const value = propertyValue(person[f.key])
    if (name && value !== null) out[name] = value
  }
  for (const [label, answer] of Object.entries(person.answers)) {
    const name = map[`${ANSWER_PREFIX}${label}`]
    const value = propertyValue(answer)
    if (name && value !== null) out[name] = value
  }
  return out
}
