import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/auth/auth-card'
import { getMagicLinkView, handleMagicLinkAction } from '~/auth/magic-link-form.server'
import { MagicLinkForm } from '~/auth/magic-link-form'
import { AUTH_TEXT } from '~/auth/magic-link-text'
import { authMeta } from '~/auth/page-meta'
import { getSessionUser, hasStaleSession } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FormMessage } from '~/components/forms'
import { ADMIN_HOME_PATH, ADMIN_LOGIN_PATH } from '~/lib/constants'
import { readForm } from '~/services/request-body.server'

// Admin Login (spec 001 §2). Existing accounts only: an unknown address gets the very same answer
// and nothing is sent. Escaped route name (resources_.admin_) so no admin layout guards it.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request)
  if (user?.role === 'admin') throw redirect(ADMIN_HOME_PATH)
  if (user) return { denied: true as const, email: user.email }
  return {
    denied: false as const,
    magicLink: await getMagicLinkView(request, 'admin'),
    roleUnknown: await hasStaleSession(request),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request)
  if (user?.role === 'admin') throw redirect(ADMIN_HOME_PATH)
  // A signed-in non-admin sees "Access denied" and can only log out.
  if (user) throw redirect(ADMIN_LOGIN_PATH)
  const formData = await readForm(request)
  return handleMagicLinkAction({ request, formData, intent: 'admin', returnTo: null, formPath: ADMIN_LOGIN_PATH })
}

export default function AdminLoginPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <AuthCard title="Admin Login" intro="Sign in with the magic link sent to your admin email.">
      {data.denied ? (
        <div className="flex flex-col gap-3">
          <FormMessage>{AUTH_TEXT.accessDenied}</FormMessage>
          <p className="text-sm text-slate-300">
            You are signed in as <strong className="text-white">{data.email}</strong>.
          </p>
        </div>
      ) : (
        <>
          {data.roleUnknown && data.magicLink.stage === 'form' ? (
            <div className="mb-4">
              <FormMessage>{AUTH_TEXT.roleUnknown}</FormMessage>
            </div>
          ) : null}
          <MagicLinkForm view={data.magicLink} />
        </>
      )}
      <Form method="post" action="/logout" className="mt-6">
        <input type="hidden" name="redirectTo" value={ADMIN_LOGIN_PATH} />
        <button type="submit" className="text-sm text-brand-300 underline hover:text-brand-200">
          {AUTH_TEXT.logoutDifferent}
        </button>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  authMeta(matches, 'Admin Login', 'Sign in to manage posts, featured sections and speaker profiles.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
