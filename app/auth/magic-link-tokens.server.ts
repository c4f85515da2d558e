import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { MAGIC_CODE_LENGTH, MAGIC_TOKEN_BYTES } from '~/lib/constants'

// The secrets of one sign-in email: a link token and a short code. Only digests are stored.

/** 256 random bits, URL-safe (base64url, no padding). */
export function newMagicToken(): string {
  return randomBytes(MAGIC_TOKEN_BYTES).toString('base64url')
}

/**
 * The email's 6-digit code (leading zeros kept), derived from its link token with the server
 * secret. Derived rather than drawn so that the device which spends the link — and only it, since
 * nothing else holds the token — can be shown the same code to type in the tab that asked for the
 * email (docs/auth.md, "Opened on another device"). 48 bits reduced mod 10^6: the bias is ~10^-9.
 */
export function magicCodeFor(token: string, secret: string): string {
  const digest = createHmac('sha256', secret).update(`magic-code:${token}`).digest()
  return String(digest.readUIntBE(0, 6) % 10 ** MAGIC_CODE_LENGTH).padStart(MAGIC_CODE_LENGTH, '0')
}

/** The stored form of a link token: its SHA-256 (the token has 256 bits, so a plain hash is enough). */
export function hashMagicToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The stored form of a code. A 6-digit code has only a million values, so a plain hash would fall
 * to an offline search; keyed with the server secret and bound to its link, a leaked row is useless.
 */
export function hashMagicCode(code: string, tokenHash: string, secret: string): string {
  return createHmac('sha256', secret).update(`${tokenHash}:${code}`).digest('hex')
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/** A token as it may arrive from a URL: base64url of exactly MAGIC_TOKEN_BYTES bytes. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}

/** The emailed link. Built from APP_URL only — never from Host or X-Forwarded-Host. */
export function magicLinkUrl(appUrl: string, token: string): string {
  const url = new URL('/auth/callback', appUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

/** Email addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
