import { createServer } from 'node:net'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Ports are chosen once, in the main Playwright process, and passed to workers through the
 * environment (workers re-read the config, so choosing again there would give other ports).
 */
export async function e2ePorts() {
  process.env.E2E_APP_PORT ??= String(await freePort())
  process.env.E2E_RESEND_PORT ??= String(await freePort())
  process.env.E2E_HOOKS_PORT ??= String(await freePort())
  process.env.E2E_HUBSPOT_PORT ??= String(await freePort())
  process.env.E2E_STRIPE_PORT ??= String(await freePort())
  return {
    app: Number(process.env.E2E_APP_PORT),
    resend: Number(process.env.E2E_RESEND_PORT),
    hooks: Number(process.env.E2E_HOOKS_PORT),
    hubspot: Number(process.env.E2E_HUBSPOT_PORT),
    stripe: Number(process.env.E2E_STRIPE_PORT),
  }
}
