import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { LOCAL_UPLOADS_PATH, STORAGE_BUCKET } from '~/lib/constants'
import { parseAllowedHosts } from '~/lib/ip-ranges'

// Every setting Lectern reads, in one place. The defaults make `npm start` work with nothing set.
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional())
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())
const bool = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
    z.boolean(),
  )

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  SESSION_SECRET: optionalString,
  // 32 bytes, base64 or hex: encrypts third-party secrets at rest (app/platform/secrets.server.ts).
  ENCRYPTION_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => decodeKey(v) !== null, 'must be 32 bytes, base64 or hex (openssl rand -base64 32)')
      .optional(),
  ),
  // Comma-separated host:port pairs that webhooks may reach although they resolve to a private or
  // loopback address (on-premise receivers, tests). Empty: every private address is refused.
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  // HubSpot's API; tests point it at a local fake (tests/fakes/hubspot.ts).
  HUBSPOT_API_BASE_URL: z.url().default('https://api.hubapi.com'),
  // Stripe (docs/billing.md). Without a secret key the server takes no payments and admins set plans.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Stripe's API; tests point the SDK at a local fake (tests/fakes/stripe.ts).
  STRIPE_API_BASE_URL: optionalUrl,
  ADMIN_EMAILS: z.string().default('admin@lectern.local'),
  BRAND_NAME: z.string().min(1).default('Lectern'),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  // The signing secret of Resend's webhook to {APP_URL}/webhooks/resend (docs/follow-up.md); unset → 404.
  RESEND_WEBHOOK_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'RESEND_WEBHOOK_SECRET is the whsec_… signing secret Resend shows for the webhook')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Lectern <hello@lectern.local>'),
  // Follow-up emails (issue 32): Resend batch calls a second, server-wide and per workspace.
  FOLLOW_UP_RATE_PER_SECOND: z.coerce.number().positive().max(100).default(2),
  FOLLOW_UP_WORKSPACE_RATE_PER_SECOND: z.coerce.number().positive().max(100).default(2),
  // How long one batch call may take before it is abandoned and retried with the same Idempotency-Key.
  FOLLOW_UP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  TEAM_EMAIL: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(false),
  S3_PUBLIC_URL: optionalUrl,
  DEV_MAILBOX: bool(false),
  SEED_DEMO: bool(true),
  TRUST_PROXY: bool(false),
  // Seconds an anonymous public page is served from the per-process page cache; 0 turns it off.
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Days a finished job (done or given up) and a webhook delivery are kept before the daily
  // `jobs.prune` deletes them (app/services/queue-retention.server.ts).
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Server processes on this machine (node:cluster), Postgres only: PGlite serves one process.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LAUNCH_OFFER_DEADLINE: z.string().default('2025-06-06T23:59:59Z'),
  DEMO_VIDEO_URL: optionalUrl,
  CHAT_WIDGET_URL: optionalUrl,
  AFFILIATE_WIDGET_URL: optionalUrl,
  CALENDAR_URL: optionalUrl,
  FEEDBACK_BOARD_URL: optionalUrl,
  KNOWLEDGE_BASE_URL: optionalUrl,
  ROI_CALCULATOR_URL: optionalUrl,
  MAILING_LIST_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
  SOCIAL_TIKTOK_URL: optionalUrl,
})

export type Config = ReturnType<typeof parseConfig>

export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  const adminEmails = e.ADMIN_EMAILS.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  return {
    ...e,
    isProduction: e.NODE_ENV === 'production',
    dataDir,
    appUrl,
    adminEmails,
    teamEmail: e.TEAM_EMAIL ?? adminEmails[0] ?? 'team@lectern.local',
    // The dev mailbox is for development; production needs an explicit opt-in.
    devMailboxEnabled: e.NODE_ENV !== 'production' || e.DEV_MAILBOX,
    launchOfferDeadline: new Date(e.LAUNCH_OFFER_DEADLINE),
    storagePublicUrl: storagePublicUrl(e),
    webhookAllowedHosts: parseAllowedHosts(e.WEBHOOK_ALLOWED_HOSTS),
    // WEB_CONCURRENCY counts only on Postgres and outside development (Vite's dev server is one).
    webProcesses: e.DATABASE_URL && e.NODE_ENV !== 'development' ? e.WEB_CONCURRENCY : 1,
  }
}

/**
 * Where stored objects are read from by browsers, without a trailing slash: every object's URL is
 * `{storagePublicUrl}/{key}`. The one place S3_PUBLIC_URL is read; the storage service, the CSP's
 * img-src and the bio sanitizer all derive from it.
 */
function storagePublicUrl(e: z.infer<typeof EnvSchema>): string {
  const trim = (url: string) => url.replace(/\/+$/, '')
  if (!e.S3_BUCKET) return `${LOCAL_UPLOADS_PATH}/${STORAGE_BUCKET}`
  if (e.S3_PUBLIC_URL) return trim(e.S3_PUBLIC_URL)
  if (e.S3_ENDPOINT) return `${trim(e.S3_ENDPOINT)}/${e.S3_BUCKET}`
  return `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`
}

