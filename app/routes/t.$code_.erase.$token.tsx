import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { eraseLeadByToken, getLeadByEraseToken } from '~/models/lead-capture.server'
import { isEraseTokenShape } from '~/platform/lead-tokens.server'
import { renderErasePage, renderMessagePage } from '~/services/attendee-page.server'

// The erasure link of the attendee's confirmation email. GET only shows a confirm button (mail
// scanners that fetch links erase nothing); the POST deletes the lead and records the erasure.

export async function loader({ params }: LoaderFunctionArgs) {
  const code = params.code ?? ''
  const token = params.token ?? ''
  const lead = isEraseTokenShape(token) ? await getLeadByEraseToken(code, token) : null
  if (!lead) return gone()
  return renderErasePage({ code, token, firstName: lead.firstName })
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, POST' } })
  const code = params.code ?? ''
  const token = params.token ?? ''
  const erased = isEraseTokenShape(token) && (await eraseLeadByToken(code, token))
  if (!erased) return gone()
  return redirect(`/t/${code}/erased`, 303)
}

function gone() {
  return renderMessagePage({
    title: 'Nothing to erase',
    lines: ['These details have already been erased, or this link is not valid.'],
    status: 404,
  })
}
