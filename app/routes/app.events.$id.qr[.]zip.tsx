import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node'
import { eventQrZip } from '~/services/event-qr-zip.server'
import { requireEvent } from '~/services/event-scope.server'

// /app/events/{id}/qr.zip (issue 23 Deliver 8): every session's QR code and slide in one ZIP for the
// event's printer, streamed as it is made (app/services/event-qr-zip.server.ts). A resource route:
// a real Response; 404 for another workspace's event. Like every read of an event, it works after
// the plan has ended.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { event } = await requireEvent(request, params.id)
  const zip = eventQrZip(event, { signal: request.signal, clientReady: context.clientReady })
  return new Response(createReadableStreamFromReadable(zip), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${event.slug}-qr-codes.zip"`,
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
