import type { LoaderFunctionArgs } from '@remix-run/node'
import { getSignInStatus } from '~/auth/magic-link.server'

// GET /auth/status → {signedIn, redirectTo}: the original tab polls it while the link is clicked
// elsewhere (session cookies are shared across tabs). Reads only.

export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await getSignInStatus(request), { headers: { 'Cache-Control': 'no-store' } })
}
