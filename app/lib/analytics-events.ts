// Every analytics event the specs name (spec 000 §2, §7; spec 001 §7). Recorded first-party
// (app/services/analytics.server.ts): server-side where the action is a form or a redirect,
// by navigator.sendBeacon to POST /api/events for plain clicks.

export const CLICK_EVENTS = [
  'founders_story_cta_clicked',
  'ph_cta_clicked',
  'ph_signup_clicked',
  'ph_offer_claimed',
  'ph_features_cta_clicked',
  'ph_final_cta_clicked',
] as const

/** The referral recorded by /linkedin-ref before it redirects to /. */
export const LINKEDIN_REFERRAL_EVENT = 'linkedin_referral'

export const SERVER_EVENTS = [
  'startup_application_submitted',
  LINKEDIN_REFERRAL_EVENT,
  'hero_image_uploaded',
  'post_created',
  'post_updated',
  'post_deleted',
] as const

export type ClickEvent = (typeof CLICK_EVENTS)[number]

/** The allowlist of POST /api/events and the /go redirect: only click events may come from browsers. */
export function isClickEvent(value: unknown): value is ClickEvent {
  return typeof value === 'string' && (CLICK_EVENTS as readonly string[]).includes(value)
}
