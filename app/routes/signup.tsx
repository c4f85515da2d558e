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

// "Get Started", "Start Now", "Create My Free Page" (decision 10): a magic link that may create the account.

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, 'signup')
  return {
    magicLink: await getMagicLinkView(request, 'signup'),
    returnTo: returnToParam(request),
    // A revoked or expired session: say so rather than silently showing the form.
    roleUnknown: await hasStaleSession(request),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  return handleMagicLinkAction({ request, formData, intent: 'signup', returnTo: returnToParam(request) })
}

export default function SignupPage() {
  const { magicLink, returnTo, roleUnknown } = useLoaderData<typeof loader>()
  return (
    <AuthCard
      title="Create your free account"
      intro="Enter your email and we'll send you a magic link. Your account is created when you click it — no password, no card."
    >
      {roleUnknown && magicLink.stage === 'form' ? (
        <div className="mb-4">
          <FormMessage>{AUTH_TEXT.roleUnknown}</FormMessage>
        </div>
      ) : null}
      <MagicLinkForm view={magicLink} />
      {magicLink.stage === 'form' ? (
        <p className="mt-6 text-sm text-slate-300">
          Already have an account?{' '}
          <Link
            to={returnTo ? `/login?return_to=${encodeURIComponent(returnTo)}` : '/login'}
            className="text-brand-300 underline"
          >
            Log In
          </Link>
        </p>
      ) : null}
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  authMeta(matches, 'Create your free account', 'Create your free speaker page with a magic link sent to your email.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
