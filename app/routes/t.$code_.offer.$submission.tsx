import type { LoaderFunctionArgs } from '@remix-run/node'
import { dictionary } from '~/lib/i18n/dictionaries'
import { getThanks } from '~/models/lead-capture.server'
import { requestLanguage } from '~/services/attendee-language.server'
import { renderMessagePage } from '~/services/attendee-page.server'
import { getObjectStream } from '~/services/storage.server'

// GET /t/{code}/offer/{submission}: the offer file, streamed from storage to someone who signed
// up (the submission id is the key). A URL offer is a redirect to the speaker's address.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const thanks = await getThanks(params.code ?? '', params.submission ?? '')
  const session = thanks?.session
  if (session?.offerKind === 'url' && session.offerUrl && /^https?:\/\//i.test(session.offerUrl)) {
    return new Response(null, { status: 303, headers: { Location: session.offerUrl, 'Cache-Control': 'no-store' } })
  }
  const object = session?.offerKind === 'file' && session.offerFileKey ? await getObjectStream(session.offerFileKey) : null
  if (!session || !object) {
    const language = thanks?.language ?? requestLanguage(request).language
    const t = dictionary(language)
    return renderMessagePage({
      title: t.messages.fileNotFoundTitle,
      lines: [t.messages.downloadUnavailable],
      status: 404,
      language,
    })
  }
  const filename = (session.offerFileName ?? 'download').replace(/["\\\r\n]/g, '')
  const headers: Record<string, string> = {
    'Content-Type': session.offerFileType || 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  }
  if (object.size !== null) headers['Content-Length'] = String(object.size)
  return new Response(object.body, { headers })
}