/**
 * The CSP source that admits images from the storage public URL and nothing else on that host: the
 * origin plus its path (`http://minio:9000/images/`). Null for local uploads (served from 'self').
 */
export function storageImageSource(config: Config = getConfig()): string | null {
  if (!/^https?:\/\//.test(config.storagePublicUrl)) return null
  const url = new URL(`${config.storagePublicUrl}/`)
  // A path a CSP cannot carry verbatim falls back to the whole origin.
  return /[;,'\s]/.test(url.pathname) ? url.origin : `${url.origin}${url.pathname}`
}

let cached: Config | undefined
export function getConfig(): Config {
  cached ??= parseConfig()
  return cached
}

/** For tests that start the app with other settings. */
export function resetConfig(next?: Config) {
  cached = next
}

const generatedSecrets = new Map<string, string>()

/** A secret generated once and kept in DATA_DIR (mode 600), read once per data directory. */
function generatedSecret(config: Config, fileName: string, make: () => string): string {
  const file = path.join(config.dataDir, fileName)
  // Hot paths (visitor hashes, form ids) ask for the session secret on every request.
  const cachedSecret = generatedSecrets.get(file)
  if (cachedSecret) return cachedSecret
  let secret: string
  if (existsSync(file)) secret = readFileSync(file, 'utf8').trim()
  else {
    mkdirSync(config.dataDir, { recursive: true })
    secret = make()
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  }
  generatedSecrets.set(file, secret)
  return secret
}

/** SESSION_SECRET, or one generated once and kept in DATA_DIR so sessions survive restarts. */
export function getSessionSecret(config: Config = getConfig()): string {
  return config.SESSION_SECRET ?? generatedSecret(config, 'session-secret', () => randomBytes(32).toString('hex'))
}

/** A 32-byte key given as base64 (44 characters) or hex (64), or null. */
export function decodeKey(value: string): Buffer | null {
  const v = value.trim()
  const bytes = /^[0-9a-f]{64}$/i.test(v)
    ? Buffer.from(v, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(v)
      ? Buffer.from(v, 'base64')
      : null
  return bytes?.length === 32 ? bytes : null
}

/**
 * Production on Postgres must be given ENCRYPTION_KEY: several instances may share the database and
 * must read each other's sealed secrets, and DATA_DIR (where a generated key would live) is per
 * container and may not outlive it. Everywhere else — the embedded default included — a key is
 * generated into DATA_DIR like the session secret, next to the database it protects.
 */
export function encryptionKeyRequired(config: Config): boolean {
  return config.isProduction && !!config.DATABASE_URL && !config.ENCRYPTION_KEY
}

const MISSING_KEY =
  'ENCRYPTION_KEY is not set. In production on Postgres (DATABASE_URL) it is required: every instance must use the same key to read the CRM tokens and webhook secrets stored in the database. Generate one with `openssl rand -base64 32` (docs/deploy.md).'

/**
 * Start-up refuses a configuration that would fail at the first form storing a secret (webhook,
 * CRM): the process exits with this message before it listens (app/boot.server.ts).
 */
export function assertEncryptionKeyAtStart(config: Config) {
  if (encryptionKeyRequired(config)) throw new Error(MISSING_KEY)
  // Generated (or read) now, so a DATA_DIR that cannot be written fails here, not at a form.
  getEncryptionKey(config)
}

/**
 * Thrown when a secret must be sealed or opened without the required ENCRYPTION_KEY — only outside
 * the server, which refuses to start so (a script run with production settings). A Response (503
 * with the sentence), so a route that does not catch it shows its error page with that status and
 * the reason instead of a 500; jobs and forms that can say more catch it by class.
 */
export class MissingEncryptionKeyError extends Response {
  readonly reason = MISSING_KEY
  constructor() {
    super(MISSING_KEY, { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
}

/**
 * The key that encrypts third-party secrets at rest: ENCRYPTION_KEY when set; else, unless it is
 * required (above), one generated once and kept in DATA_DIR/encryption-key, so `npm start` and
 * `npm run dev` work with nothing configured and stored secrets survive restarts.
 */
export function getEncryptionKey(config: Config = getConfig()): Buffer {
  if (config.ENCRYPTION_KEY) return decodeKey(config.ENCRYPTION_KEY)!
  if (encryptionKeyRequired(config)) throw new MissingEncryptionKeyError()
  return decodeKey(generatedSecret(config, 'encryption-key', () => randomBytes(32).toString('base64')))!
}

/** Where Stripe's Checkout and Customer Portal live: a POST of ours that redirects there must be allowed. */
export const STRIPE_HOSTED_ORIGINS = ['https://checkout.stripe.com', 'https://billing.stripe.com'] as const

/** The CSP form-action origins for Stripe: its hosted pages, and the API base's origin when set (a fake's pages). */
export function stripeFormOrigins(config: Config = getConfig()): string[] {
  if (!config.STRIPE_SECRET_KEY) return []
  const extra = config.STRIPE_API_BASE_URL ? [new URL(config.STRIPE_API_BASE_URL).origin] : []
  return [...STRIPE_HOSTED_ORIGINS, ...extra]
}
