import { IMAGE_MAX_BYTES, SVG_MIME_TYPE } from './constants'

// The image-upload rules both sides apply (ARCHITECTURE decision 12): the browser refuses a file
// before sending it, the server refuses it again (and re-encodes what it accepts), with the same
// sentences. Raster images only, at most 5 MB.

export const IMAGE_UPLOAD_ERRORS = {
  missing: 'No file provided',
  notImage: 'Only image files are allowed.',
  svg: 'SVG files cannot be used here. Please upload a PNG, JPEG, WebP or GIF image.',
  tooLarge: 'Images must be 5 MB or smaller.',
  unreadable: 'This file could not be read as an image. Please upload a PNG, JPEG, WebP or GIF image.',
} as const

/** Spec 001 §8: shown when an upload fails without a message of its own. */
export const IMAGE_UPLOAD_FAILED = 'Failed to upload image. Please try again.'
/** The prefix spec 001 §8 puts before every upload message. */
export const uploadErrorText = (message: string) => `Error uploading image: ${message}`

/** Why this file cannot be uploaded as an image, or null when it may be sent. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (file.size === 0) return IMAGE_UPLOAD_ERRORS.missing
  const type = (file.type || '').toLowerCase()
  if (!type.startsWith('image/')) return IMAGE_UPLOAD_ERRORS.notImage
  if (type === SVG_MIME_TYPE) return IMAGE_UPLOAD_ERRORS.svg
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_UPLOAD_ERRORS.tooLarge
  return null
}

export type ImageUploadOutcome = { ok: true; url: string } | { ok: false; error: string | null }

/**
 * Uploads an image through POST /api/uploads/image (editors with JavaScript). A file the rules refuse
 * is never sent; a refusal from the server (400, 413, 429 …) comes back as its message; a failure
 * without one (network, unexpected answer) as error null, for the caller's generic text.
 */
export async function uploadImageFile(file: File): Promise<ImageUploadOutcome> {
  const problem = imageFileProblem(file)
  if (problem) return { ok: false, error: problem }
  const body = new FormData()
  body.append('file', file)
  try {
    const res = await fetch('/api/uploads/image', { method: 'POST', body, headers: { Accept: 'application/json' } })
    const json = (await res.json().catch(() => ({}))) as { url?: string; error?: string }
    if (res.ok && json.url) return { ok: true, url: json.url }
    if (json.error) return { ok: false, error: json.error }
    return { ok: false, error: res.status === 413 ? IMAGE_UPLOAD_ERRORS.tooLarge : null }
  } catch {
    return { ok: false, error: null }
  }
}
