import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { getConfig, getSessionSecret } from '~/config.server'
import { signedCookie } from '~/platform/signed-cookie.server'
import { getDb } from '~/db/client.server'
import { enqueueEmail } from '~/jobs/email.server'
import { MAGIC_LINK_COOLDOWN_MS, MAGIC_LINK_TTL_MS } from '~/lib/constants'
import { safeReturnTo } from '~/lib/url'
import { hitRateLimit } from '~/models/rate-limit.server'
import { clientIp } from '~/services/request.server'
import { findUserByEmail } from './accounts.server'
import { authenticateMagicLink, type AuthenticatedUser } from './authenticator.server'
import { afterSignInPath } from './guard-rules'
import { magicLinkEmail } from './magic-link-email.server'
import { AUTH_TEXT, MAGIC_LINK_INTENTS, type MagicLinkIntent } from './magic-link-schema'
import {
  hashMagicCode,
  hashMagicToken,
  magicCodeFor,
  magicLinkUrl,
  newMagicToken,
  normalizeEmail,
} from './magic-link-tokens.server'
import { rememberCodeForOtherDevice } from './other-device.server'
import { createUserSession, getSessionUser } from './session.server'
import { closeVerification, findOpenCodeAfterLink, insertVerification } from './verifications.server'
import { readForm } from '~/services/request-body.server'

// Requesting and completing emailed sign-in. Routes call these; the strategy spends the secrets.

/** Per-IP limit on link requests (all addresses together). */
export const MAGIC_LINK_IP_LIMIT = 20
export const MAGIC_LINK_IP_WINDOW_MS = 15 * 60 * 1000
/** Per-IP limit on code guesses, across addresses (each address also burns after 5 wrong codes). */
export const MAGIC_CODE_IP_LIMIT = 30
/**
 * Every link request takes at least this long, whether or not an email is written, so the
 * response time does not tell a known address from an unknown one.
 */
export const MAGIC_LINK_MIN_RESPONSE_MS = 300

// ── The "link sent" state of the original tab ────────────────────────────────────────────────
// A signed cookie, not encrypted: it holds only what the user typed and the same fields for known
// and unknown addresses, so reading it reveals nothing.
const PendingSchema = z.object({
  email: z.string(),
  intent: z.enum(MAGIC_LINK_INTENTS),
  returnTo: z.string().nullable(),
  sentAt: z.number(),
})
export type PendingSignIn = z.infer<typeof PendingSchema>

const pendingCookie = signedCookie('lectern_magic_link', { maxAgeMs: MAGIC_LINK_TTL_MS })

export async function getPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const parsed = PendingSchema.safeParse(await pendingCookie().parse(request.headers.get('Cookie')))
  if (!parsed.success) return null
  if (Date.now() - parsed.data.sentAt > MAGIC_LINK_TTL_MS) return null
  return parsed.data
}

