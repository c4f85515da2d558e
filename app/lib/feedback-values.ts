// The stored values of issue 33's feedback (app/lib/feedback.ts has the rules), apart so the schema
// (app/db/schema/talks.ts, feedback.ts) can read them without importing the rules' own imports.

/** When a session's feedback opens: at its start, or a number of minutes before its end. */
export const FEEDBACK_OPENS = ['start', 'before_end'] as const
export type FeedbackOpens = (typeof FEEDBACK_OPENS)[number]

/** The speaker's decision on a testimonial: none yet, shown, or hidden. */
export const TESTIMONIAL_APPROVALS = ['pending', 'approved', 'hidden'] as const
export type TestimonialApproval = (typeof TESTIMONIAL_APPROVALS)[number]

/**
 * The bounds of the speaker's feedback settings (the session form validates them, app/lib/talk-session.ts).
 * Opening up to 10 hours before the end covers a whole-day workshop (0: at the end). Closing 1 minute
 * to a week after the end: never an empty window, and the cookie that counts one answer per browser
 * outlives it.
 */
export const FEEDBACK_SETTING_LIMITS = {
  opensBeforeEndMin: 0,
  opensBeforeEndMax: 600,
  closesAfterMin: 1,
  closesAfterMax: 7 * 24 * 60,
} as const

/** The choices of when feedback opens, as the session form offers them. */
export const FEEDBACK_OPENS_LABELS: Record<FeedbackOpens, string> = {
  start: 'When the session starts',
  before_end: 'A number of minutes before it ends',
}
