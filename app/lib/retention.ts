import { z } from 'zod'

// The retention setting (issue 10 Deliver 9): captures older than N months are deleted by a daily
// job; empty keeps them. One rule for the settings form and the job.

export const RETENTION_MIN_MONTHS = 1
export const RETENTION_MAX_MONTHS = 120
export const RETENTION_ERROR = `Enter a whole number of months from ${RETENTION_MIN_MONTHS} to ${RETENTION_MAX_MONTHS}, or leave it empty to keep leads`

export const RetentionSchema = z.object({
  intent: z.literal('retention'),
  retentionMonths: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z
      .string()
      .regex(/^\d{1,3}$/, RETENTION_ERROR)
      .transform(Number)
      .pipe(z.number().int().min(RETENTION_MIN_MONTHS, RETENTION_ERROR).max(RETENTION_MAX_MONTHS, RETENTION_ERROR))
      .optional(),
  ),
})

/**
 * The instant before which captures are deleted: the same day and time N calendar months earlier
 * (UTC), or the last day of that month when it is shorter (31 March − 1 month → 28/29 February).
 */
export function retentionCutoff(now: Date, months: number): Date {
  const first = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth() - months,
      1,
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  )
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(now.getUTCDate(), lastDay))
  return first
}
