import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string
    /** This request's id: the X-Request-Id header and the reference on error pages and in the log. */
    requestId?: string
    /**
     * The TCP peer's address (the socket's, never a forwarded header): the dev mailbox answers only
     * this machine in production (app/services/email.server.ts).
     */
    remoteAddress?: string
    /**
     * Resolves once the client has taken what was sent (server/drain.ts): a streamed download that is
     * costly to make waits on it, since Remix's adapter writes without waiting for 'drain'.
     */
    clientReady?: () => Promise<void>
  }
}
