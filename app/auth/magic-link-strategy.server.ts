import type { SessionStorage } from '@remix-run/node'
import { AuthorizationError, Strategy, type AuthenticateOptions } from 'remix-auth'
import { getConfig, getSessionSecret } from '~/config.server'
import { MAGIC_CODE_MAX_ATTEMPTS } from '~/lib/constants'
import { AUTH_TEXT, CodeSchema, type MagicLinkIntent } from './magic-link-schema'
import { digestsEqual, hashMagicCode, hashMagicToken, isWellFormedToken, normalizeEmail } from './magic-link-tokens.server'
import {
  consumeVerificationById,
  consumeVerificationByToken,
  describeVerification,
  findActiveVerification,
  recordWrongCode,
} from './verifications.server'
import { readForm } from '~/services/request-body.server'

/** What the strategy hands to its verify callback once a link or code has been spent. */
export type MagicLinkVerifyParams = { email: string; intent: MagicLinkIntent; returnTo: string | null; via: 'link' | 'code' }

/**
 * Our remix-auth 3 strategy for emailed sign-in (remix-auth-email-link is not used: it trusts
 * X-Forwarded-Host for links and lets links be replayed). It only *spends* secrets:
 * - form field `token` (the link, posted by /auth/callback), or
 * - form fields `email` + `code` (the 6-digit code typed in the original tab).
 * Sending the email is requestMagicLink() in magic-link.server.ts. Failures carry the message to show.
 */
export class MagicLinkStrategy<User> extends Strategy<User, MagicLinkVerifyParams> {
  name = 'magic-link'

  async authenticate(request: Request, sessionStorage: SessionStorage, options: AuthenticateOptions): Promise<User> {
    const form = await readForm(request)
    const token = form.get('token')
    const code = form.get('code')
    const email = form.get('email')
    let params: MagicLinkVerifyParams
    if (token !== null) {
      const spent = await spendToken(token)
      if (!spent.ok) return this.failure(spent.message, request, sessionStorage, options)
      params = spent.params
    } else if (typeof email === 'string' && code !== null) {
      const spent = await spendCode(normalizeEmail(email), code)
      if (!spent.ok) return this.failure(spent.message, request, sessionStorage, options)
      params = spent.params
    } else {
      return this.failure(AUTH_TEXT.failed, request, sessionStorage, options)
    }
    let user: User
    try {
      user = await this.verify(params)
    } catch (error) {
      // The verify callback speaks through AuthorizationError; anything else is a fault, not a message to show.
      if (!(error instanceof AuthorizationError)) console.error('Magic-link sign-in failed', error)
      const message = error instanceof AuthorizationError ? error.message : AUTH_TEXT.failed
      return this.failure(message, request, sessionStorage, options, error instanceof Error ? error : undefined)
    }
    return this.success(user, request, sessionStorage, options)
  }
}

type Spent = { ok: true; params: MagicLinkVerifyParams } | { ok: false; message: string }

async function spendToken(token: FormDataEntryValue): Promise<Spent> {
  if (!isWellFormedToken(token)) return { ok: false, message: AUTH_TEXT.failed }
  const tokenHash = hashMagicToken(token)
  const row = await consumeVerificationByToken(tokenHash)
  if (row)
    return { ok: true, params: { email: row.email, intent: row.intent as MagicLinkIntent, returnTo: row.returnTo, via: 'link' } }
  const state = await describeVerification(tokenHash)
  if (state === 'used')
    return { ok: false, message: AUTH_TEXT.failedWith('This sign-in link has already been used or was replaced by a newer one.') }
  if (state === 'expired')
    return { ok: false, message: AUTH_TEXT.failedWith('This sign-in link has expired. Please request a new one.') }
  return { ok: false, message: AUTH_TEXT.failed }
}

async function spendCode(email: string, rawCode: FormDataEntryValue): Promise<Spent> {
  const parsed = CodeSchema.safeParse({ code: rawCode })
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? AUTH_TEXT.failed }
  const row = await findActiveVerification(email)
  if (!row) return { ok: false, message: 'This code has expired or can no longer be used. Please request a new magic link.' }
  const expected = hashMagicCode(parsed.data.code, row.tokenHash, getSessionSecret(getConfig()))
  if (!digestsEqual(expected, row.codeHash)) {
    const attempts = await recordWrongCode(row.id)
    const left = MAGIC_CODE_MAX_ATTEMPTS - attempts
    return {
      ok: false,
      message:
        left > 0
          ? `That code is not correct. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
          : 'Too many incorrect codes: this sign-in email no longer works. Please request a new magic link.',
    }
  }
  const spent = await consumeVerificationById(row.id)
  if (!spent) return { ok: false, message: 'This code has expired or can no longer be used. Please request a new magic link.' }
  return {
    ok: true,
    params: { email: spent.email, intent: spent.intent as MagicLinkIntent, returnTo: spent.returnTo, via: 'code' },
  }
}
