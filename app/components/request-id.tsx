import { createContext, useContext } from 'react'

// The id of the request that rendered this document (X-Request-Id; the server log carries it with
// every 5xx). The server provides it from the load context; the browser reads it back from the
// <meta name="request-id"> the server rendered, so hydration sees the same value.
const RequestIdContext = createContext<string | null>(null)
export const RequestIdProvider = RequestIdContext.Provider

export function useRequestId(): string | null {
  const fromServer = useContext(RequestIdContext)
  if (typeof document === 'undefined') return fromServer
  return document.querySelector<HTMLMetaElement>('meta[name="request-id"]')?.content || null
}
