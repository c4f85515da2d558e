import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { AUTH_TEXT } from '~/auth/magic-link-text'
import { signInWithToken } from '~/auth/magic-link.server'
import { isWellFormedToken } from '~/auth/magic-link-tokens.server'
import { authMeta } from '~/auth/page-meta'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass, Spinner } from '~/components/forms'
import { ADMIN_HOME_PATH, AUTH_CALLBACK_DELAY_MS, DEFAULT_RETURN_TO } from '~/lib/constants'
import { TOKEN_FORM_REFERRER_POLICY } from '~/lib/route-headers'
import { signInLanding } from '~/auth/guard-rules'

// Landing point of the emailed link (spec 001 §2). GET and HEAD change nothing — mail scanners that
// fetch the link neither spend it nor get a session. The page posts the token itself after about
// 1 s with JavaScript; without it the visitor presses Continue.

export const headers: HeadersFunction = () => ({
  // The token is in this page's URL: no other site ever gets it as a Referer, and the page is never cached.
  'Referrer-Policy': TOKEN_FORM_REFERRER_POLICY,
  'Cache-Control': 'no-store',
})

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  if (!isWellFormedToken(token)) return data({ token: null, error: AUTH_TEXT.failed }, { status: 400 })
  return { token, error: null }
}

export async function action({ request }: ActionFunctionArgs) {
  const result = await signInWithToken(request)
  if (!result.ok) return data({ error: result.message }, { status: 400 })
  const landing = result.user.role === 'admin' ? ADMIN_HOME_PATH : signInLanding(result.user.returnTo)
  // An admin in the browser that asked goes straight on; opened on another device, the success
  // page shows the code for the asking tab first (docs/auth.md).
  if (result.user.role === 'admin' && !result.otherDevice) return redirect(landing, { headers: result.headers })
  return redirect(`/auth/success?return_to=${encodeURIComponent(landing)}`, { headers: result.headers })
}

export default function AuthCallbackPage() {
  const loaderData = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const error = actionData?.error ?? loaderData.error
  if (error || !loaderData.token) return <AuthError message={error ?? AUTH_TEXT.failed} />
  return <Completing token={loaderData.token} />
}

function Completing({ token }: { token: string }) {
  const form = useRef<HTMLFormElement>(null)
  const submitted = useRef(false)
  const submit = useSubmit()
  const navigation = useNavigation()
  useEffect(() => {
    // The token now lives in the form: drop it from the address bar and history, so neither a
    // later script on this page (e.g. a consented chat widget) nor a shared screen reveals it.
    const url = new URL(window.location.href)
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token')
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    }
    const timer = setTimeout(() => {
      if (submitted.current || !form.current) return
      submitted.current = true
      submit(form.current, { replace: true })
    }, AUTH_CALLBACK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [submit])
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-white">
        <Spinner label={AUTH_TEXT.completing} />
      </h1>
      <p className="text-slate-300">{AUTH_TEXT.closeTab}</p>
      <Form ref={form} method="post" action="/auth/callback" replace>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={buttonClass.primary} disabled={navigation.state !== 'idle'}>
          Continue
        </button>
      </Form>
    </div>
  )
}

function AuthError({ message }: { message: string }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-white">{AUTH_TEXT.errorTitle}</h1>
      <p role="alert" className="text-red-200">
        {message}
      </p>
      <Link to={DEFAULT_RETURN_TO} className={buttonClass.primary}>
        {AUTH_TEXT.tryAgain}
      </Link>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  authMeta(matches, 'Signing in', 'Completing sign-in with your magic link.', [{ name: 'referrer', content: 'same-origin' }])

export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpected={() => <AuthError message={AUTH_TEXT.failed} />} />
}
