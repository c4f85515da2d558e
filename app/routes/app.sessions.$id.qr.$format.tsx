import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace, sessionsScope } from '~/auth/workspace.server'
import { getConfig } from '~/config.server'
import { isQrFormat as isFormat } from '~/lib/short-link'
import { isUuid } from '~/lib/text'
import { getSession } from '~/models/talk-sessions.server'
import { renderSessionDownload } from '~/services/qr.server'

// QR downloads of a session (issue 9 §3), a resource route: a real Response with the file's type
// and an attachment name. What each download holds is renderSessionDownload's (the event's QR ZIP
// packs the same files). A read: whoever opens the session's page downloads its codes.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const session = isUuid(params.id) && isFormat(params.format) ? await getSession(sessionsScope(scope, 'read'), params.id) : null
  if (!session || !isFormat(params.format))
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const file = await renderSessionDownload(session, params.format, getConfig().appUrl)
  return new Response(new Uint8Array(file.body), {
    headers: {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename="session-${session.code}-${file.suffix}"`,
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
