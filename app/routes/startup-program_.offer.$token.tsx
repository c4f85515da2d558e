import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { loginWithReturn } from '~/auth/guard-rules'
import { getSessionUser } from '~/auth/session.server'
import { requireWorkspace, type WorkspaceScope } from '~/auth/workspace.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { BILLING_MESSAGES, entitles, LOOKUP_KEYS } from '~/lib/billing'
import { STARTUP_PLAN } from '~/lib/constants'
import { can, WORKSPACE_PARAM } from '~/lib/permissions'
import { STARTUP_OFFER_DETAIL, STARTUP_OFFER_LINE, STARTUP_OFFER_TEXTS } from '~/lib/startup-offer'
import { formatUsLongDate } from '~/lib/text'
import { ownHeaders, TOKEN_FORM_REFERRER_POLICY } from '~/lib/route-headers'
import { billingState, listSubscriptions } from '~/models/billing.server'
import { getStartupOffer, startupOfferPath, type StartupOffer } from '~/models/startup-applications.server'
import { listMemberships } from '~/models/workspaces.server'
import { billingConfigured } from '~/platform/stripe.server'
import { BillingError } from '~/services/billing.server'
import { startCheckout } from '~/services/stripe-hosted-pages.server'
import { readForm } from '~/services/request-body.server'

// The startup programme's offer link (issue 22 Deliver 1; docs/billing.md): an admin approved the
// application and the applicant's email carries this single-use link. The token is the proof: any
// signed-in account may use it, for a workspace it owns. GET shows the offer; "Continue to payment"
// POSTs and goes to Stripe Checkout. The offer is used once that checkout is paid (fulfilCheckout).

const HEADERS = { 'Referrer-Policy': TOKEN_FORM_REFERRER_POLICY, 'Cache-Control': 'private, no-store' }

type Gone = { kind: 'gone'; message: string }
type Ready = {
  kind: 'ready'
  offer: { companyName: string; expires: string }
  workspace: { id: string; name: string }
  owned: Array<{ id: string; name: string }>
  /** Why this workspace cannot buy it now (null: it can). */
  refusal: string | null
}
type View = Gone | Ready

const reply = (view: View, error: string | null, status = 200) => data({ view, error }, { status, headers: HEADERS })

/** An unknown or replaced link is a 404; an expired or used one a 410. */
function gone(offer: StartupOffer | null): { view: Gone; status: number } | null {
  if (!offer || offer.state === 'not-approved')
    return { view: { kind: 'gone', message: STARTUP_OFFER_TEXTS.notFound }, status: 404 }
  if (offer.state === 'used') return { view: { kind: 'gone', message: STARTUP_OFFER_TEXTS.used }, status: 410 }
  if (offer.state === 'expired') return { view: { kind: 'gone', message: STARTUP_OFFER_TEXTS.expired }, status: 410 }
  return null
}

/** The checks before a checkout: the owner, no plan an admin set, no subscription already giving a plan. */
async function refusalFor(scope: WorkspaceScope): Promise<string | null> {
  if (!billingConfigured()) return BILLING_MESSAGES.notConfigured
  if (!can(scope.role, 'billing.manage')) return STARTUP_OFFER_TEXTS.notOwner
  if ((await billingState(scope.workspace.id))?.manualPlan) return BILLING_MESSAGES.manualPlan
  const live = (await listSubscriptions(scope.workspace.id)).filter((s) => entitles(s, new Date()))
  if (live.some((s) => s.lookupKey === LOOKUP_KEYS.startup)) return STARTUP_OFFER_TEXTS.alreadyStartup
  return live.length ? BILLING_MESSAGES.alreadySubscribed : null
}

