import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AccountSignInPage, accountSignInMeta } from '~/auth/account-sign-in'
import { accountSignInAction, loadAccountSignIn } from '~/auth/account-sign-in.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'

// "Get Started", "Start Now", "Create My Free Page" (decision 10): a magic link that may create the account.

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAccountSignIn(request, 'signup')
}

export async function action({ request }: ActionFunctionArgs) {
  return accountSignInAction(request, 'signup')
}

export default function SignupPage() {
  return <AccountSignInPage intent="signup" data={useLoaderData<typeof loader>()} />
}

export const meta = accountSignInMeta('signup')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
