import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startBuiltServer, type BuiltServer } from './built-server'

// Issue 20 §10: the built server's resident memory on the embedded default (docs/performance.md →
// Memory). It was ~0.53 GB after a first start (initdb ran in the server process and left its
// arenas behind; 128 MB of shared buffers touched at start; jsdom loaded at import) and ~0.39 GB
// after a restart; now ~0.3 and ~0.25 GB. The bounds leave room for noise, not for a regression.
// Needs `npm run build`.

const postgres = process.env.TEST_DB_DRIVER === 'postgres'
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

describe.runIf(!postgres)('memory of the built server on PGlite', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-memory-'))
  let server: BuiltServer | undefined

  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('stays under 400 MB after creating its database and under 330 MB after a restart', async () => {
    server = await startBuiltServer({ DATA_DIR: dataDir, NODE_ENV: 'production', E2E_TEST_HOOKS: '' })
    expect(rssMb(server.child.pid!)).toBeLessThan(400)
    await server.stop()
    server = await startBuiltServer({ DATA_DIR: dataDir, NODE_ENV: 'production', E2E_TEST_HOOKS: '' })
    expect(rssMb(server.child.pid!)).toBeLessThan(330)
  }, 120_000)
})
