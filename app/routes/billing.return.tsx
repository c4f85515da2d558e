import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guards.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { CHECKOUT_PATH, CHECKOUT_TEXT, planToast, unlockedToast } from '~/lib/billing-checkout'
import { isPlan } from '~/lib/plans'
import { WORKSPACE_PARAM, workspaceLink } from '~/lib/permissions'
import { ownHeaders, TOKEN_FORM_REFERRER_POLICY } from '~/lib/route-headers'
import { billingState } from '~/models/billing.server'
import { getOwnedSession } from '~/models/leads.server'
import { getMembership } from '~/models/workspaces.server'
import { BillingError, fulfilCheckout } from '~/services/billing.server'
import { redirectWithToast } from '~/services/toast.server'

// /billing/return?session_id=cs_… — where Stripe Checkout sends the buyer back (issue 22 Deliver 4;
// docs/billing.md → Buying). It never waits for the webhook: it fulfils the checkout itself through
// the same converging function (fulfilCheckout), so the session is unlocked or the plan in place at
// once, and the webhook arriving later changes nothing. Only a member of the buying workspace sees
// the result; anyone else gets a 404.

const HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': TOKEN_FORM_REFERRER_POLICY }
const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{1,250}$/

type View =
  | { kind: 'message'; title: string; message: string; tone: 'error' | 'success'; back: { href: string; label: string } | null }
  | {
      kind: 'unlock-failed'
      title: string
      message: string
      retry: { action: string; sessionId: string }
      back: { href: string; label: string }
    }

const notFound = () => new Response('Not Found', { status: 404 })
const reply = (view: View, status: number) => data({ view }, { status, headers: HEADERS })

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const checkoutId = new URL(request.url).searchParams.get('session_id') ?? ''
  if (!CHECKOUT_ID.test(checkoutId)) throw notFound()

  let result: Awaited<ReturnType<typeof fulfilCheckout>>
  try {
    result = await fulfilCheckout(checkoutId)
  } catch (error) {
    if (error instanceof BillingError) return reply(message('Payments are not set up', error.message, null), error.status)
    // An id Stripe does not know is nobody's checkout.
    if (isStripeNotFound(error)) throw notFound()
    // Stripe could not be read: the payment (if any) is safe, and the webhook will converge.
    console.warn('billing return: Stripe error', error instanceof Error ? error.message : error)
    return reply(
      message('Payment received by Stripe', CHECKOUT_TEXT.returnStripeError, { href: '/app', label: 'Go to your workspace' }),
      502,
    )
  }
  if (result.kind === 'other' || !result.workspaceId) throw notFound()
  const workspaceId = result.workspaceId
  if (!(await getMembership(user.id, workspaceId))) throw notFound()

  if (result.kind === 'plan') {
    if (!result.paid)
      return reply(
        message('Payment processing', CHECKOUT_TEXT.planPending, {
          href: workspaceLink('/app/settings/billing', workspaceId),
          label: 'Billing settings',
        }),
        202,
      )
    const state = await billingState(workspaceId)
    const plan = state && isPlan(state.plan) ? state.plan : 'pro'
    return redirectWithToast(workspaceLink('/app/settings/billing', workspaceId), {
      type: 'success',
      description: planToast(plan),
    })
  }

  const leadsPath = `/app/sessions/${result.sessionId}/leads`
  const back = { href: workspaceLink(leadsPath, workspaceId), label: 'Back to the session' }
  const session = await getOwnedSession({ ownerId: workspaceId, userId: user.id, runnerId: null }, result.sessionId)
  switch (result.status) {
    case 'paid':
      return redirectWithToast(back.href, { type: 'success', description: unlockedToast(session?.eventName ?? 'The session') })
    case 'pending':
      return reply(message('Payment processing', CHECKOUT_TEXT.pending, back, 'success'), 202)
    case 'failed':
      return reply(
        {
          kind: 'unlock-failed',
          title: 'Payment failed',
          message: CHECKOUT_TEXT.failed,
          retry: {
            action: `${CHECKOUT_PATH}?${new URLSearchParams({ [WORKSPACE_PARAM]: workspaceId })}`,
            sessionId: result.sessionId,
          },
          back,
        },
        402,
      )
    default:
      return reply(message('Payment refunded', CHECKOUT_TEXT.refunded, back), 200)
  }
}

/** Stripe's SDK errors carry their type and HTTP status; a 404 means no such checkout. */
function isStripeNotFound(error: unknown) {
  const e = error as { type?: unknown; statusCode?: unknown } | null
  return e?.type === 'StripeInvalidRequestError' && e.statusCode === 404
}

function message(
  title: string,
  text: string,
  back: { href: string; label: string } | null,
  tone: 'error' | 'success' = 'error',
): Extract<View, { kind: 'message' }> {
  return { kind: 'message', title, message: text, tone, back }
}

export default function BillingReturn() {
  const { view } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-white">{view.title}</h1>
      <div className="mt-6">
        <FormMessage tone={view.kind === 'message' ? view.tone : 'error'}>{view.message}</FormMessage>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {view.kind === 'unlock-failed' ? (
          // Outside /app: the form names its workspace itself, as WorkspaceForm does.
          <Form method="post" action={view.retry.action}>
            <input type="hidden" name="kind" value="unlock" />
            <input type="hidden" name="sessionId" value={view.retry.sessionId} />
            <button type="submit" className={buttonClass.primary}>
              Try the payment again
            </button>
          </Form>
        ) : null}
        {view.back ? (
          <Link to={view.back.href} className={buttonClass.secondary}>
            {view.back.label}
          </Link>
        ) : null}
      </div>
    </div>
  )
}

export const headers = ownHeaders

export const meta: MetaFunction = ({ matches }) => shellMeta(matches, 'Payment', 'The result of a payment.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
