import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AUTH_TEXT } from '~/auth/magic-link-text'
import { authMeta } from '~/auth/page-meta'
import { getSessionUser } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { buttonClass } from '~/components/forms'
import { signInLanding } from '~/auth/guard-rules'

// Authentication success (spec 001 §2): shown in the tab the link opened; the original tab moves on by itself.

export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = signInLanding(new URL(request.url).searchParams.get('return_to'))
  const user = await getSessionUser(request)
  if (!user) throw redirect(`/login?return_to=${encodeURIComponent(returnTo)}`)
  return { returnTo }
}

export default function AuthSuccessPage() {
  const { returnTo } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-white">{AUTH_TEXT.loggedIn}</h1>
      <p className="text-slate-300">
        Return to the original tab to continue — it has noticed you are signed in. You can close this tab, or carry on here.
      </p>
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
