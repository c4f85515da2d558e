import type { NextFunction, Request, Response } from 'express'

type Handler = (req: Request, res: Response, next: NextFunction) => unknown

/**
 * The request handlers still running, including those whose client has gone (a phone that lost the
 * venue Wi-Fi mid-submit): a closed socket ends the HTTP side of a request, not its loader or action.
 * Shutdown waits for these before it closes the database, so a sign-up whose client left is still
 * stored instead of failing on a closed database.
 */
export function inFlightHandlers() {
  const running = new Set<Promise<unknown>>()
  return {
    /** The handler, counted while the promise it returns is pending (Express ignores the return value). */
    track(handler: Handler): Handler {
      return (req, res, next) => {
        const result = handler(req, res, next)
        if (!(result instanceof Promise)) return result
        // Waited on without handling: a rejection still surfaces as it did before.
        const settled = result.then(
          () => undefined,
          () => undefined,
        )
        running.add(settled)
        void settled.then(() => running.delete(settled))
        return result
      }
    },
    get size() {
      return running.size
    },
    /** Resolves once no tracked handler is running (a handler started meanwhile is waited for too). */
    async settled() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}

export type InFlightHandlers = ReturnType<typeof inFlightHandlers>
