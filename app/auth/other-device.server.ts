import { z } from 'zod'
import { getConfig, getSessionSecret } from '~/config.server'
import { signedCookie } from '~/platform/signed-cookie.server'
import { MAGIC_CODE_LENGTH, MAGIC_LINK_TTL_MS } from '~/lib/constants'
import { hashMagicToken, magicCodeFor, normalizeEmail } from './magic-link-tokens.server'
import { findOpenCodeAfterLink } from './verifications.server'

// The emailed link opened on another device than the tab that asked for it (issue 20 item 3).
// That device is signed in — never the waiting tab — and is shown the email's code to type there.
// Only the device that just spent the link gets the code: the callback's POST puts it in a signed,
// HttpOnly cookie of that browser, and /auth/success shows it while the code can still be used.

const CodeCookieSchema = z.object({ code: z.string().regex(new RegExp(`^\\d{${MAGIC_CODE_LENGTH}}$`)), tokenHash: z.string() })

// /auth, not /auth/success: a client-side load of the page asks for /auth/success.data.
const codeCookie = signedCookie('lectern_other_device_code', { path: '/auth', maxAgeMs: MAGIC_LINK_TTL_MS })

/** Set-Cookie for the device that spent `token`: the email's code, to show on /auth/success. */
export async function rememberCodeForOtherDevice(token: string) {
  const code = magicCodeFor(token, getSessionSecret(getConfig()))
  return codeCookie().serialize({ code, tokenHash: hashMagicToken(token) })
}

export type OtherDeviceCode =
  | { state: 'none' }
  | { state: 'open'; code: string; minutesLeft: number }
  /** Used in the other tab, burnt by wrong guesses, replaced by a newer email, or expired. */
  | { state: 'closed' }

/**
 * What /auth/success tells this device about the code for the tab that asked. `email` is the
 * signed-in user's: a cookie left from another account's sign-in shows nothing.
 */
export async function getCodeForOtherDevice(
  request: Request,
  email: string,
): Promise<{ otherDevice: OtherDeviceCode; setCookie?: string }> {
  const parsed = CodeCookieSchema.safeParse(await codeCookie().parse(request.headers.get('Cookie')))
  if (!parsed.success) return { otherDevice: { state: 'none' } }
  const open = await findOpenCodeAfterLink({ tokenHash: parsed.data.tokenHash })
  const forget = () => codeCookie().serialize('', { maxAge: 0, expires: new Date(0) })
  if (open && open.email !== normalizeEmail(email)) return { otherDevice: { state: 'none' }, setCookie: await forget() }
  if (!open) return { otherDevice: { state: 'closed' }, setCookie: await forget() }
  const minutesLeft = Math.max(1, Math.ceil((open.expiresAt.getTime() - Date.now()) / 60_000))
  return { otherDevice: { state: 'open', code: parsed.data.code, minutesLeft } }
}
