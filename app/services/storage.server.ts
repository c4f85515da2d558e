import { createReadStream } from 'node:fs'
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type * as S3Sdk from '@aws-sdk/client-s3'
import { getConfig, type Config } from '~/config.server'
import { ICON_PREFIX, STORAGE_BUCKET, STORAGE_CACHE_CONTROL_SECONDS } from '~/lib/constants'
import { isValidKey } from '~/lib/storage-keys'

// File storage (spec 001 §3, §7): a bucket named `images`; SVG icons under `icons/`, other images at
// the root, named `{timestamp}-{filename}`, cache control 3600. Local disk under DATA_DIR/uploads by
// default (served by Express at /uploads/…); S3 (or any S3-compatible store) when S3_BUCKET is set.

export type PutObjectInput = { key: string; body: Buffer; contentType: string; cacheControl?: string }
export type StoredObject = { key: string; url: string }

export const DEFAULT_CACHE_CONTROL = `public, max-age=${STORAGE_CACHE_CONTROL_SECONDS}`

/** The local directory that holds uploads (its `images/` sub-directory is the bucket). */
export function localUploadsDir(config: Config = getConfig()) {
  return path.join(config.dataDir, 'uploads')
}

/**
 * A file name that is safe in a URL and on any file system: runs of other characters become one
 * hyphen, case is kept, the extension survives, length is bounded.
 */
export function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  const stem = dot > 0 ? base.slice(0, dot) : base
  const ext = dot > 0 ? base.slice(dot + 1) : ''
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
  const safeStem = clean(stem).slice(0, 80) || 'file'
  const safeExt = clean(ext).slice(0, 10).toLowerCase()
  return safeExt ? `${safeStem}.${safeExt}` : safeStem
}

let lastTimestamp = 0

/** `icons/{timestamp}-{safe-filename}` for SVG icons, `{timestamp}-{safe-filename}` otherwise. */
export function storageKey(filename: string, options: { icon?: boolean } = {}): string {
  // Strictly increasing within this process, so two uploads of one name in the same millisecond differ.
  const now = Date.now()
  lastTimestamp = now > lastTimestamp ? now : lastTimestamp + 1
  return `${options.icon ? ICON_PREFIX : ''}${lastTimestamp}-${safeFilename(filename)}`
}

/** Stores an object and returns its public URL. */
export async function putObject(input: PutObjectInput): Promise<StoredObject> {
  if (!isValidKey(input.key)) throw new Error(`Invalid storage key: ${input.key}`)
  const config = getConfig()
  const cacheControl = input.cacheControl ?? DEFAULT_CACHE_CONTROL
  if (config.S3_BUCKET) return putS3Object(config, { ...input, cacheControl })
  return putLocalObject(config, input)
}

