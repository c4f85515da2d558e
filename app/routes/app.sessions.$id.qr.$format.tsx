import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireWorkspace, sessionsScope } from '~/auth/workspace.server'
import { getConfig } from '~/config.server'
import { displayShortUrl, isQrFormat as isFormat, qrPayload } from '~/lib/short-link'
import { slideText } from '~/lib/slide-layout'
import { isUuid } from '~/lib/text'
import { getSession } from '~/models/talk-sessions.server'
import { renderQrPng, renderQrSvg, renderSlidePng } from '~/services/qr.server'

// QR downloads of a session (issue 9 §3), a resource route: a real Response with the file's type
// and an attachment name. The code encodes {APP_URL}/t/{code}?qr=1, from config, never from headers.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const scope = await requireWorkspace(request)
  const session = isUuid(params.id) && isFormat(params.format) ? await getSession(sessionsScope(scope), params.id) : null
  if (!session || !isFormat(params.format))
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const { appUrl } = getConfig()
  const payload = qrPayload(appUrl, session.code)
  const headers = (type: string, name: string) => ({
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  })
  const base = `session-${session.code}`
  switch (params.format) {
    case 'svg':
      return new Response(await renderQrSvg(payload), { headers: headers('image/svg+xml', `${base}-qr.svg`) })
    case 'png-1024':
    case 'png-2048': {
      const size = params.format === 'png-1024' ? 1024 : 2048
      return new Response(new Uint8Array(await renderQrPng(payload, size)), {
        headers: headers('image/png', `${base}-qr-${size}.png`),
      })
    }
    case 'slide': {
      const png = await renderSlidePng({
        ...slideText(session, displayShortUrl(appUrl, session.code)),
        payload,
        accent: session.accentColor,
      })
      return new Response(new Uint8Array(png), { headers: headers('image/png', `${base}-slide.png`) })
    }
  }
}
