import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataDirLockedError, openPglite } from '~/db/client.server'
import { newsletterSubscribers } from '~/db/schema/marketing'

// The built server as a real process: the PGlite lock refuses a second opener, in-flight requests
// finish after SIGTERM (also a handler whose client has already gone), and the process exits 0 within
// 10 s with the database closed and the lock gone.
// Needs a production build (`npm run build`; BUILD_DIR selects another one); scripts/test.sh builds first.
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const SHUTDOWN_LIMIT_MS = 10_000
// Finishing one short request and closing PGlite takes well under this; lingering keep-alive sockets would not.
const EXPECTED_SHUTDOWN_MS = 4_000

let dataDir: string
let child: ChildProcess
let port: number
let output = ''
let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url)
      if (res.ok) return (await res.json()) as { ok: boolean; driver: string }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`)
    if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server.js'))) {
    throw new Error(`No production build in ${buildDir}: run \`npm run build\` first (scripts/test.sh does).`)
  }
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-shutdown-'))
  port = await freePort()
  child = spawn(process.execPath, [path.join(buildDir, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      SESSION_SECRET: 'shutdown-test-secret',
      SEED_DEMO: 'false',
      // For /__e2e/slow-subscribe: a handler that outlives its client (server/test-hooks.ts).
      E2E_TEST_HOOKS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })))
  expect(await waitForHealth(`http://127.0.0.1:${port}/healthz`, 60_000)).toMatchObject({ ok: true, driver: 'pglite' })
}, 90_000)

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the running server', () => {
  it('holds the PGlite lock: a second opener of the same DATA_DIR is refused with a clear message', async () => {
    const lock = path.join(dataDir, 'pglite.lock')
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(child.pid))
    const second = openPglite(path.join(dataDir, 'pglite'), dataDir)
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(second).rejects.toThrow(`Another Lectern process (pid ${child.pid}) is using the embedded database`)
    // The refused opener left the lock alone.
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(child.pid))
  })

  it('on SIGTERM finishes the in-flight request, closes the database and exits 0 within 10 s', async () => {
    const body = 'email=shutdown%40example.com&_js=1'
    const half = Math.floor(body.length / 2)
    // A request whose body is still arriving when the signal comes.
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/newsletter',
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': Buffer.byteLength(body),
            Origin: `http://127.0.0.1:${port}`,
          },
        },
        (res) => {
          let text = ''
          res.on('data', (d) => (text += d))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      req.on('error', reject)
      req.write(body.slice(0, half))
      setTimeout(() => req.end(body.slice(half)), 700)
    })
    // A sign-up whose client leaves (a phone losing the network) while its handler still runs: the
    // socket is gone before the signal, the write comes ~600 ms after it.
    const leaving = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/__e2e/slow-subscribe',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}` },
    })
    leaving.on('error', () => undefined)
    leaving.end(JSON.stringify({ email: 'left-early@example.com', delayMs: 800 }))
    await new Promise((r) => setTimeout(r, 150))
    leaving.destroy()
    await new Promise((r) => setTimeout(r, 50))
    const signalledAt = Date.now()
    child.kill('SIGTERM')

    const answered = await response
    expect(answered.status).toBe(200)
    // A document POST: the page comes back showing the subscription's success state.
    expect(answered.text).toContain('You&#x27;re in! Check your inbox')

    const exited = await exit
    expect(exited).toMatchObject({ code: 0, signal: null })
    expect(exited.at - signalledAt).toBeLessThan(SHUTDOWN_LIMIT_MS)
    expect(exited.at - signalledAt).toBeLessThan(EXPECTED_SHUTDOWN_MS)
    expect(output).toContain('Lectern stopped')
    // The handler whose client left ran to the end on an open database.
    expect(output).not.toContain('not open')
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  }, 30_000)

  it('leaves a data directory another process can open afterwards', async () => {
    const handle = await openPglite(path.join(dataDir, 'pglite'), dataDir)
    expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim()).toBe(String(process.pid))
    // Both sign-ups of the SIGTERM test are stored, the one whose client left before the signal too.
    const stored = await handle.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .orderBy(newsletterSubscribers.email)
    await handle.close()
    expect(stored.map((r) => r.email)).toEqual(['left-early@example.com', 'shutdown@example.com'])
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false)
  })
})
