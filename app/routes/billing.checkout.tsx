import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { loginWithReturn } from '~/auth/guard-rules'
import { getSessionUser } from '~/auth/session.server'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import { CheckoutSummary, type CheckoutView } from '~/components/billing/checkout-summary'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { currencyLockedMessage, INTERVALS, seatsFor } from '~/lib/billing'
import { CHECKOUT_PATH, CHECKOUT_TEXT, checkoutInput, checkoutPathFor } from '~/lib/billing-checkout'
import { CheckoutSchema, type CheckoutFields } from '~/lib/billing-checkout-schema'
import { WORKSPACE_PARAM, workspaceLink } from '~/lib/permissions'
import { isCurrency } from '~/lib/pricing'
import { BillingError } from '~/services/billing.server'
import { startCheckout } from '~/services/stripe-hosted-pages.server'
import {
  buyerCurrency,
  limitCheckouts,
  requireBillingConfigured,
  requireBuyer,
  requirePlanPurchasable,
  requireUnlockable,
} from '~/services/checkout.server'
import { readForm } from '~/services/request-body.server'

// /billing/checkout (issue 22 Deliver 1 and 7; docs/billing.md → Buying): what is being bought and
// for how much, then "Continue to payment" → Stripe Checkout (303 to Stripe's page). Outside /app so
// the pricing pages can link here signed out: the visitor signs up and comes back to this address.
// GET shows the summary and changes nothing; the POST (a plain form: works without JavaScript) makes
// the Stripe session. Every refusal is a page with its message and a 4xx, never a 500.

const HEADERS = { 'Cache-Control': 'private, no-store' }
type Fields = Record<string, string>

class Refused extends Error {
  constructor(
    readonly view: CheckoutView,
    readonly status: number,
  ) {
    super('refused')
  }
}

/** The summary to show for these fields (GET) or to send to Stripe (POST); refusals throw Refused. */
async function prepare(request: Request, fields: Fields) {
  const input = checkoutInput(fields)
  if (input.kind !== 'unlock' && input.kind !== 'plan') throw new Refused({ kind: 'choose' }, fields.kind ? 400 : 200)
  const parsed = CheckoutSchema.safeParse(input)
  const issues = parsed.success ? [] : parsed.error.issues
  const errorFor = (field: string) => issues.find((i) => i.path[0] === field)?.message
  const fatal = errorFor('plan') ?? errorFor('sessionId') ?? errorFor('kind')
  if (fatal) throw new Refused(refusal(input.kind, fatal, fields), input.kind === 'unlock' ? 404 : 400)

  const scope = await requireWorkspace(request)
  const { currency: usual, fixed } = await buyerCurrency(request, scope.ownerId)
  const chosen = isCurrency(fields.currency) ? fields.currency : usual
  const errors: Record<string, string> = {}
  for (const field of ['currency', 'seats', 'interval', 'promotionCode']) {
    const message = errorFor(field)
    if (message) errors[field] = message
  }
  if (fixed && chosen !== fixed && !errors.currency) errors.currency = currencyLockedMessage(fixed)
  const action = `${CHECKOUT_PATH}?${new URLSearchParams({ [WORKSPACE_PARAM]: scope.ownerId })}`
  const common = {
    action,
    workspaceId: scope.ownerId,
    workspaceName: scope.workspace.name,
    currency: chosen,
    fixedCurrency: fixed,
    errors,
    formError: null,
  }
  try {
    requireBillingConfigured()
    await requireBuyer(scope, input.kind === 'unlock' ? 'unlock' : 'buy')
    if (input.kind === 'unlock') {
      const session = await requireUnlockable(scope, String(fields.sessionId))
      const view: CheckoutView = {
        kind: 'unlock',
        ...common,
        session: { id: session.id, eventName: session.eventName, talkTitle: session.talkTitle },
      }
      return { scope, view, value: parsed.success ? parsed.data : null }
    }
    await requirePlanPurchasable(scope.ownerId)
  } catch (error) {
    if (error instanceof BillingError) throw new Refused(refusal(input.kind, error.message, fields, scope), error.status)
    throw error
  }
  const plan = fields.plan === 'solo' ? 'solo' : 'pro'
  const interval =
    plan === 'pro' && INTERVALS.includes(fields.interval as never) ? (fields.interval as 'monthly' | 'annual') : 'monthly'
  const view: CheckoutView = {
    kind: 'plan',
    ...common,
    plan,
    interval,
    seats: seatsFor(plan, Number(fields.seats ?? 1)),
    promotionCode: fields.promotionCode ?? '',
  }
  return { scope, view, value: parsed.success ? parsed.data : null }
}

