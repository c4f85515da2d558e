import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'
import { MAGIC_LINK_COOLDOWN_MS } from '~/lib/constants'
import { safeReturnTo } from '~/lib/url'
import { recordEvent } from '~/services/analytics.server'
import { isSpam } from '~/services/honeypot.server'
import { redirectWithToast } from '~/services/toast.server'
import {
  AUTH_TEXT,
  CodeSchema,
  FORM_INTENT,
  RequestLinkSchema,
  type MagicLinkActionData,
  type MagicLinkIntent,
  type MagicLinkView,
} from './magic-link-schema'
import { OTHER_DEVICE_TEXT } from './other-device-text'
import { getSessionUser } from './session.server'
import {
  afterSignInPath,
  clearPendingSignIn,
  getPendingSignIn,
  getSignInStatus,
  linkOpenedElsewhere,
  requestMagicLink,
  verifyCode,
} from './magic-link.server'

// Loader and action halves of <MagicLinkForm> (magic-link-form.tsx). Any route can embed the form:
// see the contract at the top of magic-link-form.tsx.

/** What the form shows: the email field, or the "sent" state of this browser's pending sign-in. */
export async function getMagicLinkView(request: Request, intent?: MagicLinkIntent): Promise<MagicLinkView> {
  const pending = await getPendingSignIn(request)
  if (!pending || (intent && pending.intent !== intent)) return { stage: 'form' }
  return {
    stage: 'sent',
    email: pending.email,
    intent: pending.intent,
    resendAvailableAt: pending.sentAt + MAGIC_LINK_COOLDOWN_MS,
    serverNow: Date.now(),
    openedElsewhere: await linkOpenedElsewhere(pending.email),
  }
}

const reply = (
  form: MagicLinkActionData['magicLink']['form'],
  result: SubmissionResult<string[]>,
  status: number,
  notice?: string,
) => data<MagicLinkActionData>({ magicLink: { form, result, notice } }, { status })

/**
 * Handles a POST from <MagicLinkForm>. `intent` is decided by the route (never by the form):
 * 'admin' sends only to existing accounts, 'login' and 'signup' may create one on first sign-in.
 * `returnTo` is where a speaker lands afterwards (same-site paths only). `formPath` is the page
 * the form lives on (default: the request's path and query).
 * Returns a redirect (PRG) or 4xx data with Conform results for the form to show.
 */
export async function handleMagicLinkAction({
  request,
  formData,
  intent,
  returnTo,
  formPath,
}: {
  request: Request
  formData: FormData
  intent: MagicLinkIntent
  returnTo?: string | null
  formPath?: string
}) {
  const url = new URL(request.url)
  const here = formPath ?? `${url.pathname}${url.search}`
  const action = formData.get('intent')

  if (action === FORM_INTENT.reset) {
    return redirect(here, { headers: { 'Set-Cookie': await clearPendingSignIn() } })
  }

  if (action === FORM_INTENT.request) {
    const submission = parseWithZod(formData, { schema: RequestLinkSchema })
    if (submission.status !== 'success') return reply('request', submission.reply(), 400)
    if (isSpam(formData)) {
      // A bot gets the same "sent" screen and nothing is written or sent.
      return redirect(here)
    }
    let result: Awaited<ReturnType<typeof requestMagicLink>>
    try {
      result = await requestMagicLink({ request, email: submission.value.email, intent, returnTo: returnTo ?? null })
    } catch (error) {
      // spec 001 §8: the sign-in forms' failure text.
      console.error('Magic link request failed', error)
      return reply('request', submission.reply({ formErrors: [AUTH_TEXT.sendFailed] }), 500)
    }
    if (!result.ok) return reply('request', submission.reply({ formErrors: [result.message] }), 429)
    await recordEvent('magic_link_requested', { request, props: { intent } })
    return redirect(here, { headers: { 'Set-Cookie': result.setCookie } })
  }

  const pending = await getPendingSignIn(request)

  if (action === FORM_INTENT.resend) {
    if (!pending) return redirect(here)
    const result = await requestMagicLink({ request, email: pending.email, intent: pending.intent, returnTo: pending.returnTo })
    if (!result.ok) return reply('resend', { status: 'error', error: { '': [result.message] } }, 429)
    return redirectWithToast(
      here,
      { type: 'success', description: AUTH_TEXT.sentMessage },
      { headers: { 'Set-Cookie': result.setCookie } },
    )
  }

  if (action === FORM_INTENT.code) {
    const submission = parseWithZod(formData, { schema: CodeSchema })
    if (submission.status !== 'success') return reply('code', submission.reply(), 400)
    if (!pending) return reply('code', submission.reply({ formErrors: [AUTH_TEXT.failed] }), 400)
    const result = await verifyCode({ request, email: pending.email, code: submission.value.code })
    if (!result.ok) return reply('code', submission.reply({ fieldErrors: { code: [result.message] } }), 400)
    return redirect(afterSignInPath(result.user, pending), { headers: result.headers })
  }

  if (action === FORM_INTENT.check) {
    const status = await getSignInStatus(request)
    if (status.signedIn) return redirect(status.redirectTo, { headers: { 'Set-Cookie': await clearPendingSignIn() } })
    const message = status.openedElsewhere
      ? OTHER_DEVICE_TEXT.checkOpenedElsewhere
      : 'You are not signed in yet. Click the link in the email (or enter the code below), then try again.'
    return reply('check', { status: 'error', error: { '': [message] } }, 409)
  }

  return reply('request', { status: 'error', error: { '': [AUTH_TEXT.sendFailed] } }, 400)
}

/** For loaders of sign-in screens: a signed-in visitor moves on (admin → admin area, others → return_to). */
export async function redirectIfSignedIn(request: Request, intent: MagicLinkIntent) {
  const user = await getSessionUser(request)
  if (!user) return
  const pending = await getPendingSignIn(request)
  const scoped = pending?.intent === intent ? pending : { intent, returnTo: returnToParam(request) }
  throw redirect(afterSignInPath(user, scoped), { headers: { 'Set-Cookie': await clearPendingSignIn() } })
}

/** The `return_to` query parameter, if it is a same-site path (otherwise none: the role's landing applies). */
export function returnToParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get('return_to')
  return value ? safeReturnTo(value, '') || null : null
}
