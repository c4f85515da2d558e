// The stored values of issue 33's feedback (app/lib/feedback.ts has the rules), apart so the schema
// (app/db/schema/talks.ts, feedback.ts) can read them without importing the rules' own imports.

/** When a session's feedback opens: at its start, or a number of minutes before its end. */
export const FEEDBACK_OPENS = ['start', 'before_end'] as const
export type FeedbackOpens = (typeof FEEDBACK_OPENS)[number]

/** The speaker's decision on a testimonial: none yet, shown, or hidden. */
export const TESTIMONIAL_APPROVALS = ['pending', 'approved', 'hidden'] as const
export type TestimonialApproval = (typeof TESTIMONIAL_APPROVALS)[number]
