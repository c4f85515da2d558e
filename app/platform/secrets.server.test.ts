import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { assertEncryptionKeyAtStart, decodeKey, getEncryptionKey, MissingEncryptionKeyError, parseConfig } from '~/config.server'
import { decryptSecret, encryptSecret, keyId, SecretDecryptionError } from './secrets.server'

const key = randomBytes(32)
const context = 'crm:hubspot:owner-1'

describe('secrets at rest', () => {
  it.each(['pat-na1-0123456789abcdef', '', 'ünïcødé 🔑', 'x'.repeat(5000)])('round-trips %j', (plaintext) => {
    const stored = encryptSecret(plaintext, context, key)
    expect(stored.startsWith(`v1.${keyId(key)}.`)).toBe(true)
    if (plaintext) expect(stored).not.toContain(plaintext)
    expect(decryptSecret(stored, context, key)).toBe(plaintext)
  })

  it('uses a fresh IV each time', () => {
    expect(encryptSecret('same', context, key)).not.toBe(encryptSecret('same', context, key))
  })

  const flip = (stored: string, index: number) => {
    const parts = stored.split('.')
    const bytes = Buffer.from(parts[index]!, 'base64url')
    bytes[0] = bytes[0]! ^ 1
    parts[index] = bytes.toString('base64url')
    return parts.join('.')
  }

  it.each([
    ['the IV', (s: string) => flip(s, 2)],
    ['the ciphertext', (s: string) => flip(s, 3)],
    ['the tag', (s: string) => flip(s, 4)],
    ['a truncated tag', (s: string) => s.slice(0, -4)],
    ['another version', (s: string) => s.replace(/^v1\./, 'v2.')],
    ['a missing part', (s: string) => s.split('.').slice(0, 4).join('.')],
    ['plain text', () => 'pat-na1-0123456789abcdef'],
  ])('refuses a value with %s altered', (_, tamper) => {
    const stored = encryptSecret('pat-na1-secret', context, key)
    expect(() => decryptSecret(tamper(stored), context, key)).toThrow(SecretDecryptionError)
  })

  it('refuses another key and another context', () => {
    const stored = encryptSecret('pat-na1-secret', context, key)
    expect(() => decryptSecret(stored, context, randomBytes(32))).toThrow(/another ENCRYPTION_KEY/)
    expect(() => decryptSecret(stored, 'crm:hubspot:owner-2', key)).toThrow(SecretDecryptionError)
  })
})

describe('ENCRYPTION_KEY', () => {
  it.each([
    [randomBytes(32).toString('base64'), true],
    [randomBytes(32).toString('base64url'), true],
    [randomBytes(32).toString('hex'), true],
    [randomBytes(16).toString('base64'), false],
    [randomBytes(31).toString('hex'), false],
    ['not a key at all', false],
  ])('decodes %s: %s', (value, ok) => {
    expect(decodeKey(value)?.length ?? null).toBe(ok ? 32 : null)
  })

  it('rejects a malformed key at start-up', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/)
  })

  it('uses the configured key, else one generated once in DATA_DIR; production on Postgres requires it', () => {
    const given = randomBytes(32)
    const postgres = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.internal/lectern' } as const
    expect(getEncryptionKey(parseConfig({ ...postgres, ENCRYPTION_KEY: given.toString('hex') }))).toEqual(given)
    // Thrown as a 503 Response: a route that does not catch it answers 503 with the reason, never 500.
    let thrown: unknown
    try {
      getEncryptionKey(parseConfig(postgres))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(MissingEncryptionKeyError)
    expect((thrown as Response).status).toBe(503)

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-key-'))
    try {
      const first = getEncryptionKey(parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }))
      const file = path.join(dataDir, 'encryption-key')
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(decodeKey(readFileSync(file, 'utf8'))).toEqual(first)
      expect(getEncryptionKey(parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }))).toEqual(first)
      // `npm start`'s default, production on the embedded database: the same generated key.
      expect(getEncryptionKey(parseConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }))).toEqual(first)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('refuses to start production on Postgres without it; generates it at start on the embedded default', () => {
    expect(() => assertEncryptionKeyAtStart(parseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' }))).toThrow(
      /^ENCRYPTION_KEY is not set\. In production on Postgres \(DATABASE_URL\) it is required.*openssl rand -base64 32/,
    )
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lectern-key-'))
    try {
      // Development and tests on Postgres: generated, like the session secret.
      for (const NODE_ENV of ['development', 'test'] as const) {
        expect(() =>
          assertEncryptionKeyAtStart(parseConfig({ NODE_ENV, DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/x' })),
        ).not.toThrow()
      }
      assertEncryptionKeyAtStart(parseConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }))
      expect(decodeKey(readFileSync(path.join(dataDir, 'encryption-key'), 'utf8'))).not.toBeNull()
      const given = randomBytes(32).toString('base64')
      expect(() =>
        assertEncryptionKeyAtStart(
          parseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', ENCRYPTION_KEY: given }),
        ),
      ).not.toThrow()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
