import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import { getConfig } from '~/config.server'
import { QR_ZIP_FILES, qrZipBaseNames } from '~/lib/qr-zip-names'
import type { EventRow } from '~/models/events.server'
import { listEventQrSessions } from '~/models/event-qr.server'
import { renderSessionDownload } from './qr.server'

// An event's QR codes for its printer (issue 23 Deliver 8): one ZIP with every session's QR code (SVG
// and PNG) and slide — the very files of /app/sessions/{id}/qr/{format} (renderSessionDownload) —
// named by room, time and speaker (app/lib/qr-zip-names.ts).
//
// It streams. Each file is made only when the ZIP reaches it and the reader has taken what came
// before: yazl asks for an entry's data lazily and pipes it into its output, so a slow reader pauses
// the pipe and no further file is rendered. At most one file (a slide, ~100 KB) is held beside the
// stream's buffer, however many sessions the event has; the central directory (~150 bytes an entry)
// is all that grows. PNGs are stored as they are (deflating a PNG again gains nothing); the small SVGs
// are deflated. Because the data is streamed, the local headers leave the CRC and sizes to a data
// descriptor (with its signature, which the Mac's Archive Utility requires); the central directory
// has them, as every unzip tool reads.

export type EventQrZipOptions = {
  /** The address the codes encode (default: APP_URL). */
  appUrl?: string
  /** Stops rendering when the download is abandoned (the request's signal). */
  signal?: AbortSignal
  /**
   * Waited on before each file is rendered: the HTTP response's own backpressure (the load
   * context's clientReady), which the stream alone does not reach through Remix's adapter.
   */
  clientReady?: () => Promise<void>
}

/** The ZIP of every session of `event`, as a Node stream to pipe to the response. */
export function eventQrZip(event: Pick<EventRow, 'id' | 'workspaceId' | 'timeZone'>, options: EventQrZipOptions = {}): Readable {
  const appUrl = options.appUrl ?? getConfig().appUrl
  const zip = new ZipFile()
  const out = zip.outputStream as Readable
  const fail = (error: unknown) => {
    if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(String(error)))
  }
  zip.on('error', fail)
  const abort = () => out.destroy()
  options.signal?.addEventListener('abort', abort, { once: true })
  out.once('close', () => options.signal?.removeEventListener('abort', abort))

  listEventQrSessions(event)
    .then((sessions) => {
      if (out.destroyed) return
      const names = qrZipBaseNames(sessions, event.timeZone)
      sessions.forEach((session, i) => {
        for (const file of QR_ZIP_FILES) {
          zip.addReadStreamLazy(`${names[i]}${file.suffix}`, { compress: file.format === 'svg' }, (done) => {
            // Reached only once the entry before it is written out (yazl pumps one entry at a time).
            void (async () => {
              await options.clientReady?.()
              if (out.destroyed) return
              try {
                const rendered = await renderSessionDownload(session, file.format, appUrl)
                done(null, Readable.from([rendered.body]))
              } catch (error) {
                done(error, Readable.from([]))
              }
            })()
          })
        }
      })
      zip.end()
    })
    .catch(fail)
  return out
}
