import type { LoaderFunctionArgs } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { getDisplaySession } from '~/models/display-links.server'
import { renderDisplayNotFound, renderDisplayPage } from '~/services/display-page.server'
import { readDisplayState } from '~/services/live-display.server'

// GET /d/{token}: a session's live display for the projector (issue 33 Deliver 6) — the QR code, the
// short link in type readable from the back row, the talk and its live counts. No account: the token
// is the key (made, renewed and revoked on the session's page). A token that is not the session's
// link now answers 404. The live counts come from /d/{token}/events.

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? ''
  const session = await getDisplaySession(token)
  const state = session ? await readDisplayState(session.id) : null
  if (!session || !state) return renderDisplayNotFound()
  return renderDisplayPage({ session, state, token, appUrl: getConfig().appUrl, nonce: context.cspNonce })
}
