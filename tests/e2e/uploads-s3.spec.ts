import { expect, test, type BrowserContext } from '@playwright/test'
import { startFakeS3 } from '../fakes/s3'
import { startBuiltServer, type BuiltServer } from '../integration/built-server'
import { fillSpeakerForm, newSpeaker, slugOf } from './speakers-helpers'
import { expectImageShown, smallPng } from './uploads-helpers'

// The site against an S3-compatible bucket over plain http (as MinIO or LocalStack run on-premise):
// its own production server on a free port with S3_ENDPOINT=http://127.0.0.1:…, s3rver as the store.
// Every upload path stores into the bucket and every page then shows the image in Chromium — which
// only works when the CSP's img-src admits exactly that bucket and the sanitizer keeps its URLs.
let s3: Awaited<ReturnType<typeof startFakeS3>>
let server: BuiltServer

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  s3 = await startFakeS3('images')
  server = await startBuiltServer({
    S3_BUCKET: 'images',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  })
})

test.afterAll(async () => {
  await server?.stop()
  await s3?.close()
})

async function adminContext(context: BrowserContext) {
  const res = await context.request.post(`${server.url}/__e2e/session`, { data: { email: 'admin@example.com', role: 'admin' } })
  expect(res.ok()).toBe(true)
}

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#36f"/></svg>'

test('the CSP admits the bucket origin and path, and no other http source', async ({ request }) => {
  const res = await request.get(`${server.url}/`)
  const csp = res.headers()['content-security-policy']!
  const imgSrc = csp
    .split(';')
    .find((d) => d.trim().startsWith('img-src'))!
    .trim()
  expect(imgSrc).toBe(`img-src 'self' data: blob: https: ${s3.endpoint}/images/`)
})

test('speaker photo and bio image from the bucket show in the editor and on the profile', async ({ page, context }) => {
  await adminContext(context)
  await page.goto(`${server.url}/speakers/admin/editor`)
  const editor = page.getByRole('textbox', { name: 'Bio' })
  await expect(editor).toBeVisible()
  const s = newSpeaker('Bucket Photo')
  await fillSpeakerForm(page, s, { js: true })

  await page.getByLabel('Profile photo').setInputFiles(smallPng('me.png'))
  await expectImageShown(page, 'Current profile')
  await expect(page.getByRole('img', { name: 'Current profile' })).toHaveAttribute(
    'src',
    new RegExp(`^${s3.endpoint}/images/\\d+-me\\.webp$`),
  )

  await editor.click()
  await page.getByLabel('Image file for the bio').setInputFiles(smallPng('stage.png'))
  const inEditor = editor.locator('img[src$="-stage.webp"]')
  await expect(inEditor).toHaveAttribute('src', new RegExp(`^${s3.endpoint}/images/\\d+-stage\\.webp$`))
  await expect.poll(() => inEditor.evaluate((el: HTMLImageElement) => el.naturalWidth > 0)).toBe(true)

  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page).toHaveURL(/\/speakers\/admin$/)
  await page.goto(`${server.url}/speakers/${slugOf(s)}`)
  await expectImageShown(page, s.name)
  // The bio image survived sanitizing (http, but under the bucket URL) and displays.
  const bioImage = page.locator(`main img[src^="${s3.endpoint}/images/"][src$="-stage.webp"]`)
  await expect(bioImage).toBeVisible()
  await expect.poll(() => bioImage.evaluate((el: HTMLImageElement) => el.naturalWidth > 0)).toBe(true)
})

test('post hero image from the bucket shows in the editor and on the article', async ({ page, context }) => {
  await adminContext(context)
  await page.goto(`${server.url}/resources/admin/editor`)
  const title = `Bucket hero ${Date.now()}`
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Hero Image').setInputFiles(smallPng('hero.png'))
  await expectImageShown(page, 'Hero preview')
  await page
    .getByRole('button', { name: 'Markdown' })
    .click()
    .catch(() => {})
  await page.getByLabel('Content', { exact: true }).fill('Body of the article.')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/resources\/admin$/)
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  await page.goto(`${server.url}/resources/${slug}`)
  const hero = page.locator(`main img[src^="${s3.endpoint}/images/"]`).first()
  await expect(hero).toBeVisible()
  await expect.poll(() => hero.evaluate((el: HTMLImageElement) => el.naturalWidth > 0)).toBe(true)
})

test('featured icon from the bucket shows in the admin list and on the resources page', async ({ page, context }) => {
  await adminContext(context)
  await page.goto(`${server.url}/resources/admin/featured?modal=add`)
  const add = page.getByRole('dialog', { name: 'Add Section' })
  const title = `Bucket kit ${Date.now()}`
  await add.getByLabel('Title').fill(title)
  await add.getByLabel('Description').fill('From the bucket')
  await add.getByLabel('Button label').fill('Get it')
  await add.getByLabel('Button link').fill('https://example.com/kit')
  await add.getByLabel(/Icon/).setInputFiles({ name: 'kit.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(ICON) })
  await add.getByRole('button', { name: 'Add Section' }).click()
  await expect(page.getByText(`Added "${title}".`)).toBeVisible()
  await expectImageShown(page, `${title} icon`)
  await page.goto(`${server.url}/resources`)
  const icon = page.locator(`img[src^="${s3.endpoint}/images/icons/"]`).first()
  await expect(icon).toBeVisible()
  await expect.poll(() => icon.evaluate((el: HTMLImageElement) => el.naturalWidth > 0)).toBe(true)
})
