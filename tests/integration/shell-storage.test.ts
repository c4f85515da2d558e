import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getConfig } from '~/config.server'
import { action as uploadAction, loader as uploadLoader } from '~/routes/api.uploads.image'
import { IMAGE_UPLOAD_ERRORS, processImageUpload } from '~/services/images.server'
import { localUploadsDir, putObject, safeFilename, storageKey } from '~/services/storage.server'
import { call, makeRequest, signedInAs } from './utils'

async function png(width: number, height: number, options: { alpha?: boolean; exif?: boolean } = {}) {
  let image = sharp({
    create: {
      width,
      height,
      channels: options.alpha ? 4 : 3,
      background: options.alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : { r: 20, g: 120, b: 220 },
    },
  }).png()
  if (options.exif)
    image = image.withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'Jane Example' } } })
  return image.toBuffer()
}

/** A resource route's answer: a real Response (single fetch would send `data()` as 200). */
async function jsonOf(result: unknown) {
  expect(result).toBeInstanceOf(Response)
  const response = result as Response
  return { body: (await response.json()) as Record<string, unknown>, status: response.status }
}

describe('storage keys (spec 001 §3, §7)', () => {
  it('names objects {timestamp}-{filename}, icons under icons/', () => {
    const before = Date.now()
    const key = storageKey('Speaker Photo (final).PNG')
    const match = key.match(/^(\d+)-(.+)$/)
    expect(match).not.toBeNull()
    expect(Number(match![1])).toBeGreaterThanOrEqual(before)
    expect(match![2]).toBe('Speaker-Photo-final.png')
    expect(storageKey('badge.svg', { icon: true })).toMatch(/^icons\/\d+-badge\.svg$/)
  })

  it('makes hostile names safe and keeps two same-millisecond keys apart', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd')
    expect(safeFilename('.htaccess')).toBe('htaccess')
    expect(safeFilename('<script>.svg')).toBe('script.svg')
    expect(safeFilename('café menu.jpg')).toBe('cafe-menu.jpg')
    expect(safeFilename('')).toBe('file')
    const keys = new Set(Array.from({ length: 20 }, () => storageKey('same.png')))
    expect(keys.size).toBe(20)
  })

  it('stores on local disk under DATA_DIR/uploads/images and returns the /uploads URL', async () => {
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
    const key = storageKey('icon.svg', { icon: true })
    const stored = await putObject({ key, body, contentType: 'image/svg+xml' })
    expect(stored).toEqual({ key, url: `/uploads/images/${key}` })
    const file = path.join(localUploadsDir(), 'images', key)
    expect(file.startsWith(getConfig().dataDir)).toBe(true)
    expect(readFileSync(file).equals(body)).toBe(true)
  })

  it('refuses keys that could escape the bucket', async () => {
    for (const key of ['../x.png', 'a/../../x.png', '/etc/x', '.hidden', 'icons/../x', 'dir/x.png']) {
      await expect(putObject({ key, body: Buffer.from('x'), contentType: 'image/png' })).rejects.toThrow(/Invalid storage key/)
    }
  })
})

describe('processImageUpload', () => {
  it('re-encodes to WebP, bounds the longest side to 2000 px and strips metadata', async () => {
    const input = await png(3000, 1500, { exif: true })
    expect(input.includes(Buffer.from('secret-owner'))).toBe(true)
    const result = await processImageUpload(new File([input], 'Big Banner.png', { type: 'image/png' }))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.url).toMatch(/^\/uploads\/images\/\d+-Big-Banner\.webp$/)
    const stored = readFileSync(path.join(localUploadsDir(), 'images', result.key))
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false)
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    // EXIF orientation 6 means "rotate 90°": the stored pixels are already upright.
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 1000, height: 2000 })
  })

  it('keeps transparency and never enlarges small images', async () => {
    const result = await processImageUpload(new File([await png(40, 30, { alpha: true })], 'logo.png', { type: 'image/png' }))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const meta = await sharp(readFileSync(path.join(localUploadsDir(), 'images', result.key))).metadata()
    expect(meta).toMatchObject({ width: 40, height: 30, hasAlpha: true })
  })

  it('rejects non-images, SVG, oversize and undecodable files with clear messages', async () => {
    expect(await processImageUpload(null)).toEqual({ ok: false, error: IMAGE_UPLOAD_ERRORS.missing })
    expect(await processImageUpload(new File(['hello'], 'a.txt', { type: 'text/plain' }))).toEqual({
      ok: false,
      error: IMAGE_UPLOAD_ERRORS.notImage,
    })
    expect(await processImageUpload(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }))).toEqual({
      ok: false,
      error: IMAGE_UPLOAD_ERRORS.svg,
    })
    const big = new File([Buffer.alloc(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    expect(await processImageUpload(big)).toEqual({ ok: false, error: 'Images must be 5 MB or smaller.' })
    const svgAsPng = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    expect(await processImageUpload(new File([svgAsPng], 'sneaky.png', { type: 'image/png' }))).toEqual({
      ok: false,
      error: IMAGE_UPLOAD_ERRORS.unreadable,
    })
    expect(await processImageUpload(new File(['not really a png'], 'fake.png', { type: 'image/png' }))).toEqual({
      ok: false,
      error: IMAGE_UPLOAD_ERRORS.unreadable,
    })
  })
})

describe('POST /api/uploads/image', () => {
  const upload = (file: File | null, cookie?: string) => {
    const form = new FormData()
    if (file) form.append('file', file)
    return makeRequest('/api/uploads/image', { form, cookie })
  }

  it('needs a signed-in user', async () => {
    const file = new File([await png(10, 10)], 'a.png', { type: 'image/png' })
    const { body, status } = await jsonOf(await call(uploadAction, upload(file)))
    expect(status).toBe(401)
    expect(body.error).toMatch(/signed in/)
  })

  it('answers {url} for an image and the file is really stored', async () => {
    const { cookie } = await signedInAs('uploader@example.com')
    const file = new File([await png(120, 80)], 'headshot.png', { type: 'image/png' })
    const { body, status } = await jsonOf(await call(uploadAction, upload(file, cookie)))
    expect(status).toBe(200)
    expect(body.url).toMatch(/^\/uploads\/images\/\d+-headshot\.webp$/)
    expect(existsSync(path.join(localUploadsDir(), String(body.url).replace('/uploads/', '')))).toBe(true)
  })

  it('answers 400 {error} for a missing or wrong file and 413 for a large one', async () => {
    const { cookie } = await signedInAs('uploader2@example.com')
    expect(await jsonOf(await call(uploadAction, upload(null, cookie)))).toEqual({
      status: 400,
      body: { error: 'No file provided' },
    })
    const text = new File(['hi'], 'a.txt', { type: 'text/plain' })
    expect(await jsonOf(await call(uploadAction, upload(text, cookie)))).toEqual({
      status: 400,
      body: { error: IMAGE_UPLOAD_ERRORS.notImage },
    })
    const big = new File([Buffer.alloc(5 * 1024 * 1024 + 10)], 'big.png', { type: 'image/png' })
    expect(await jsonOf(await call(uploadAction, upload(big, cookie)))).toEqual({
      status: 413,
      body: { error: IMAGE_UPLOAD_ERRORS.tooLarge },
    })
  })

  it('answers 405 to GET', async () => {
    const { status } = await jsonOf(await uploadLoader())
    expect(status).toBe(405)
  })
})