async function readyView(offer: StartupOffer, scope: WorkspaceScope): Promise<Ready> {
  const owned = (await listMemberships(scope.user.id)).filter((m) => m.role === 'owner').map((m) => m.workspace)
  return {
    kind: 'ready',
    offer: { companyName: offer.companyName, expires: offer.expiresAt ? `${formatUsLongDate(offer.expiresAt)} (UTC)` : '' },
    workspace: { id: scope.workspace.id, name: scope.workspace.name },
    owned: owned.map((w) => ({ id: w.id, name: w.name })),
    refusal: await refusalFor(scope),
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  const offer = await getStartupOffer(token)
  const closed = gone(offer)
  if (closed) return reply(closed.view, null, closed.status)
  // Signed out: sign up (or in) with any address, then back here.
  if (!(await getSessionUser(request))) throw redirect(loginWithReturn('/signup', startupOfferPath(token)), { headers: HEADERS })
  const view = await readyView(offer!, await requireWorkspace(request))
  return reply(view, null)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? ''
  await readForm(request)
  const offer = await getStartupOffer(token)
  const closed = gone(offer)
  if (closed) return reply(closed.view, null, closed.status)
  if (!(await getSessionUser(request))) throw redirect(loginWithReturn('/signup', startupOfferPath(token)), { headers: HEADERS })
  const scope = await requireWorkspace(request, 'billing.manage')
  const view = await readyView(offer!, scope)
  if (view.refusal) return reply(view, view.refusal, 409)
  try {
    const url = await startCheckout({
      buyer: {
        workspaceId: scope.workspace.id,
        workspaceName: scope.workspace.name,
        userId: scope.user.id,
        email: scope.user.email,
      },
      currency: 'USD',
      purchase: { kind: 'plan', plan: 'startup', interval: 'annual', seats: STARTUP_PLAN.seats },
      cancelPath: startupOfferPath(token),
      metadata: { offer_id: offer!.id },
    })
    return redirect(url, { status: 303, headers: HEADERS })
  } catch (error) {
    if (error instanceof BillingError) return reply(view, error.message, error.status)
    console.error('Startup offer checkout failed', error)
    return reply(view, 'Stripe could not be reached. Nothing was charged; try again in a moment.', 502)
  }
}

export default function StartupOfferPage() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const { view, error } = posted ?? loaded
  if (view.kind === 'gone') {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16">
        <h1 className="text-3xl font-bold text-white">This offer link no longer works</h1>
        <p className="mt-4 text-slate-300">{view.message}</p>
        <Link to="/startup-program" className={`${buttonClass.secondary} mt-6`}>
          About the Startup Program
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Your Startup Program offer</h1>
      <p className="mt-4 text-slate-300">
        {view.offer.companyName} is accepted into the Startup Program: {STARTUP_OFFER_LINE}.
      </p>
      <p className="mt-2 text-slate-300">{STARTUP_OFFER_DETAIL}</p>
      <p className="mt-2 text-sm text-slate-400">This link works once and until {view.offer.expires}.</p>
      {view.owned.some((w) => w.id !== view.workspace.id) ? (
        <Form method="get" className="mt-6 flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm text-slate-300">
            Workspace that gets the plan
            <select
              name={WORKSPACE_PARAM}
              defaultValue={view.workspace.id}
              className="rounded-md border border-white/20 bg-ink-950 px-2 py-1.5 text-white"
            >
              {view.owned.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary}>
            Choose
          </button>
        </Form>
      ) : null}
      {error || view.refusal ? (
        <div className="mt-6">
          <FormMessage>{error ?? view.refusal}</FormMessage>
        </div>
      ) : null}
      <Form method="post" action={`?${WORKSPACE_PARAM}=${view.workspace.id}`} className="mt-6">
        <p className="text-slate-300">The plan goes to the workspace {view.workspace.name}.</p>
        <button type="submit" className={`${buttonClass.primary} mt-4`} disabled={Boolean(view.refusal)}>
          Continue to payment
        </button>
      </Form>
    </div>
  )
}

export const headers = ownHeaders

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Startup Program offer', 'Your Startup Program offer.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
