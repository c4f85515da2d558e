// Intents and spec strings of the magic-link sign-in (spec 001 §2, §6, §8), without zod: shown by
// pages and components that must not ship a validation library (docs/performance.md).

export const MAGIC_LINK_INTENTS = ['login', 'signup', 'admin'] as const
export type MagicLinkIntent = (typeof MAGIC_LINK_INTENTS)[number]
/** The two public sign-in pages, /login and /signup (app/auth/account-sign-in.tsx). */
export type AccountSignInIntent = Exclude<MagicLinkIntent, 'admin'>

/** Values of the form's `intent` field, one per action the sign-in form can post. */
export const FORM_INTENT = {
  request: 'magic-link-request',
  code: 'magic-link-code',
  resend: 'magic-link-resend',
  check: 'magic-link-check',
  reset: 'magic-link-reset',
} as const
export type MagicLinkFormIntent = (typeof FORM_INTENT)[keyof typeof FORM_INTENT]
export const isMagicLinkFormIntent = (value: unknown): value is MagicLinkFormIntent =>
  Object.values(FORM_INTENT).includes(value as MagicLinkFormIntent)

// Spec strings (spec 001 §2, §6, §8).
export const AUTH_TEXT = {
  send: 'Send Magic Link',
  sent: 'Magic Link Sent!',
  checkEmail: 'Check your email for the magic link to log in',
  sentMessage: 'Magic link sent! Check your email and click the link. After clicking, return to this tab to continue.',
  sendFailed: 'Failed to send magic link',
  logoutDifferent: 'Logout and try a different account',
  accessDenied: 'Access denied. Admin privileges required.',
  completing: 'Completing authentication...',
  closeTab: 'You can close this tab once authentication is complete.',
  errorTitle: 'Authentication Error',
  failed: 'Authentication failed. Please try again.',
  failedWith: (message: string) => `Authentication failed: ${message}`,
  tryAgain: 'Try Again',
  loggedIn: "You're Logged In!",
  goToProfile: 'Go to My Profile',
  checkingAccess: 'Checking access...',
  roleUnknown: 'Unable to determine user role. Please try logging in again.',
} as const

/**
 * The emailed link opened on another device than the tab that asked (issue 20 item 3): that device
 * is signed in and shows the email's code; the asking tab is not, and says so. The waiting tab's two
 * sentences stay here; the rest is in other-device-text.ts, which the sign-in pages' bundle does not
 * carry (the JS budget).
 */
export const WAITING_TAB_TEXT = {
  openedElsewhere:
    'The link was opened on another device, which is now signed in — not this tab. To sign in here too, type the 6-digit code shown on that device (the same code is in the email).',
  stillWaiting:
    'Still waiting? Opening the link on another device signs in that device, not this tab, and shows a code to type here. The same code is in the email.',
} as const
