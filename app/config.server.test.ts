import { describe, expect, it } from 'vitest'
import { parseConfig, storageImageSource } from './config.server'

// One setting decides where stored objects are read from; the storage service, the CSP and the bio
// sanitizer all derive from config.storagePublicUrl.
const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/lectern-config-test' } as const

describe('storage public URL', () => {
  it.each([
    [{}, '/uploads/images', null],
    [{ S3_BUCKET: 'images' }, 'https://images.s3.us-east-1.amazonaws.com', 'https://images.s3.us-east-1.amazonaws.com/'],
    [
      { S3_BUCKET: 'images', S3_REGION: 'eu-west-1' },
      'https://images.s3.eu-west-1.amazonaws.com',
      'https://images.s3.eu-west-1.amazonaws.com/',
    ],
    [{ S3_BUCKET: 'images', S3_ENDPOINT: 'http://minio:9000/' }, 'http://minio:9000/images', 'http://minio:9000/images/'],
    [
      { S3_BUCKET: 'images', S3_ENDPOINT: 'http://minio:9000', S3_PUBLIC_URL: 'https://cdn.example.com/media/' },
      'https://cdn.example.com/media',
      'https://cdn.example.com/media/',
    ],
    [{ S3_BUCKET: 'b', S3_PUBLIC_URL: 'http://files.example.com' }, 'http://files.example.com', 'http://files.example.com/'],
    // A path a CSP cannot carry verbatim: the whole origin instead.
    [
      { S3_BUCKET: 'b', S3_PUBLIC_URL: 'http://files.example.com/a;b' },
      'http://files.example.com/a;b',
      'http://files.example.com',
    ],
  ])('%j → %s, CSP source %s', (env, url, source) => {
    const config = parseConfig({ ...base, ...env })
    expect(config.storagePublicUrl).toBe(url)
    expect(storageImageSource(config)).toBe(source)
  })
})
