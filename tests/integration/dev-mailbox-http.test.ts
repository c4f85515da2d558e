import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type BuiltServer } from './built-server'

// /dev/mailbox holds every sign-in link. In production with DEV_MAILBOX=true the production build
// answers it only over a connection from this machine: the server passes the socket's peer to the
// route (server/index.ts), so a request from another address — here this machine's own non-loopback
// interface, which the server sees as a remote peer — gets 404 even with TRUST_PROXY and a forged
// X-Forwarded-For.

const external = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

let server: BuiltServer
beforeAll(async () => {
  server = await startBuiltServer({ NODE_ENV: 'production', DEV_MAILBOX: 'true', TRUST_PROXY: 'true', HOST: '0.0.0.0' })
})
afterAll(async () => {
  await server?.stop()
})

describe('/dev/mailbox in production over HTTP', () => {
  it('answers a connection from this machine', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/dev/mailbox`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Dev mailbox')
  })

  it('answers 404 to the same request forwarded by a proxy on this machine', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/dev/mailbox`, { headers: { 'X-Forwarded-For': '198.51.100.4' } })
    expect(res.status).toBe(404)
  })

  it.skipIf(!external)('answers 404 to another address, even one claiming to be 127.0.0.1', async () => {
    for (const headers of [{}, { 'X-Forwarded-For': '127.0.0.1' }] as Record<string, string>[]) {
      const res = await fetch(`http://${external}:${server.port}/dev/mailbox`, { headers })
      expect(res.status).toBe(404)
    }
    const message = await fetch(`http://${external}:${server.port}/dev/mailbox/00000000-0000-4000-8000-000000000000`)
    expect(message.status).toBe(404)
  })
})
