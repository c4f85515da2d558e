import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingHttpHeaders } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { getConfig, type Config } from '~/config.server'
import { BLOCKED_REASON_LABELS, blockedAddressReason, hostPortKey } from '~/lib/ip-ranges'

// Outgoing HTTP to URLs a user typed (webhooks; ARCHITECTURE decision 17, docs/webhooks.md). The
// host is resolved at send time and every address it resolves to must be public (app/lib/ip-ranges.ts)
// unless WEBHOOK_ALLOWED_HOSTS names its host:port. The check runs inside the socket's own `lookup`,
// so the address vetted is the address connected to: a DNS answer that changes between a check and
// the connection (rebinding) cannot slip through. Redirects are never followed; a short deadline and
// a cap on the bytes read bound what one receiver can cost us.

export const SAFE_FETCH_TIMEOUT_MS = 5_000
export const SAFE_FETCH_MAX_BYTES = 64 * 1024
export const SAFE_FETCH_EXCERPT_BYTES = 1024

/** A refusal or failure before a response: the message is shown in the delivery log. */
export class SafeFetchError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message)
    this.name = 'SafeFetchError'
  }
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>

export type SafeFetchOptions = {
  method?: 'POST' | 'GET'
  headers?: Record<string, string>
  body?: string
  timeoutMs?: number
  maxBytes?: number
  config?: Config
  /** DNS in tests (a hostname that resolves to loopback); dns.lookup with all addresses otherwise. */
  resolve?: Resolver
}

export type SafeResponse = {
  status: number
  headers: IncomingHttpHeaders
  /** The first SAFE_FETCH_EXCERPT_BYTES of the body, as text. */
  excerpt: string
  /** Bytes read (at most maxBytes; the rest is never downloaded). */
  bytes: number
  truncated: boolean
}

const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/**
 * Why this URL may not be called, or null. The scheme rule and IP literals are known without DNS;
 * the form uses this on save, safeFetch again at send time.
 */
export function urlProblem(url: URL, config: Config = getConfig()): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Only http and https URLs can be called'
  if (config.isProduction && url.protocol !== 'https:') return 'Only https URLs can be called'
  if (config.webhookAllowedHosts.has(hostPortKey(url))) return null
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')
  if (isIP(host)) {
    const reason = blockedAddressReason(host)
    if (reason) return `${host} is ${BLOCKED_REASON_LABELS[reason]}`
  } else if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is a loopback address`
  return null
}

function guardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found
        const refused = wanted.map((a) => [a.address, blockedAddressReason(a.address)] as const).find(([, reason]) => reason)
        if (refused) {
          const [address, reason] = refused
          const error = new SafeFetchError(`${hostname} resolves to ${address}, ${BLOCKED_REASON_LABELS[reason!]}`, true)
          return callback(error as NodeJS.ErrnoException, '', 0)
        }
        if (wanted.length === 0) return callback(new SafeFetchError(`${hostname} has no address`) as NodeJS.ErrnoException, '', 0)
        if (options.all) return (callback as unknown as (e: null, a: typeof wanted) => void)(null, wanted)
        callback(null, wanted[0]!.address, wanted[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

/** One request to a user-given URL under the rules above. Resolves with any HTTP status; rejects with SafeFetchError. */
export function safeFetch(target: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const config = options.config ?? getConfig()
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return Promise.reject(new SafeFetchError('Not a valid URL', true))
  }
  const problem = urlProblem(url, config)
  if (problem) return Promise.reject(new SafeFetchError(problem, true))
  const allowed = config.webhookAllowedHosts.has(hostPortKey(url))
  const lib = url.protocol === 'https:' ? https : http
  const lookup = allowed ? undefined : guardedLookup(options.resolve ?? defaultResolve)
  // A fresh agent per request: its lookup is the guard, and no pooled socket outlives the check.
  const agent = new lib.Agent({ keepAlive: false, ...(lookup ? { lookup } : {}) })
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? SAFE_FETCH_MAX_BYTES

  return new Promise<SafeResponse>((resolve, reject) => {
    const req = lib.request(url, { method: options.method ?? 'POST', headers: options.headers, agent })
    const deadline = setTimeout(
      () => req.destroy(new SafeFetchError(`No complete response within ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
    const finish = (fn: () => void) => {
      clearTimeout(deadline)
      agent.destroy()
      fn()
    }
    req.on('error', (error) =>
      finish(() => reject(error instanceof SafeFetchError ? error : new SafeFetchError(describeNetworkError(error)))),
    )
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let bytes = 0
      let truncated = false
      const done = () =>
        finish(() =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            excerpt: Buffer.concat(chunks).subarray(0, SAFE_FETCH_EXCERPT_BYTES).toString('utf8'),
            bytes,
            truncated,
          }),
        )
      res.on('data', (chunk: Buffer) => {
        const room = maxBytes - bytes
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room))
          bytes = maxBytes
          truncated = chunk.length > room
          res.removeAllListeners('data')
          res.destroy()
          done()
          return
        }
        chunks.push(chunk)
        bytes += chunk.length
      })
      res.on('end', done)
      res.on('error', () => done())
      res.on('close', done)
    })
    req.end(options.body)
  })
}

function describeNetworkError(error: Error & { code?: string }) {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused'
    case 'ENOTFOUND':
      return 'Host not found'
    case 'ECONNRESET':
      return 'Connection reset'
    case 'ETIMEDOUT':
      return 'Connection timed out'
    default:
      return error.message || 'Network error'
  }
}