function refusal(kind: string, message: string, fields: Fields, scope?: WorkspaceScope): CheckoutView {
  const back =
    kind === 'unlock' && scope && fields.sessionId
      ? { href: workspaceLink(`/app/sessions/${fields.sessionId}/leads`, scope.ownerId), label: 'Back to the session' }
      : { href: '/pricing', label: 'See the plans' }
  return { kind: 'refused', message, back }
}

/** Signed out: sign up (the magic link creates the account), then back to this checkout. */
async function requireSignedIn(request: Request, fields: Fields) {
  const user = await getSessionUser(request)
  if (!user) throw redirect(loginWithReturn('/signup', checkoutPathFor(fields)), 303)
}

function reply(view: CheckoutView, status: number) {
  return data({ view }, { status, headers: HEADERS })
}

export async function loader({ request }: LoaderFunctionArgs) {
  const fields = Object.fromEntries(new URL(request.url).searchParams) as Fields
  await requireSignedIn(request, fields)
  try {
    const { view } = await prepare(request, fields)
    return reply(view, 200)
  } catch (error) {
    if (error instanceof Refused) return reply(error.view, error.status)
    throw error
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const fields = { ...Object.fromEntries(new URL(request.url).searchParams), ...Object.fromEntries(form) } as Fields
  await requireSignedIn(request, fields)
  let prepared: Awaited<ReturnType<typeof prepare>>
  try {
    prepared = await prepare(request, fields)
  } catch (error) {
    if (error instanceof Refused) return reply(error.view, error.status === 200 ? 400 : error.status)
    throw error
  }
  const { scope, view, value } = prepared
  if (!value || Object.keys(view.errors).length) return reply(view, 400)
  try {
    await limitCheckouts(scope.ownerId)
    const url = await startCheckout({
      buyer: { workspaceId: scope.ownerId, workspaceName: scope.workspace.name, userId: scope.userId, email: scope.user.email },
      currency: view.currency,
      purchase: purchaseOf(value),
      cancelPath:
        value.kind === 'unlock'
          ? workspaceLink(`/app/sessions/${value.sessionId}/leads`, scope.ownerId)
          : checkoutPathFor({ ...fields, [WORKSPACE_PARAM]: scope.ownerId }),
    })
    return redirect(url, { status: 303, headers: HEADERS })
  } catch (error) {
    if (error instanceof BillingError) {
      if (error.field && error.field in { currency: 1, seats: 1, interval: 1, promotionCode: 1 })
        return reply({ ...view, errors: { ...view.errors, [error.field]: error.message } }, error.status)
      return reply({ ...view, formError: error.message }, error.status)
    }
    // Stripe refused or could not be reached: nothing was bought; say so (never a 500).
    console.warn('checkout: Stripe error', error instanceof Error ? error.message : error)
    return reply({ ...view, formError: CHECKOUT_TEXT.stripeDown }, 502)
  }
}

function purchaseOf(value: CheckoutFields) {
  if (value.kind === 'unlock') return { kind: 'unlock' as const, sessionId: value.sessionId }
  return {
    kind: 'plan' as const,
    plan: value.plan,
    interval: value.interval,
    seats: value.seats,
    promotionCode: value.promotionCode,
  }
}

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const { view } = posted ?? loaded
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-16">
      {view.kind === 'choose' ? (
        <>
          <h1 className="text-3xl font-bold text-white">Checkout</h1>
          <p className="mt-4 text-slate-300">Choose a plan on the pricing page, or unlock a session from its leads.</p>
          <Link to="/pricing" className={`${buttonClass.primary} mt-6`}>
            See the plans
          </Link>
        </>
      ) : view.kind === 'refused' ? (
        <>
          <h1 className="text-3xl font-bold text-white">Checkout</h1>
          <div className="mt-6">
            <FormMessage>{view.message}</FormMessage>
          </div>
          <Link to={view.back.href} className={`${buttonClass.secondary} mt-6`}>
            {view.back.label}
          </Link>
        </>
      ) : (
        <CheckoutSummary view={view} />
      )}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Checkout', 'What you are buying, before payment.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
