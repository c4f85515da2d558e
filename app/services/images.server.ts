import { IMAGE_UPLOAD_ERRORS, imageFileProblem } from '~/lib/image-upload'
import { putObject, storageKey } from './storage.server'

// Raster uploads (hero images, profile photos, editor images; ARCHITECTURE decision 12): image/* only,
// at most 5 MB, decoded and re-encoded by sharp so only pixels survive (EXIF, GPS, ICC comments and
// any payload hidden in the file are dropped), rotated by EXIF first, longest side bounded.

export const IMAGE_MAX_DIMENSION = 2000
// Refuse decompression bombs: a 5 MB PNG can claim billions of pixels.
const MAX_INPUT_PIXELS = 60_000_000
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export { IMAGE_UPLOAD_ERRORS }

export type ImageUploadResult =
  { ok: true; url: string; key: string; width: number; height: number } | { ok: false; error: string }

export async function processImageUpload(file: File | null | undefined): Promise<ImageUploadResult> {
  if (!file || typeof file === 'string') return { ok: false, error: IMAGE_UPLOAD_ERRORS.missing }
  const problem = imageFileProblem(file)
  if (problem) return { ok: false, error: problem }

  const { default: sharp } = await import('sharp')
  const input = Buffer.from(await file.arrayBuffer())
  let output: { data: Buffer; info: { width: number; height: number } }
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    // Judge the bytes, not the declared type: an SVG or PDF renamed to .png is refused too.
    const { format } = await image.metadata()
    if (!format || !RASTER_FORMATS.has(format)) return { ok: false, error: IMAGE_UPLOAD_ERRORS.unreadable }
    output = await image
      .rotate()
      .resize({ width: IMAGE_MAX_DIMENSION, height: IMAGE_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      // WebP keeps transparency, so one format serves photos and logos alike; metadata is not copied.
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    return { ok: false, error: IMAGE_UPLOAD_ERRORS.unreadable }
  }
  const stem = (file.name || 'image').replace(/\.[^.]*$/, '') || 'image'
  const stored = await putObject({ key: storageKey(`${stem}.webp`), body: output.data, contentType: 'image/webp' })
  return { ok: true, url: stored.url, key: stored.key, width: output.info.width, height: output.info.height }
}
