import { describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES } from './constants'
import { IMAGE_UPLOAD_ERRORS, imageFileProblem } from './image-upload'

describe('imageFileProblem (checked in the browser before sending, and again on the server)', () => {
  it.each([
    [{ type: 'image/png', size: 1024 }, null],
    [{ type: 'image/jpeg', size: IMAGE_MAX_BYTES }, null],
    [{ type: 'IMAGE/WEBP', size: 10 }, null],
    [{ type: 'image/png', size: IMAGE_MAX_BYTES + 1 }, IMAGE_UPLOAD_ERRORS.tooLarge],
    [{ type: 'image/png', size: 6 * 1024 * 1024 }, 'Images must be 5 MB or smaller.'],
    [{ type: 'application/pdf', size: 1024 }, 'Only image files are allowed.'],
    [{ type: '', size: 1024 }, IMAGE_UPLOAD_ERRORS.notImage],
    [{ type: 'image/svg+xml', size: 100 }, IMAGE_UPLOAD_ERRORS.svg],
    [{ type: 'image/png', size: 0 }, IMAGE_UPLOAD_ERRORS.missing],
  ])('%j → %s', (file, expected) => {
    expect(imageFileProblem(file)).toBe(expected)
  })
})
