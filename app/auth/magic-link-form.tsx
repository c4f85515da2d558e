/**
 * <MagicLinkForm> — the emailed-link sign-in form, embeddable in any route.
 *
 * Contract for a route that embeds it (e.g. /premium/speaker-profile-submissions):
 *
 *   // loader
 *   const magicLink = await getMagicLinkView(request)           // from '~/auth/magic-link-form.server'
 *   return { magicLink, ... }
 *
 *   // action — the form posts to the route it is rendered in, with name="intent" values from
 *   // FORM_INTENT ('magic-link-…'); dispatch those to the shared handler before your own intents:
 *   const formData = await readForm(request)          // from '~/services/request-body.server'
 *   if (isMagicLinkFormIntent(formData.get('intent'))) {
 *     return handleMagicLinkAction({ request, formData, intent: 'signup', returnTo: '/premium/…' })
 *   }
 *
 *   // component
 *   <MagicLinkForm view={data.magicLink} />
 *
 * handleMagicLinkAction redirects (PRG) on success and otherwise returns 4xx data shaped as
 * MagicLinkActionData, which this component reads from useActionData(). For lower-level use there
 * are requestMagicLink({ request, email, intent, returnTo }) and verifyCode({ request, email, code })
 * in '~/auth/magic-link.server'. Everything works without JavaScript; with it the "sent" state
 * polls /auth/status every 2 s and moves on as soon as the link was clicked in another tab, and
 * the resend button counts down its 60-second cooldown (which the server enforces anyway). A link
 * opened on another device signs in that device only: the poll (or, without JS, the loader and the
 * "continue" button) then says so here and points to the code field, which is always offered.
 */
