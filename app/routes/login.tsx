import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AccountSignInPage, accountSignInMeta } from '~/auth/account-sign-in'
import { accountSignInAction, loadAccountSignIn } from '~/auth/account-sign-in.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'

// "Log In" (decision 10): any user; afterwards admins go to the admin area, speakers to return_to.

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAccountSignIn(request, 'login')
}

export async function action({ request }: ActionFunctionArgs) {
  return accountSignInAction(request, 'login')
}

export default function LoginPage() {
  return <AccountSignInPage intent="login" data={useLoaderData<typeof loader>()} />
}

export const meta = accountSignInMeta('login')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
