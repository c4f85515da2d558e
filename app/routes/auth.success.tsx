import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AUTH_TEXT } from '~/auth/magic-link-text'
import { OTHER_DEVICE_TEXT } from '~/auth/other-device-text'
import { getCodeForOtherDevice } from '~/auth/other-device.server'
import { authMeta } from '~/auth/page-meta'
import { getSessionUser } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { signInLanding } from '~/auth/guard-rules'

// Authentication success (spec 001 §2), in the browser that opened the link. The same browser as
// the tab that asked: that tab moves on by itself. Another device (issue 20 item 3): this device is
// signed in, the asking tab is not, and the email's code to type there is shown here.

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = signInLanding(new URL(request.url).searchParams.get('return_to'))
  const user = await getSessionUser(request)
  if (!user) throw redirect(`/login?return_to=${encodeURIComponent(returnTo)}`)
  const { otherDevice, setCookie } = await getCodeForOtherDevice(request, user.email)
  return data({ returnTo, otherDevice }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
}

export default function AuthSuccessPage() {
  const { returnTo, otherDevice } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-white">{AUTH_TEXT.loggedIn}</h1>
      {otherDevice.state === 'open' ? (
        <>
          <p className="text-slate-200">{OTHER_DEVICE_TEXT.signedInHere}</p>
          <p className="text-slate-300">{OTHER_DEVICE_TEXT.lead}</p>
          <div className="flex flex-col items-center gap-1">
            <span id="other-device-code-label" className="text-xs font-medium uppercase tracking-wide text-slate-400">
              {OTHER_DEVICE_TEXT.codeLabel}
            </span>
            <output
              aria-labelledby="other-device-code-label"
              className="rounded-lg border border-white/15 bg-ink-900 px-5 py-3 font-mono text-4xl font-bold tracking-[0.35em] text-white"
            >
              {otherDevice.code}
            </output>
          </div>
          <p className="text-sm text-slate-300">{OTHER_DEVICE_TEXT.validity(otherDevice.minutesLeft)}</p>
        </>
      ) : otherDevice.state === 'closed' ? (
        <>
          <p className="text-slate-200">{OTHER_DEVICE_TEXT.signedInHere}</p>
          <p className="text-slate-300">{OTHER_DEVICE_TEXT.codeClosed}</p>
        </>
      ) : (
        <p className="text-slate-300">{OTHER_DEVICE_TEXT.sameBrowser}</p>
      )}
      <Link to={returnTo} className={buttonClass.primary}>
        {AUTH_TEXT.goToProfile}
      </Link>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => authMeta(matches, "You're Logged In!", 'You are signed in.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
