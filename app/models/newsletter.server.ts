import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { getConfig, getSessionSecret } from '~/config.server'
import { getDb } from '~/db/client.server'
import { newsletterSubscribers } from '~/db/schema/marketing'
import { newsletterAlreadySubscribedEmail, newsletterConfirmationEmail } from '~/emails/newsletter'
import { enqueueEmail } from '~/jobs/email.server'
import { hitRateLimit } from '~/models/rate-limit.server'

// Newsletter with double opt-in (ARCHITECTURE decision 3). A subscriber is `pending` until the link
// in the welcome email is confirmed. Every answer to the visitor is the same whether or not the
// address was known, so the form cannot be used to find out who subscribed.

export type SubscribeInput = {
  email: string
  /** Where the address came from: 'footer', 'product-hunt', 'roadmap', … */
  source: string
  /** Extra flags a form sends along (the launch-discount form's hidden flags). */
  flags?: Record<string, string>
}
export type SubscribeOptions = {
  /** An opening paragraph for the welcome email (e.g. the launch offer). */
  intro?: string
}

// At most this many emails to one address a day, whoever asks: the form cannot be used to flood an inbox.
const EMAILS_PER_ADDRESS_PER_DAY = 3
const DAY_MS = 24 * 60 * 60 * 1000

const hash = (value: string) => createHash('sha256').update(value).digest('hex')
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export async function subscribe(input: SubscribeInput, options: SubscribeOptions = {}): Promise<{ ok: true }> {
  const config = getConfig()
  const email = normalizeEmail(input.email)
  const flags = input.flags ?? {}
  const mayEmail = (await hitRateLimit(`newsletter:mail:${hash(email)}`, EMAILS_PER_ADDRESS_PER_DAY, DAY_MS)).allowed
  const token = randomBytes(32).toString('base64url')
  const links = {
    confirmUrl: `${config.appUrl}/newsletter/confirm?token=${token}`,
    unsubscribeUrl: unsubscribeUrl(email),
  }

  await getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({ email, source: input.source, flags, status: 'pending', confirmTokenHash: hash(token) })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id })
    if (created) {
      if (mayEmail)
        await enqueueEmail(
          newsletterConfirmationEmail({ to: email, brand: config.BRAND_NAME, intro: options.intro, ...links }),
          tx,
        )
      return
    }

    const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for('update')
    if (!existing) return
    const mergedFlags = { ...existing.flags, ...flags }
    if (existing.status === 'confirmed') {
      await tx.update(newsletterSubscribers).set({ flags: mergedFlags }).where(eq(newsletterSubscribers.id, existing.id))
      // Tell the owner of the inbox, not the person at the form.
      if (mayEmail)
        await enqueueEmail(
          newsletterAlreadySubscribedEmail({ to: email, brand: config.BRAND_NAME, unsubscribeUrl: links.unsubscribeUrl }),
          tx,
        )
      return
    }
    // Pending or unsubscribed: a fresh confirmation link. Without an email to carry it, keep the old one valid.
    await tx
      .update(newsletterSubscribers)
      .set({
        flags: mergedFlags,
        status: 'pending',
        unsubscribedAt: null,
        ...(mayEmail ? { confirmTokenHash: hash(token), source: input.source } : {}),
      })
      .where(eq(newsletterSubscribers.id, existing.id))
    if (mayEmail)
      await enqueueEmail(newsletterConfirmationEmail({ to: email, brand: config.BRAND_NAME, intro: options.intro, ...links }), tx)
  })
  return { ok: true }
}

export type TokenState = 'pending' | 'confirmed' | 'invalid'

/** What a confirmation link points at, without changing anything (the GET page). */
export async function confirmationTokenState(token: string): Promise<TokenState> {
  if (!token) return 'invalid'
  const [row] = await getDb()
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hash(token)))
    .limit(1)
  if (!row || row.status === 'unsubscribed') return 'invalid'
  return row.status
}

/** Confirms the subscription the token belongs to. Confirming twice is harmless. */
export async function confirmSubscription(token: string): Promise<'confirmed' | 'invalid'> {
  if (!token) return 'invalid'
  const [row] = await getDb()
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` })
    .where(and(eq(newsletterSubscribers.confirmTokenHash, hash(token)), sql`${newsletterSubscribers.status} <> 'unsubscribed'`))
    .returning({ id: newsletterSubscribers.id })
  return row ? 'confirmed' : 'invalid'
}

/**
 * Unsubscribe links carry an HMAC of the address instead of a stored token: they keep working for
 * every email ever sent to that address, and nobody can build one for someone else's address.
 */
export function unsubscribeToken(email: string) {
  return createHmac('sha256', getSessionSecret())
    .update(`newsletter-unsubscribe:${normalizeEmail(email)}`)
    .digest('base64url')
}

export function unsubscribeUrl(email: string) {
  const address = normalizeEmail(email)
  return `${getConfig().appUrl}/newsletter/unsubscribe?email=${encodeURIComponent(address)}&token=${unsubscribeToken(address)}`
}

export function isValidUnsubscribeToken(email: string, token: string) {
  const expected = Buffer.from(unsubscribeToken(email))
  const given = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Unsubscribes the address if the token matches; false for a forged or damaged link. */
export async function unsubscribe(email: string, token: string): Promise<boolean> {
  if (!email || !token || !isValidUnsubscribeToken(email, token)) return false
  await getDb()
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date(), confirmTokenHash: null })
    .where(eq(newsletterSubscribers.email, normalizeEmail(email)))
  return true
}
