import type { NextFunction, Request, Response } from 'express'

/**
 * Remix's Node adapter calls `res.flush()` after every chunk of a streamed document, and
 * `compression` answers each call by ending a compressed block: React writes a page in dozens of
 * small chunks, so a page rendered per request (signed in, or outside the page cache) was
 * compressed as dozens of separate blocks — more CPU on the main thread (zlib was 13% of an
 * uncached render) and larger output. Here the flushes of one turn of the event loop become one,
 * made once that turn's writes are in: anything streamed later (a Suspense boundary resolving)
 * is still flushed as soon as it is written. Mount after `compression()`, which defines `res.flush`.
 */
export function coalesceFlushes(_req: Request, res: Response, next: NextFunction) {
  const flushable = res as Response & { flush?: () => void }
  const flush = flushable.flush
  if (typeof flush === 'function') {
    let pending = false
    flushable.flush = () => {
      if (pending) return
      pending = true
      setImmediate(() => {
        pending = false
        flush.call(res)
      })
    }
  }
  next()
}
