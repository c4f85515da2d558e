import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { ownHeaders, TOKEN_FORM_REFERRER_POLICY } from '~/lib/route-headers'
import { confirmationTokenState, confirmSubscription } from '~/models/newsletter.server'
import { redirectWithToast } from '~/services/toast.server'
import { readForm } from '~/services/request-body.server'

// The link in the welcome email. GET only shows a button (mail scanners that fetch links confirm
// nothing); the POST confirms.

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const state = await confirmationTokenState(token)
  return data(
    { token, state },
    { status: state === 'invalid' ? 400 : 200, headers: { 'Referrer-Policy': TOKEN_FORM_REFERRER_POLICY } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const token = String(formData.get('token') ?? '')
  const result = await confirmSubscription(token)
  if (result === 'invalid') return data({ token, state: 'invalid' as const }, { status: 400 })
  return redirectWithToast('/', {
    type: 'success',
    title: 'Subscription confirmed',
    description: "You're subscribed. Look out for our next email.",
  })
}

export default function ConfirmNewsletter() {
  const { token, state } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Confirm your subscription</h1>
      {state === 'invalid' ? (
        <>
          <p className="mt-4 text-slate-300">
            This confirmation link is invalid or no longer valid. You can subscribe again from the form at the bottom of any page.
          </p>
          <Link to="/" className={`${buttonClass.secondary} mt-6`}>
            Back to home
          </Link>
        </>
      ) : state === 'confirmed' ? (
        <>
          <p className="mt-4 text-slate-300">Your subscription is already confirmed. Thank you!</p>
          <Link to="/" className={`${buttonClass.secondary} mt-6`}>
            Back to home
          </Link>
        </>
      ) : (
        <Form method="post" className="mt-6">
          <p className="text-slate-300">Press the button to start receiving our lead capture tips.</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={`${buttonClass.primary} mt-6`}>
            Confirm my subscription
          </button>
        </Form>
      )}
    </div>
  )
}

export const headers = ownHeaders

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Confirm your subscription', 'Confirm your newsletter subscription.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
