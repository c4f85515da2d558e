import { expect, type Page } from '@playwright/test'

// Files for the upload paths: a small real PNG, one over the 5 MB image limit, a PDF, an SVG icon.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
export const smallPng = (name = 'photo.png') => ({ name, mimeType: 'image/png', buffer: PNG_1X1 })
export const bigPng = (name = 'huge.png') => ({ name, mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) })
export const pdf = (name = 'talk.pdf') => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%\n') })
export const bigSvg = (name = 'icon.svg') => ({
  name,
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(1024 * 1024)}--></svg>`),
})

export const TOO_LARGE = 'Error uploading image: Images must be 5 MB or smaller.'
export const NOT_IMAGE = 'Error uploading image: Only image files are allowed.'

/** The image really displays (decoded, not blocked by the CSP or a missing object). */
export async function expectImageShown(page: Page, name: string | RegExp) {
  const img = page.getByRole('img', { name })
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
}
