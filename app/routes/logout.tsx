import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { clearPendingSignIn } from '~/auth/magic-link.server'
import { destroyUserSession } from '~/auth/session.server'
import { safeReturnTo } from '~/lib/url'
import { redirectWithToast } from '~/services/toast.server'
import { readForm } from '~/services/request-body.server'

// POST only. Deletes the session row (the old cookie stops working everywhere), clears the cookie,
// and forgets any pending sign-in so the next screen starts from an empty form (spec 001 §4).

export async function loader() {
  // GET never changes state: a stray link to /logout does not sign anyone out.
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const headers = new Headers()
  headers.append('Set-Cookie', await destroyUserSession(request))
  headers.append('Set-Cookie', await clearPendingSignIn())
  return redirectWithToast(
    safeReturnTo(formData.get('redirectTo'), '/'),
    { type: 'info', description: 'You have been logged out.' },
    { headers },
  )
}
