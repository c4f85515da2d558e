import { expect, test } from '@playwright/test'
import { fillSpeakerForm, newSpeaker, slugOf } from './speakers-helpers'
import { bigPng, expectImageShown, NOT_IMAGE, pdf, smallPng, TOO_LARGE } from './uploads-helpers'
import { signIn, uniqueEmail } from './utils'

// Uploads with JavaScript: the browser refuses an oversized or wrong file before sending it, the
// server's 413 reaches the page (not a connection reset), and the pages show what was uploaded.
test.describe('uploads with JavaScript', () => {
  test.describe.configure({ timeout: 90_000 })

  test('profile photo: refused before sending when too large or not an image; a photo shows at once and on the profile', async ({
    page,
    context,
  }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const uploads: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/uploads/image')) uploads.push(r.url())
    })
    await page.goto('/speakers/admin/editor')
    await expect(page.getByRole('textbox', { name: 'Bio' })).toBeVisible()
    const photo = page.getByLabel('Profile photo')

    await photo.setInputFiles(bigPng())
    await expect(page.getByText(TOO_LARGE)).toBeVisible()
    await expect(photo).toHaveAttribute('aria-invalid', 'true')
    await photo.setInputFiles(pdf())
    await expect(page.getByText(NOT_IMAGE)).toBeVisible()
    expect(uploads).toEqual([])

    const s = newSpeaker('Photo Js')
    await fillSpeakerForm(page, s, { js: true })
    await photo.setInputFiles(smallPng('me.png'))
    await expectImageShown(page, 'Current profile')
    expect(uploads).toHaveLength(1)
    await expect(page.getByText(NOT_IMAGE)).toHaveCount(0)
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page).toHaveURL(/\/speakers\/admin$/)
    await page.goto(`/speakers/${slugOf(s)}`)
    await expectImageShown(page, s.name)
  })

  test('the server answers an oversized upload with 413 and its message, which the browser receives', async ({
    page,
    context,
  }) => {
    await signIn(context, uniqueEmail('big-upload'))
    await page.goto('/premium/speaker-profile-submissions')
    const answer = await page.evaluate(async () => {
      const body = new FormData()
      body.append('file', new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }))
      const res = await fetch('/api/uploads/image', { method: 'POST', body, headers: { Accept: 'application/json' } })
      return { status: res.status, body: await res.json() }
    })
    expect(answer).toEqual({ status: 413, body: { error: 'Images must be 5 MB or smaller.' } })
  })

  test('post hero image: refused next to the field before sending; an image previews and shows on the article', async ({
    page,
    context,
  }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/resources/admin/editor')
    const hero = page.getByLabel('Hero Image')
    await hero.setInputFiles(bigPng())
    await expect(page.getByText(TOO_LARGE)).toBeVisible()
    await expect(hero).toHaveAttribute('aria-invalid', 'true')
    await hero.setInputFiles(pdf())
    await expect(page.getByText(NOT_IMAGE)).toBeVisible()

    await hero.setInputFiles(smallPng('hero.png'))
    await expectImageShown(page, 'Hero preview')
    await expect(page.getByText(NOT_IMAGE)).toHaveCount(0)
  })

  test('bio editor: heading levels switch in one click, the toolbar stays below the site header, a video leaves the cursor after it', async ({
    page,
    context,
  }) => {
    await signIn(context, uniqueEmail('bio-editor'))
    await page.goto('/premium/speaker-profile-submissions')
    // The editor replaces the plain textarea once its chunk has loaded (that takeover has its own
    // test in speakers.spec.ts); this one is about the editor, so it starts once the editor is there.
    const toolbar = page.getByRole('toolbar', { name: 'Bio formatting' })
    await expect(toolbar).toBeVisible()
    const editor = page.getByRole('textbox', { name: 'Bio' })
    await editor.click()
    await page.keyboard.type('Title')
    const h = (n: number) => toolbar.getByRole('button', { name: `Heading ${n}` })

    await h(1).click()
    await expect(editor.locator('h1')).toHaveText('Title')
    await expect(h(1)).toHaveAttribute('aria-pressed', 'true')
    await expect(h(2)).toHaveAttribute('aria-pressed', 'false')
    await expect(h(3)).toHaveAttribute('aria-pressed', 'false')
    await h(2).click()
    await expect(editor.locator('h2')).toHaveText('Title')
    await expect(editor.locator('h1')).toHaveCount(0)
    await expect(h(2)).toHaveAttribute('aria-pressed', 'true')
    await expect(h(1)).toHaveAttribute('aria-pressed', 'false')

    // Embed a video as the last block, then keep typing: the text lands after the video.
    await page.keyboard.press('End')
    await toolbar.getByRole('button', { name: 'Embed video' }).click()
    await page.getByLabel('Embed code').fill('<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>')
    await page.getByRole('button', { name: 'Insert embed' }).click()
    await expect(editor.locator('iframe')).toHaveCount(1)
    await page.keyboard.type('After the video')
    await expect(editor.locator('iframe')).toHaveCount(1)
    await expect(editor.locator('p', { hasText: 'After the video' })).toBeVisible()

    // Scrolled into a long bio, the toolbar sticks just below the sticky site header (not under it).
    await editor.click()
    for (let i = 0; i < 40; i++) await page.keyboard.press('Enter')
    await editor.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top + 300))
    const header = (await page.getByRole('banner').boundingBox())!
    expect(header.y).toBe(0)
    await expect.poll(async () => Math.round((await toolbar.boundingBox())!.y)).toBe(Math.round(header.y + header.height))
    // The toolbar is not covered: the element at its centre is the toolbar (or inside it).
    const bar = (await toolbar.boundingBox())!
    const onTop = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[role="toolbar"]')),
      [bar.x + 10, bar.y + bar.height / 2],
    )
    expect(onTop).toBe(true)
  })
})
