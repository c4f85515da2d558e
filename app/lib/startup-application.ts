import { z } from 'zod'
import { REVENUE_STAGES, STARTUP_YEAR_MIN } from './constants'

// The startup application form (spec 000 §3, §5; decision 7: year founded from 2000 to the
// current year). One schema for the browser (Conform) and the server action.

export const STARTUP_FIELD_LIMITS = { short: 200, website: 500, why: 5000 } as const
// employees is "a plain number, no bound" in the spec; the column is a 32-bit integer.
const INT_MAX = 2_147_483_647

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v)
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
    z.string().max(max, `${label} must be at most ${max} characters`).optional(),
  )
const requiredText = (label: string, max: number = STARTUP_FIELD_LIMITS.short) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  )
const integer = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .int(`${label} must be a whole number`),
  )

export function startupApplicationSchema(currentYear: number) {
  return z.object({
    fullName: requiredText('Full name'),
    email: z.preprocess(
      trimmed,
      z
        .email({
          error: (issue) =>
            issue.input === undefined || issue.input === '' ? 'Email is required' : 'Please enter a valid email address',
        })
        .max(254, 'Please enter a valid email address'),
    ),
    companyName: requiredText('Company name'),
    website: optionalText(STARTUP_FIELD_LIMITS.website, 'Website'),
    yearFounded: integer('Year founded').pipe(
      z
        .number()
        .min(STARTUP_YEAR_MIN, `Year founded must be ${STARTUP_YEAR_MIN} or later`)
        .max(currentYear, `Year founded cannot be later than ${currentYear}`),
    ),
    employees: integer('Number of employees').pipe(
      z.number().min(0, 'Number of employees cannot be negative').max(INT_MAX, 'Number of employees is too large'),
    ),
    revenueStage: z.enum(REVENUE_STAGES, { error: 'Please choose your annual revenue' }),
    role: optionalText(STARTUP_FIELD_LIMITS.short, 'Role'),
    why: optionalText(STARTUP_FIELD_LIMITS.why, 'Your answer'),
  })
}

export type StartupApplicationValues = z.output<ReturnType<typeof startupApplicationSchema>>
export type StartupApplicationInput = z.input<ReturnType<typeof startupApplicationSchema>>
