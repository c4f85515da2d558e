import type { Writable } from 'node:stream'

/**
 * Resolves once the response can take more: at once when its buffer is below the high-water mark,
 * else on 'drain' (or when the client has gone). Remix 2's Express adapter writes a streamed body
 * without waiting for 'drain', so a route whose stream is expensive to make (an event's QR ZIP)
 * waits on this, given to loaders in the load context as `clientReady`, before making more. For
 * bodies `compression` leaves alone (a ZIP, images): it redirects 'drain' listeners of a body it
 * compresses to its zlib stream.
 */
export function clientReady(res: Pick<Writable, 'writableNeedDrain' | 'destroyed' | 'once' | 'off'>): Promise<void> {
  if (!res.writableNeedDrain || res.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.once('drain', done)
    res.once('close', done)
  })
}
