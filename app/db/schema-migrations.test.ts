import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import config from '../../drizzle.config'

// The schema (app/db/schema/, one file per domain) and the checked-in migrations agree: drizzle-kit,
// reading the folder drizzle.config.ts names, finds nothing to migrate. Run on a copy of drizzle/, so
// a schema change without its migration fails here instead of leaving a stray file in the repo.
const root = path.resolve(import.meta.dirname, '../..')
const bin = path.join(root, 'node_modules/.bin/drizzle-kit')

function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()
}

describe('drizzle-kit generate', () => {
  let out: string | undefined
  afterEach(() => {
    if (out) rmSync(out, { recursive: true, force: true })
  })

  it('finds nothing to migrate in app/db/schema/', () => {
    expect(config.schema).toBe('./app/db/schema')
    out = mkdtempSync(path.join(tmpdir(), 'lectern-migrations-'))
    cpSync(path.join(root, 'drizzle'), out, { recursive: true })
    // drizzle-kit joins --out to the working directory, so it takes a relative path.
    const stdout = execFileSync(
      bin,
      ['generate', '--dialect', 'postgresql', '--schema', String(config.schema), '--out', path.relative(root, out)],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    expect(stdout).toContain('No schema changes, nothing to migrate')
    expect(listing(out)).toEqual(listing(path.join(root, 'drizzle')))
    const journal = 'meta/_journal.json'
    expect(readFileSync(path.join(out, journal), 'utf8')).toBe(readFileSync(path.join(root, 'drizzle', journal), 'utf8'))
  }, 60_000)
})