/** Removes a stored object; removing one that is already gone is not an error. */
export async function deleteObject(key: string, config: Config = getConfig()): Promise<void> {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`)
  if (config.S3_BUCKET) {
    const { client, sdk } = await s3Client(config)
    await client.send(new sdk.DeleteObjectCommand({ Bucket: config.S3_BUCKET, Key: key }))
    return
  }
  try {
    await unlink(path.join(localUploadsDir(config), STORAGE_BUCKET, key))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

export type ListedObject = { key: string; lastModified: Date; size: number }

/** Every object in the bucket (S3 pages through; local walks `images/` and `images/icons/`). */
export async function* listObjects(config: Config = getConfig()): AsyncGenerator<ListedObject> {
  if (config.S3_BUCKET) {
    const { client, sdk } = await s3Client(config)
    let token: string | undefined
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: config.S3_BUCKET, ContinuationToken: token }))
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0), size: object.Size ?? 0 }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return
  }
  const root = path.join(localUploadsDir(config), STORAGE_BUCKET)
  for (const prefix of ['', ICON_PREFIX]) {
    let names: string[]
    try {
      names = await readdir(path.join(root, prefix))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    for (const name of names) {
      // Half-written files (`….tmp`) are not objects yet.
      if (name.endsWith('.tmp')) continue
      const info = await stat(path.join(root, prefix, name)).catch(() => null)
      if (info?.isFile()) yield { key: `${prefix}${name}`, lastModified: info.mtime, size: info.size }
    }
  }
}

/** The key of a URL this storage produced (`{storagePublicUrl}/{key}`), else null: a URL elsewhere is never ours to delete. */
export function keyFromUrl(url: string, config: Config = getConfig()): string | null {
  const value = url.trim()
  const base = `${config.storagePublicUrl}/`
  if (!value.startsWith(base)) return null
  const key = decodeURIComponentSafe(value.slice(base.length).split(/[?#]/)[0]!)
  return key && isValidKey(key) ? key : null
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return ''
  }
}

/** The public URL of a stored key (without checking that it exists). */
export function publicUrl(key: string, config: Config = getConfig()): string {
  return `${config.storagePublicUrl}/${key}`
}

async function putLocalObject(config: Config, input: PutObjectInput): Promise<StoredObject> {
  const bucketDir = path.join(localUploadsDir(config), STORAGE_BUCKET)
  const file = path.join(bucketDir, input.key)
  await mkdir(path.dirname(file), { recursive: true })
  // Write then rename: a reader never sees half a file.
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`
  await writeFile(temp, input.body)
  await rename(temp, file)
  return { key: input.key, url: publicUrl(input.key, config) }
}

type S3 = { client: S3Sdk.S3Client; sdk: typeof S3Sdk }
let s3: { signature: string; value: Promise<S3> } | undefined

function s3Client(config: Config): Promise<S3> {
  const signature = [config.S3_ENDPOINT, config.S3_REGION, config.S3_ACCESS_KEY_ID, config.S3_FORCE_PATH_STYLE].join('|')
  if (s3?.signature !== signature) {
    s3 = {
      signature,
      value: import('@aws-sdk/client-s3').then((sdk) => ({
        sdk,
        client: new sdk.S3Client({
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          // Non-AWS endpoints (MinIO, s3rver, R2, …) want path-style addressing.
          forcePathStyle: config.S3_FORCE_PATH_STYLE || Boolean(config.S3_ENDPOINT),
          // Newer SDKs add CRC checksums by default; several S3-compatible stores then keep a corrupted body.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          credentials:
            config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
              : undefined,
        }),
      })),
    }
  }
  return s3.value
}

async function putS3Object(config: Config, input: Required<PutObjectInput>): Promise<StoredObject> {
  const { client, sdk } = await s3Client(config)
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: config.S3_BUCKET,
      Key: input.key,
      Body: input.body,
      ContentType: input.contentType,
      ContentLength: input.body.length,
      CacheControl: input.cacheControl,
      // S3 cannot attach a CSP to one object; SVG hardening there belongs at the CDN (docs/deploy.md).
      ContentDisposition: 'inline',
    }),
  )
  return { key: input.key, url: publicUrl(input.key, config) }
}

export type ObjectStream = { body: ReadableStream<Uint8Array>; size: number | null }

/** Streams a stored object (for downloads the app gates itself), or null when it does not exist. */
export async function getObjectStream(key: string): Promise<ObjectStream | null> {
  if (!isValidKey(key)) return null
  const config = getConfig()
  if (config.S3_BUCKET) {
    const { client, sdk } = await s3Client(config)
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.S3_BUCKET, Key: key }))
      if (!object.Body) return null
      return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? null }
    } catch (error) {
      if (
        (error as { name?: string }).name === 'NoSuchKey' ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null
      throw error
    }
  }
  const file = path.join(localUploadsDir(config), STORAGE_BUCKET, key)
  try {
    const info = await stat(file)
    if (!info.isFile()) return null
    return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size }
  } catch {
    return null
  }
}
