import { expect, test } from '@playwright/test'
import { fillSpeakerForm, newSpeaker, slugOf } from './speakers-helpers'
import { bigPng, bigSvg, expectImageShown, NOT_IMAGE, pdf, smallPng, TOO_LARGE } from './uploads-helpers'
import { signIn } from './utils'

// Uploads without JavaScript: the file rides with the form; a file over its limit answers 413 with
// the spec's message by its field and the typed fields kept; the pages show what was stored.
test.describe('uploads without JavaScript', () => {
  test.describe.configure({ timeout: 90_000 })

  test('speaker photo: too large → 413 by the photo with the form kept; wrong type → message; a photo shows on the profile', async ({
    page,
    context,
  }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/speakers/admin/editor')
    const s = newSpeaker('Photo NoJs')
    await fillSpeakerForm(page, s, { js: false })

    await page.getByLabel('Profile photo').setInputFiles(bigPng())
    const [tooLarge] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/speakers/admin/editor')),
      page.getByRole('button', { name: 'Publish', exact: true }).click(),
    ])
    expect(tooLarge.status()).toBe(413)
    await expect(page.getByText(TOO_LARGE)).toBeVisible()
    await expect(page.getByLabel('Profile photo')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(s.name)

    await page.getByLabel('Profile photo').setInputFiles(pdf())
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page.getByText(NOT_IMAGE)).toBeVisible()

    await page.getByLabel('Profile photo').setInputFiles(smallPng('me.png'))
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page).toHaveURL(/\/speakers\/admin$/)
    await page.goto(`/speakers/${slugOf(s)}`)
    await expectImageShown(page, s.name)
  })

  test('post hero image too large → 413 by the field with the title kept', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/resources/admin/editor')
    await page.getByLabel('Title', { exact: true }).fill('Hero too large')
    await page.getByLabel('Content', { exact: true }).fill('Body')
    await page.getByLabel('Hero Image').setInputFiles(bigPng())
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/resources/admin/editor')),
      page.getByRole('button', { name: 'Publish' }).click(),
    ])
    expect(answer.status()).toBe(413)
    await expect(page.getByText(TOO_LARGE)).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Hero too large')
  })

  test('featured icon of 1 MB or more → 413 with the spec message', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/resources/admin/featured?modal=add')
    const add = page.getByRole('dialog', { name: 'Add Section' })
    await add.getByLabel('Title').fill('Big icon')
    await add.getByLabel('Description').fill('x')
    await add.getByLabel('Button label').fill('Go')
    await add.getByLabel('Button link').fill('https://example.com/go')
    await add.getByLabel(/Icon/).setInputFiles(bigSvg())
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/resources/admin/featured')),
      add.getByRole('button', { name: 'Add Section' }).click(),
    ])
    expect(answer.status()).toBe(413)
    await expect(page.getByText('File size must be less than 1MB')).toBeVisible()
  })
})