/** Set-Cookie value that forgets the pending sign-in (logout, success, "use a different email"). */
export function clearPendingSignIn() {
  return pendingCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

// ── Requesting a link ────────────────────────────────────────────────────────────────────────
export type RequestMagicLinkResult =
  | { ok: true; setCookie: string; pending: PendingSignIn }
  | { ok: false; reason: 'cooldown' | 'rate-limited'; message: string; retryAfterMs: number }

/**
 * Emails a sign-in link and code to `email` and returns the Set-Cookie header of the pending state.
 * intent 'admin' sends only to existing accounts, yet answers exactly the same for unknown ones.
 * Limits: one email per address per 60 s, MAGIC_LINK_IP_LIMIT per IP per 15 min (database counters).
 */
export async function requestMagicLink({
  request,
  email: rawEmail,
  intent,
  returnTo,
}: {
  request: Request
  email: string
  intent: MagicLinkIntent
  returnTo?: string | null
}): Promise<RequestMagicLinkResult> {
  const started = Date.now()
  const email = normalizeEmail(rawEmail)
  const target = returnTo ? safeReturnTo(returnTo) : null
  try {
    const ip = await hitRateLimit(`magic-link:ip:${clientIp(request)}`, MAGIC_LINK_IP_LIMIT, MAGIC_LINK_IP_WINDOW_MS)
    if (!ip.allowed) {
      return { ok: false, reason: 'rate-limited', retryAfterMs: ip.retryAfterMs, message: rateLimitedMessage(ip.retryAfterMs) }
    }
    const perAddress = await hitRateLimit(`magic-link:email:${hashMagicToken(email)}`, 1, MAGIC_LINK_COOLDOWN_MS)
    if (!perAddress.allowed) {
      return {
        ok: false,
        reason: 'cooldown',
        retryAfterMs: perAddress.retryAfterMs,
        message: cooldownMessage(perAddress.retryAfterMs),
      }
    }
    const mayReceive = intent !== 'admin' || (await findUserByEmail(email)) !== null
    if (mayReceive) await writeVerificationAndEmail({ email, intent, returnTo: target })
    const pending: PendingSignIn = { email, intent, returnTo: target, sentAt: Date.now() }
    return { ok: true, pending, setCookie: await pendingCookie().serialize(pending) }
  } finally {
    const wait = MAGIC_LINK_MIN_RESPONSE_MS - (Date.now() - started)
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

async function writeVerificationAndEmail({
  email,
  intent,
  returnTo,
}: {
  email: string
  intent: MagicLinkIntent
  returnTo: string | null
}) {
  const config = getConfig()
  const token = newMagicToken()
  const code = magicCodeFor(token, getSessionSecret(config))
  const tokenHash = hashMagicToken(token)
  await getDb().transaction(async (tx) => {
    await insertVerification(
      {
        email,
        tokenHash,
        codeHash: hashMagicCode(code, tokenHash, getSessionSecret(config)),
        intent,
        returnTo,
        expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
      },
      tx,
    )
    await enqueueEmail(
      magicLinkEmail({ to: email, brand: config.BRAND_NAME, link: magicLinkUrl(config.appUrl, token), code, intent }),
      tx,
    )
  })
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
export const cooldownMessage = (retryAfterMs: number) =>
  `${AUTH_TEXT.sendFailed}: please wait ${seconds(retryAfterMs)} seconds before requesting another link for this address.`
export const rateLimitedMessage = (retryAfterMs: number) =>
  `${AUTH_TEXT.sendFailed}: too many requests from your network. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minutes.`

// ── Completing sign-in ───────────────────────────────────────────────────────────────────────

export type SignInResult = { ok: true; user: AuthenticatedUser; headers: Headers } | { ok: false; message: string }
export type TokenSignInResult = (SignInResult & { ok: false }) | (SignInResult & { ok: true; otherDevice: boolean })

/**
 * Starts a fresh session for an authenticated user. The code is typed in the original tab, so its
 * pending state is done; a link may be opened in another tab of the same browser while the original
 * tab still polls, so that path keeps the pending state (it expires with the link anyway).
 */
async function startSession(
  user: AuthenticatedUser,
  request: Request,
  { clearPending }: { clearPending: boolean },
): Promise<Headers> {
  const headers = new Headers()
  headers.append('Set-Cookie', await createUserSession(user.id, request))
  if (clearPending) headers.append('Set-Cookie', await clearPendingSignIn())
  return headers
}

/**
 * POST body `token` (from /auth/callback): spends the link and signs in THIS browser — never the
 * tab that asked, wherever it is. If this browser is the one that asked (its pending sign-in names
 * the address), that tab follows the shared session and the email's code is closed. Otherwise
 * (`otherDevice`: a phone, another browser) the code stays open for the asking tab, and this
 * browser gets it to show on /auth/success (other-device.server.ts).
 */
export async function signInWithToken(request: Request): Promise<TokenSignInResult> {
  const form = await readForm(request)
  const token = form.get('token')
  const pending = await getPendingSignIn(request)
  const result = await authenticateMagicLink(
    new Request(request.url, {
      method: 'POST',
      body: new URLSearchParams({ token: typeof token === 'string' ? token : '' }),
      headers: { Cookie: request.headers.get('Cookie') ?? '' },
    }),
  )
  if (!result.ok) return result
  // authenticateMagicLink succeeded, so the token was a well-formed string.
  const spent = token as string
  const headers = await startSession(result.user, request, { clearPending: false })
  const otherDevice = pending?.email !== normalizeEmail(result.user.email)
  if (otherDevice) headers.append('Set-Cookie', await rememberCodeForOtherDevice(spent))
  else await closeVerification(hashMagicToken(spent))
  return { ok: true, user: result.user, headers, otherDevice }
}

/**
 * The 6-digit code typed in the original tab. `email` is the address the tab asked for (from the
 * pending state). Per-IP guess limit on top of the 5-tries-per-email burn.
 */
export async function verifyCode({
  request,
  email,
  code,
}: {
  request: Request
  email: string
  code: string
}): Promise<SignInResult> {
  const ip = await hitRateLimit(`magic-code:ip:${clientIp(request)}`, MAGIC_CODE_IP_LIMIT, MAGIC_LINK_IP_WINDOW_MS)
  if (!ip.allowed) return { ok: false, message: 'Too many attempts from your network. Please try again later.' }
  const body = new URLSearchParams({ email, code })
  const result = await authenticateMagicLink(
    new Request(request.url, { method: 'POST', body, headers: { Cookie: request.headers.get('Cookie') ?? '' } }),
  )
  if (!result.ok) return result
  return { ok: true, user: result.user, headers: await startSession(result.user, request, { clearPending: true }) }
}

/**
 * For the original tab's poll and its no-JS "continue" button. `openedElsewhere`: the link of this
 * tab's email was opened on another device, which is signed in; this tab can still use the code.
 */
export async function getSignInStatus(request: Request) {
  const [user, pending] = await Promise.all([getSessionUser(request), getPendingSignIn(request)])
  if (!user) {
    const openedElsewhere = pending ? await linkOpenedElsewhere(pending.email) : false
    return { signedIn: false as const, redirectTo: null, openedElsewhere }
  }
  return { signedIn: true as const, redirectTo: afterSignInPath(user, pending), openedElsewhere: false }
}

/** The newest email to this address had its link opened on another device, and its code still works. */
export async function linkOpenedElsewhere(email: string) {
  return (await findOpenCodeAfterLink({ email })) !== null
}

/** Used by actions that end a sign-in screen's flow: redirect and forget the pending state. */
export async function redirectClearingPending(url: string, headers: Headers = new Headers()) {
  headers.append('Set-Cookie', await clearPendingSignIn())
  return redirect(url, { headers })
}

export { afterSignInPath }