import { Form, useActionData, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { buttonClass, Field, FormMessage, Honeypot, Spinner } from '~/components/forms'
import { serverResult } from '~/components/server-result'
import { MAGIC_CODE_LENGTH, SIGN_IN_STATUS_POLL_MS, WAITING_TAB_CODE_HINT_MS } from '~/lib/constants'
import type { MagicLinkActionData, MagicLinkView } from './magic-link-schema'
import { AUTH_TEXT, FORM_INTENT, WAITING_TAB_TEXT } from './magic-link-text'

// The constraints of RequestLinkSchema and CodeSchema (magic-link-schema.ts) as input attributes: the
// server validates and its reply is read with serverResult, so the sign-in pages ship no form library
// (their JavaScript budget, docs/performance.md).
export const REQUEST_LINK_CONSTRAINT = { email: { required: true } }
export const CODE_CONSTRAINT = { code: { required: true, pattern: `^\\d{${MAGIC_CODE_LENGTH}}$` } }

export function MagicLinkForm({ view, action, heading }: { view: MagicLinkView; action?: string; heading?: ReactNode }) {
  const actionData = useActionData<Partial<MagicLinkActionData>>()
  const answer = actionData?.magicLink
  return (
    <div className="flex flex-col gap-6">
      {heading}
      {view.stage === 'form' ? (
        <RequestForm action={action} answer={answer} />
      ) : (
        // Keyed by the email sent: a resend starts the waiting over.
        <SentState key={view.resendAvailableAt} view={view} action={action} answer={answer} />
      )}
    </div>
  )
}

type Answer = MagicLinkActionData['magicLink'] | undefined

function useBusy(intent: string) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

function RequestForm({ action, answer }: { action?: string; answer: Answer }) {
  const busy = useBusy(FORM_INTENT.request)
  // Only this response's reply: after a redirect there is none, so nothing stale stays on screen.
  const reply = serverResult(answer?.form === 'request' ? answer.result : undefined)
  const formErrors = reply.formErrors
  return (
    <Form
      method="post"
      action={action}
      id="magic-link-request"
      noValidate
      aria-describedby={formErrors ? 'magic-link-request-form-error' : undefined}
      className="flex flex-col gap-4"
    >
      <Honeypot />
      <input type="hidden" name="intent" value={FORM_INTENT.request} />
      <Field
        label="Email"
        inputProps={{
          id: 'magic-link-request-email',
          name: 'email',
          type: 'email',
          required: REQUEST_LINK_CONSTRAINT.email.required,
          defaultValue: reply.value('email'),
          autoComplete: 'email',
          placeholder: 'you@example.com',
        }}
        errors={reply.errors('email')}
      />
      {formErrors ? <FormMessage id="magic-link-request-form-error">{formErrors.join(' ')}</FormMessage> : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? <Spinner label={AUTH_TEXT.send} /> : AUTH_TEXT.send}
      </button>
    </Form>
  )
}

function SentState({
  view,
  action,
  answer,
}: {
  view: Extract<MagicLinkView, { stage: 'sent' }>
  action?: string
  answer: Answer
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <button type="button" className={buttonClass.primary} disabled>
          {AUTH_TEXT.sent}
        </button>
        <p className="text-slate-200">{AUTH_TEXT.checkEmail}</p>
        <FormMessage tone="success">{AUTH_TEXT.sentMessage}</FormMessage>
        <p className="text-sm text-slate-300">
          Sent to <strong className="text-white">{view.email}</strong>. The link and the code expire in 15 minutes.
        </p>
      </div>
      <WaitingStatus openedElsewhere={view.openedElsewhere} />
      <CodeForm action={action} answer={answer} />
      <ContinueForm action={action} answer={answer} />
      <ResendForm view={view} action={action} answer={answer} />
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value={FORM_INTENT.reset} />
        <button type="submit" className="text-sm text-brand-300 underline hover:text-brand-200">
          Use a different email
        </button>
      </Form>
    </div>
  )
}

function CodeForm({ action, answer }: { action?: string; answer: Answer }) {
  const busy = useBusy(FORM_INTENT.code)
  const reply = serverResult(answer?.form === 'code' ? answer.result : undefined)
  const formErrors = reply.formErrors
  return (
    <Form
      method="post"
      action={action}
      id="magic-link-code"
      noValidate
      aria-describedby={formErrors ? 'magic-link-code-form-error' : undefined}
      className="flex flex-col gap-3 rounded-lg border border-white/10 p-4"
    >
      <input type="hidden" name="intent" value={FORM_INTENT.code} />
      <Field
        label="6-digit code from the email"
        hint="Or enter the code here instead of clicking the link."
        inputProps={{
          id: 'magic-link-code-code',
          name: 'code',
          type: 'text',
          required: CODE_CONSTRAINT.code.required,
          defaultValue: reply.value('code'),
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          pattern: '[0-9]{6}',
          maxLength: 6,
        }}
        errors={reply.errors('code')}
      />
      {formErrors ? <FormMessage id="magic-link-code-form-error">{formErrors.join(' ')}</FormMessage> : null}
      <button type="submit" className={buttonClass.secondary} disabled={busy}>
        {busy ? <Spinner label={AUTH_TEXT.checkingAccess} /> : 'Sign in with code'}
      </button>
    </Form>
  )
}

function ContinueForm({ action, answer }: { action?: string; answer: Answer }) {
  const busy = useBusy(FORM_INTENT.check)
  const message = answer?.form === 'check' ? answer.result.error?.['']?.join(' ') : undefined
  return (
    <Form method="post" action={action} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value={FORM_INTENT.check} />
      <button type="submit" className={buttonClass.secondary} disabled={busy}>
        {busy ? <Spinner label={AUTH_TEXT.checkingAccess} /> : 'I’ve clicked the link — continue'}
      </button>
      {message ? <FormMessage>{message}</FormMessage> : null}
    </Form>
  )
}

function ResendForm({
  view,
  action,
  answer,
}: {
  view: Extract<MagicLinkView, { stage: 'sent' }>
  action?: string
  answer: Answer
}) {
  const busy = useBusy(FORM_INTENT.resend)
  const remaining = useCountdown(view.resendAvailableAt, view.serverNow)
  const message = answer?.form === 'resend' ? answer.result.error?.['']?.join(' ') : undefined
  return (
    <Form method="post" action={action} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value={FORM_INTENT.resend} />
      <button type="submit" className={buttonClass.secondary} disabled={busy || remaining > 0}>
        {remaining > 0 ? `Resend magic link (${remaining} s)` : 'Resend magic link'}
      </button>
      {message ? <FormMessage>{message}</FormMessage> : null}
    </Form>
  )
}

/** Seconds until `availableAt`, ticking each second with JS; 0 without JS (the server enforces it). */
function useCountdown(availableAt: number, serverNow: number) {
  const [remaining, setRemaining] = useState(0)
  useEffect(() => {
    // Measure against the server's clock: the browser's may be off by minutes.
    const offset = Date.now() - serverNow
    const tick = () => setRemaining(Math.max(0, Math.ceil((availableAt + offset - Date.now()) / 1000)))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [availableAt, serverNow])
  return remaining
}

/**
 * Where the sign-in stands, seen from this tab. With JS it polls /auth/status: a session the link
 * created in another tab of this browser (cookies are shared) moves the tab on; a link opened on
 * another device is said at once; and after WAITING_TAB_CODE_HINT_MS without news "Checking
 * access..." gives way to the hint about the code. Without JS the loader's view says the same.
 */
function WaitingStatus({ openedElsewhere: openedElsewhereOnLoad }: { openedElsewhere: boolean }) {
  const hydrated = useHydrated()
  const [polledElsewhere, setPolledElsewhere] = useState(false)
  const [slow, setSlow] = useState(false)
  const elsewhere = polledElsewhere || openedElsewhereOnLoad
  useStatusPoll({ enabled: !elsewhere, onOpenedElsewhere: () => setPolledElsewhere(true) })
  useEffect(() => {
    if (elsewhere) return
    const timer = setTimeout(() => setSlow(true), WAITING_TAB_CODE_HINT_MS)
    return () => clearTimeout(timer)
  }, [elsewhere])
  if (elsewhere)
    return (
      <p role="status" className="rounded-md border border-amber-300/40 bg-amber-950/40 px-4 py-3 text-sm text-amber-50">
        {WAITING_TAB_TEXT.openedElsewhere}
      </p>
    )
  if (!hydrated) return null
  return (
    <p role="status" className="text-sm text-slate-300">
      {slow ? WAITING_TAB_TEXT.stillWaiting : <Spinner label={AUTH_TEXT.checkingAccess} />}
    </p>
  )
}

type SignInStatus = { signedIn: boolean; redirectTo: string | null; openedElsewhere: boolean }

function useStatusPoll({ enabled, onOpenedElsewhere }: { enabled: boolean; onOpenedElsewhere: () => void }) {
  const navigate = useNavigate()
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    const check = async () => {
      try {
        const res = await fetch('/auth/status', { headers: { Accept: 'application/json' }, cache: 'no-store' })
        if (!res.ok || stopped) return
        const status = (await res.json()) as SignInStatus
        if (stopped) return
        if (status.signedIn && status.redirectTo) {
          stopped = true
          navigate(status.redirectTo, { replace: true })
        } else if (status.openedElsewhere) {
          stopped = true
          onOpenedElsewhere()
        }
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    }
    const timer = setInterval(check, SIGN_IN_STATUS_POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
    // onOpenedElsewhere is a fresh closure each render; the poll only needs the first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, navigate])
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
