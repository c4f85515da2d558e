import { z } from 'zod'
import { can, type WorkspaceAction, type WorkspaceRole } from './permissions'

// API keys of a workspace (issue 30 Deliver 1; docs/api.md): their scopes, their format and what a
// key may do today. A key acts as the person who created it, with that person's CURRENT role: its
// scopes are cut to what the role allows on every request, and it stops when they leave the workspace
// or no longer hold a role that may hold keys.

export const API_SCOPES = [
  'leads:read',
  'leads:write',
  'sessions:read',
  'sessions:write',
  'events:read',
  'webhooks:write',
] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** The settings page's words for each scope's checkbox. */
export const API_SCOPE_LABELS: Record<ApiScope, { label: string; hint: string }> = {
  'leads:read': { label: 'Read leads', hint: 'People with their captures, consent, score, status, tags and notes.' },
  'leads:write': { label: 'Update leads', hint: 'Change a lead’s status and tags, add notes.' },
  'sessions:read': { label: 'Read talks and sessions', hint: 'With their attendee links and QR code addresses.' },
  'sessions:write': { label: 'Manage sessions', hint: 'Create draft sessions, take them live, close them.' },
  'events:read': { label: 'Read events', hint: 'Your events and their sessions (Event Organiser).' },
  'webhooks:write': {
    label: 'Manage webhook subscriptions',
    hint: 'Subscribe and unsubscribe instant triggers (Zapier, Make, n8n).',
  },
}

/**
 * The role table's action each scope needs: a key never does through the API what its creator's
 * role does not allow in the app (app/lib/permissions.ts decides, nothing here).
 */
export const SCOPE_ACTIONS: Record<ApiScope, WorkspaceAction> = {
  'leads:read': 'leads.own',
  'leads:write': 'leads.own',
  'sessions:read': 'sessions.edit',
  'sessions:write': 'sessions.edit',
  'events:read': 'events.manage',
  'webhooks:write': 'webhooks.manage',
}

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === 'string' && (API_SCOPES as readonly string[]).includes(value)
}

/** Does the creator's current role still let their keys work at all? The same people who manage keys. */
export function keyRoleAllowed(role: WorkspaceRole) {
  return can(role, 'apiKeys.manage')
}

/** The scopes a key has right now: its own, cut to what its creator's current role allows. */
export function effectiveScopes(scopes: readonly string[], role: WorkspaceRole): ApiScope[] {
  if (!keyRoleAllowed(role)) return []
  return API_SCOPES.filter((scope) => scopes.includes(scope) && can(role, SCOPE_ACTIONS[scope]))
}

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'lec_'
/** 32 random bytes: 43 base64url characters after the prefix (256 bits). */
export const API_KEY_RANDOM_BYTES = 32
const KEY_PATTERN = /^lec_[A-Za-z0-9_-]{43}$/

export function isApiKeyFormat(value: string) {
  return KEY_PATTERN.test(value)
}

/** How many characters of the key the list shows at each end ("lec_AbCd…wxyz"): never enough to use. */
const SHOWN_START = API_KEY_PREFIX.length + 4
const SHOWN_END = 4

/** The parts of a key that are stored in the clear, for the list; the rest exists only as a hash. */
export function keyHint(key: string) {
  return { start: key.slice(0, SHOWN_START), end: key.slice(-SHOWN_END) }
}

export function maskedKey({ start, end }: { start: string; end: string }) {
  return `${start}…${end}`
}

/** "Last used" is written at most once a minute per key: a busy key costs no write per request. */
export const LAST_USED_INTERVAL_MS = 60_000

export function shouldRecordUse(lastUsedAt: Date | null, now: Date) {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS
}

export const API_KEY_NAME_MAX = 80
/** An expiry at most this far ahead: long-lived keys are what "no expiry" is for. */
export const API_KEY_MAX_EXPIRY_DAYS = 3 * 366
/** A workspace's keys at once (revoked ones do not count). */
export const API_KEYS_PER_WORKSPACE = 25

export const API_KEY_MESSAGES = {
  name: 'Give the key a name, so you know later what uses it',
  scopes: 'Choose at least one scope',
  expiry: 'Choose a date after today, at most three years ahead',
  tooMany: `A workspace can have ${API_KEYS_PER_WORKSPACE} API keys at once. Revoke one you no longer use first.`,
  notFound: 'This API key does not exist, or was already revoked.',
} as const

/** A date (YYYY-MM-DD) → the moment the key stops: the end of that day, UTC. */
export function expiryFromDate(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`)
}

/** The first and last dates the expiry field accepts, for `min`/`max` and the check. */
export function expiryBounds(now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
  return { min: day(1), max: day(API_KEY_MAX_EXPIRY_DAYS) }
}

/** The create form (Settings → API), for Conform on both sides. `now` sets the expiry bounds. */
export function apiKeySchema(now: Date = new Date()) {
  const { min, max } = expiryBounds(now)
  return z.object({
    name: z
      .string({ error: API_KEY_MESSAGES.name })
      .trim()
      .min(1, { error: API_KEY_MESSAGES.name })
      .max(API_KEY_NAME_MAX, {
        error: `Use ${API_KEY_NAME_MAX} characters or fewer`,
      }),
    scopes: z
      .array(z.enum(API_SCOPES, { error: API_KEY_MESSAGES.scopes }), { error: API_KEY_MESSAGES.scopes })
      .min(1, { error: API_KEY_MESSAGES.scopes }),
    expiresOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: API_KEY_MESSAGES.expiry })
      .refine((d) => !Number.isNaN(Date.parse(d)) && d >= min && d <= max, { error: API_KEY_MESSAGES.expiry })
      .optional(),
  })
}
export type ApiKeyInput = z.infer<ReturnType<typeof apiKeySchema>>
