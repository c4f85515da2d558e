import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { getEncryptionKey } from '~/config.server'

// Third-party secrets at rest (ARCHITECTURE decision 16): CRM access tokens, later webhook secrets.
// AES-256-GCM with a random 96-bit IV per value; the stored text names its format version and the
// key it was sealed with, so a later key rotation can tell old values from new ones:
//
//   v1.<key id>.<iv>.<ciphertext>.<tag>      (base64url parts; key id = first 8 bytes of SHA-256(key))
//
// `context` (e.g. "crm:hubspot:<owner id>") is authenticated but not stored: a value copied into
// another row or purpose fails to open.

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt the stored secret: ${reason}`)
    this.name = 'SecretDecryptionError'
  }
}

/** Identifies a key without revealing it. */
export function keyId(key: Buffer) {
  return createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url')
}

export function encryptSecret(plaintext: string, context: string, key: Buffer = getEncryptionKey()): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, keyId(key), iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

export function decryptSecret(stored: string, context: string, key: Buffer = getEncryptionKey()): string {
  const parts = stored.split('.')
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretDecryptionError('unknown format')
  const [, kid, iv, ciphertext, tag] = parts as [string, string, string, string, string]
  if (kid !== keyId(key)) throw new SecretDecryptionError('it was encrypted with another ENCRYPTION_KEY')
  try {
    // GCM would accept a tag cut short (down to 4 bytes): insist on the full 16.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES })
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new SecretDecryptionError('it was altered or belongs elsewhere')
  }
}
