import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

// The production build (`npm run build`; BUILD_DIR selects another) as a real process on a free port
// of 127.0.0.1, with its own DATA_DIR. Tests that must see what goes over the wire (statuses, headers)
// talk to it with fetch; E2E_TEST_HOOKS gives them signed-in sessions (POST /__e2e/session).

export const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export type BuiltServer = {
  url: string
  port: number
  dataDir: string
  child: ChildProcess
  /** Everything the process printed so far. */
  output: () => string
  /** A session cookie for this address (created through the test hook). */
  signIn: (email: string, role?: 'admin' | 'speaker') => Promise<string>
  stop: () => Promise<void>
}

/** The process as spawned (not yet listening), with its output and exit code; for tests of start-up itself. */
export type SpawnedServer = {
  url: string
  port: number
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** Spawns the built server with the test defaults below, overridden by `env` (an empty value unsets). */
export async function spawnBuiltServer(env: Record<string, string>): Promise<SpawnedServer> {
  if (!existsSync(path.join(buildDir, 'server.js'))) {
    throw new Error(`No production build in ${buildDir}: run \`npm run build\` first (scripts/test.sh does).`)
  }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn(process.execPath, [path.join(buildDir, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      E2E_TEST_HOOKS: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      BUILD_DIR: buildDir,
      SESSION_SECRET: 'http-test-secret',
      ADMIN_EMAILS: 'admin@example.com',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { url, port, child, output: () => output, exited }
}

/**
 * Starts the built server and waits until /healthz answers. DATA_DIR in `env` is the caller's (kept
 * on stop, e.g. for a restart on the same data); otherwise a fresh one is made and removed on stop.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const ownDataDir = !env.DATA_DIR
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'lectern-http-'))
  const { url, port, child, output, exited } = await spawnBuiltServer({ ...env, DATA_DIR: dataDir })

  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output()}`)
    if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }

  return {
    url,
    port,
    dataDir,
    child,
    output,
    async signIn(email, role = 'speaker') {
      const res = await fetch(`${url}/__e2e/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url },
        body: JSON.stringify({ email, role }),
      })
      if (!res.ok) throw new Error(`Test session refused: ${res.status}`)
      return res.headers.get('Set-Cookie')!.split(';')[0]!
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
