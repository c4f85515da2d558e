import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getConfig, parseConfig, resetConfig } from '~/config.server'
import { processImageUpload } from '~/services/images.server'
import { putObject, storageKey } from '~/services/storage.server'
import { startFakeS3 } from '../fakes/s3'

// The S3 path of the storage service against s3rver (spec 001 §7: bucket images, cache control 3600).
let s3: Awaited<ReturnType<typeof startFakeS3>>
let client: S3Client

beforeAll(async () => {
  s3 = await startFakeS3('images')
  const base = getConfig()
  resetConfig(
    parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: base.dataDir,
      SESSION_SECRET: 'test-session-secret',
      SEED_DEMO: 'false',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
  )
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
})

afterAll(async () => {
  client?.destroy()
  await s3?.close()
})

async function fetchObject(key: string) {
  const out = await client.send(new GetObjectCommand({ Bucket: 'images', Key: key }))
  return {
    body: Buffer.from(await out.Body!.transformToByteArray()),
    contentType: out.ContentType,
    cacheControl: out.CacheControl,
  }
}

describe('S3 storage', () => {
  it('uploads an SVG icon under icons/ with cache control 3600, byte for byte', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="10"/></svg>',
    )
    const key = storageKey('mic icon.svg', { icon: true })
    const stored = await putObject({ key, body: svg, contentType: 'image/svg+xml' })
    expect(stored.key).toMatch(/^icons\/\d+-mic-icon\.svg$/)
    expect(stored.url).toBe(`${s3.endpoint}/images/${key}`)
    const object = await fetchObject(key)
    expect(object.body.equals(svg)).toBe(true)
    expect(object.contentType).toBe('image/svg+xml')
    expect(object.cacheControl).toBe('public, max-age=3600')
  })

  it('stores a processed image at the bucket root and serves it at its public URL', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer()
    const result = await processImageUpload(new File([png], 'cover.png', { type: 'image/png' }))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.key).toMatch(/^\d+-cover\.webp$/)
    const object = await fetchObject(result.key)
    expect(object.contentType).toBe('image/webp')
    const meta = await sharp(object.body).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 })
    const res = await fetch(result.url)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(object.body)).toBe(true)
  })
})
