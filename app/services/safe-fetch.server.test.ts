import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '~/config.server'
import { safeFetch, SafeFetchError, urlProblem, type Resolver } from './safe-fetch.server'

// The SSRF guard against real sockets: a receiver on 127.0.0.1 that is only reachable when
// WEBHOOK_ALLOWED_HOSTS names it, and a "private" target that must never be hit.

type Receiver = { url: string; port: number; hits: string[]; close: () => Promise<void> }

async function receiver(handler: http.RequestListener): Promise<Receiver> {
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let target: Receiver
let hooks: Receiver
const config = (allowed = '', env: 'test' | 'production' = 'test') =>
  parseConfig({ NODE_ENV: env, DATA_DIR: '/tmp/lectern-safe-fetch', WEBHOOK_ALLOWED_HOSTS: allowed })

beforeAll(async () => {
  target = await receiver((_req, res) => res.end('internal secrets'))
  hooks = await receiver((req, res) => {
    if (req.url === '/big') return res.end('x'.repeat(200 * 1024))
    if (req.url === '/slow') return // never answers
    if (req.url?.startsWith('/redirect')) {
      const to = new URL(req.url, 'http://x').searchParams.get('to')!
      res.writeHead(302, { Location: to })
      return res.end()
    }
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'text/plain' })
      res.end(`got ${body} with ${req.headers['webhook-id']}`)
    })
  })
})
afterAll(async () => {
  await target.close()
  await hooks.close()
})

const refusal = async (url: string, options: Parameters<typeof safeFetch>[1] = {}) => {
  const error = await safeFetch(url, { config: config(), ...options }).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SafeFetchError)
  return (error as SafeFetchError).message
}

describe('safeFetch refuses', () => {
  it.each([
    ['loopback', () => `${target.url}/`, '127.0.0.1 is a loopback address'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['10.0.0.0/8', () => 'http://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['192.168/16', () => 'http://192.168.0.10:8080/', '192.168.0.10 is a private address'],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${target.port}/`, 'is a loopback address'],
    ['IPv6 loopback', () => `http://[::1]:${target.port}/`, '::1 is a loopback address'],
    ['a decimal IP', () => `http://2130706433:${target.port}/`, '127.0.0.1 is a loopback address'],
    ['localhost', () => `http://localhost:${target.port}/`, 'localhost is a loopback address'],
  ])('%s', async (_name, url, message) => {
    expect(await refusal(url())).toContain(message)
    expect(target.hits).toEqual([])
  })

  it('a hostname that resolves to loopback (checked on the resolved address at send time)', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }]
    expect(await refusal(`http://hooks.example.com:${target.port}/`, { resolve })).toBe(
      'hooks.example.com resolves to 127.0.0.1, a loopback address',
    )
    // One public and one private answer: refused as a whole.
    const mixed: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:169.254.169.254', family: 6 },
    ]
    expect(await refusal(`http://hooks.example.com:${target.port}/`, { resolve: mixed })).toContain('a link-local address')
    expect(target.hits).toEqual([])
  })

  it('localhost spelled as a fully qualified name', async () => {
    expect(await refusal(`http://LOCALHOST.:${target.port}/`)).toBe('localhost is a loopback address')
    expect(target.hits).toEqual([])
  })

  it('http in production', async () => {
    expect(urlProblem(new URL('http://hooks.example.com/'), config('', 'production'))).toBe('Only https URLs can be called')
    expect(urlProblem(new URL('https://hooks.example.com/'), config('', 'production'))).toBeNull()
    expect(urlProblem(new URL('ftp://hooks.example.com/'), config())).toBe('Only http and https URLs can be called')
  })

  it('to follow a redirect, to a private address or anywhere', async () => {
    const allowed = config(`127.0.0.1:${hooks.port}`)
    for (const to of [`${target.url}/`, 'http://169.254.169.254/', 'http://10.0.0.1/', `http://localhost:${target.port}/`]) {
      const res = await safeFetch(`${hooks.url}/redirect?to=${encodeURIComponent(to)}`, { config: allowed })
      expect(res.status).toBe(302)
      expect(res.headers.location).toBe(to)
    }
    expect(target.hits).toEqual([])
  })
})

describe('safeFetch with WEBHOOK_ALLOWED_HOSTS', () => {
  it('reaches a named private receiver and reads its answer', async () => {
    const res = await safeFetch(`${hooks.url}/in`, {
      config: config(`127.0.0.1:${hooks.port}`),
      headers: { 'webhook-id': 'msg_1', 'content-type': 'application/json' },
      body: '{"a":1}',
    })
    expect(res).toMatchObject({ status: 201, excerpt: 'got {"a":1} with msg_1', truncated: false })
  })

  it('lets only the named port through', async () => {
    expect(await refusal(`${target.url}/`, { config: config(`127.0.0.1:${hooks.port}`) })).toContain('loopback')
    expect(target.hits).toEqual([])
  })

  it('reads at most 64 KB and keeps a 1 KB excerpt', async () => {
    const res = await safeFetch(`${hooks.url}/big`, { config: config(`127.0.0.1:${hooks.port}`) })
    expect(res.bytes).toBe(64 * 1024)
    expect(res.truncated).toBe(true)
    expect(res.excerpt).toHaveLength(1024)
  })

  it('gives up on a receiver that does not answer in time', async () => {
    const started = Date.now()
    expect(await refusal(`${hooks.url}/slow`, { config: config(`127.0.0.1:${hooks.port}`), timeoutMs: 300 })).toBe(
      'No complete response within 0.3 s',
    )
    expect(Date.now() - started).toBeLessThan(3_000)
  })
})
