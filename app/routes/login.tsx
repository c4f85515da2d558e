import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/auth/auth-card'
import { getMagicLinkView, handleMagicLinkAction, redirectIfSignedIn, returnToParam } from '~/auth/magic-link-form.server'
import { MagicLinkForm } from '~/auth/magic-link-form'
import { AUTH_TEXT } from '~/auth/magic-link-text'
import { authMeta } from '~/auth/page-meta'
import { hasStaleSession } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FormMessage } from '~/components/forms'
import { readForm } from '~/services/request-body.server'

// "Log In" (decision 10): any user; afterwards admins go to the admin area, speakers to return_to.

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, 'login')
  return {
    magicLink: await getMagicLinkView(request, 'login'),
    returnTo: returnToParam(request),
    // A revoked or expired session: say so rather than silently showing the form.
    roleUnknown: await hasStaleSession(request),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  return handleMagicLinkAction({ request, formData, intent: 'login', returnTo: returnToParam(request) })
}

export default function LoginPage() {
  const { magicLink, returnTo, roleUnknown } = useLoaderData<typeof loader>()
  return (
    <AuthCard title="Log In" intro="Enter your email and we'll send you a magic link to sign in. No password needed.">
      {roleUnknown && magicLink.stage === 'form' ? (
        <div className="mb-4">
          <FormMessage>{AUTH_TEXT.roleUnknown}</FormMessage>
        </div>
      ) : null}
      <MagicLinkForm view={magicLink} />
      {magicLink.stage === 'form' ? (
        <p className="mt-6 text-sm text-slate-300">
          New here?{' '}
          <Link
            to={returnTo ? `/signup?return_to=${encodeURIComponent(returnTo)}` : '/signup'}
            className="text-brand-300 underline"
          >
            Create your free account
          </Link>
        </p>
      ) : null}
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => authMeta(matches, 'Log In', 'Sign in with a magic link sent to your email.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
