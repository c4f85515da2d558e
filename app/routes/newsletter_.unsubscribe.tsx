import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, FormMessage } from '~/components/forms'
import { shellMeta } from '~/components/layout/meta'
import { ownHeaders, TOKEN_FORM_REFERRER_POLICY } from '~/lib/route-headers'
import { isValidUnsubscribeToken, unsubscribe } from '~/models/newsletter.server'
import { readForm } from '~/services/request-body.server'

// The unsubscribe link in every newsletter email: GET asks, POST unsubscribes.

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  const valid = Boolean(email && token && isValidUnsubscribeToken(email, token))
  return data({ email, token, valid }, { status: valid ? 200 : 400, headers: { 'Referrer-Policy': TOKEN_FORM_REFERRER_POLICY } })
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const done = await unsubscribe(String(formData.get('email') ?? ''), String(formData.get('token') ?? ''))
  return data({ done }, { status: done ? 200 : 400 })
}

export default function Unsubscribe() {
  const { email, token, valid } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold text-white">Unsubscribe</h1>
      {actionData?.done ? (
        <div className="mt-6">
          <FormMessage tone="success">{email} will receive no more newsletter emails.</FormMessage>
        </div>
      ) : !valid || actionData?.done === false ? (
        <p className="mt-4 text-slate-300">
          This unsubscribe link is incomplete or damaged. Please use the link from the newest email you received.
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <p className="text-slate-300">
            Stop sending newsletter emails to <strong className="text-white">{email}</strong>?
          </p>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={`${buttonClass.primary} mt-6`}>
            Unsubscribe
          </button>
        </Form>
      )}
      <Link to="/" className="mt-8 inline-block text-sm text-brand-300 underline hover:text-white">
        Back to home
      </Link>
    </div>
  )
}

export const headers = ownHeaders

export const meta: MetaFunction = ({ matches }) =>
  shellMeta(matches, 'Unsubscribe', 'Stop receiving the newsletter.', { noindex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
