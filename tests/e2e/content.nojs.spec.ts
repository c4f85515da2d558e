import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { createPostViaEditor, slugOf, svgUpload, uid } from './content-helpers'
import { appUrl, signIn } from './utils'

test.describe('content without JavaScript', () => {
  test.describe.configure({ timeout: 90_000 })

  test('admin creates (with hero image), edits, drafts and deletes a post through plain forms', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/resources/admin/editor')
    await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible()
    // Server validation: title and content are required.
    await page.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Title and content are required.')).toBeVisible()

    const title = `No JS article ${uid()}`
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Tags').fill('nojs, testing')
    await page.getByLabel('Meta Description (SEO)').fill('Written without JavaScript.')
    await page.getByLabel('Content', { exact: true }).fill('## Heading\n\nBody with a [link](https://example.com).')
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#223366' } })
      .png()
      .toBuffer()
    await page.getByLabel('Hero Image').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Publish' }).click()
    await expect(page).toHaveURL(/\/resources\/admin$/)
    const row = page.getByRole('row', { name: new RegExp(title) })
    await expect(row).toContainText('Published')

    await page.goto(`/resources/${slugOf(title)}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.locator('main img').first()).toHaveAttribute('src', /\/uploads\/images\/\d+-hero\.webp$/)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Written without JavaScript.')
    // Plain share links instead of the copy button.
    await expect(page.getByRole('link', { name: /LinkedIn/ }).first()).toHaveAttribute('href', /linkedin\.com/)
    await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0)

    // Edit: rename and save as draft → gone from the public site.
    await page.goto('/resources/admin')
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('link', { name: /Edit/ })
      .click()
    await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
    const renamed = `${title} renamed`
    await page.getByLabel('Title', { exact: true }).fill(renamed)
    await page.getByRole('button', { name: 'Save as Draft' }).click()
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toContainText('Draft')
    const res = await page.goto(`/resources/${slugOf(renamed)}`)
    expect(res!.status()).toBe(404)
    await expect(page.getByText("The resource you're looking for doesn't exist.")).toBeVisible()

    // Filters are query params.
    await page.goto('/resources/admin')
    await page.getByLabel('Search by title').fill(renamed)
    await page.getByLabel('Status').selectOption('draft')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/status=draft/)
    await expect(page.getByRole('row')).toHaveCount(2)

    // Delete asks on a confirmation step first.
    await page
      .getByRole('row', { name: new RegExp(renamed) })
      .getByRole('button', { name: /Delete/ })
      .click()
    const confirm = page.getByRole('dialog', { name: 'Delete post' })
    await expect(confirm.getByText(`Are you sure you want to delete "${renamed}"?`)).toBeVisible()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('No posts match your filters.')).toBeVisible()
  })

  test('featured sections: add, edit, delete through the addressable modal', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/resources/admin/featured')
    await page.getByRole('link', { name: '+ Add Section' }).click()
    await expect(page).toHaveURL(/modal=add/)
    const add = page.getByRole('dialog', { name: 'Add Section' })
    const title = `NoJS section ${uid()}`
    await add.getByLabel('Title').fill(title)
    await add.getByRole('button', { name: 'Add Section' }).click()
    await expect(page.getByText('All fields are required')).toBeVisible()
    await add.getByLabel('Title').fill(title)
    await add.getByLabel('Description').fill('Line A\nLine B')
    await add.getByLabel('Button label').fill('Open')
    await add.getByLabel('Button link').fill('https://example.com/a')
    await add.getByRole('button', { name: 'Add Section' }).click()
    await expect(page.getByText('Please upload an icon')).toBeVisible()
    await add.getByLabel(/Icon/).setInputFiles(svgUpload('<html>nope</html>', 'fake.svg'))
    await add.getByRole('button', { name: 'Add Section' }).click()
    await expect(page.getByText('Please upload a valid SVG file')).toBeVisible()
    await add.getByLabel(/Icon/).setInputFiles(svgUpload())
    await add.getByRole('button', { name: 'Add Section' }).click()
    await expect(page).toHaveURL(/\/resources\/admin\/featured$/)
    await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible()

    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('link', { name: /Edit/ })
      .click()
    const edit = page.getByRole('dialog', { name: 'Edit Section' })
    await edit.getByLabel('Description').fill('')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Description is required')).toBeVisible()
    await edit.getByLabel('Description').fill('Changed')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Changed')

    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: /Delete/ })
      .click()
    const confirm = page.getByRole('dialog', { name: 'Delete section' })
    await expect(confirm.getByText('Are you sure you want to delete this section?')).toBeVisible()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
  })

  test('public search, topic filter and comments without JavaScript', async ({ page, context, browser }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const tag = `nojs${uid()}`
    const a = `Gamma ${uid()}`
    const b = `Delta ${uid()}`
    await createPostViaEditor(page, { title: a, content: 'Gamma body', tags: `${tag}, x${tag}` }, { js: false })
    await createPostViaEditor(page, { title: b, content: 'Delta body', tags: `x${tag}` }, { js: false })

    const visitor = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled: false })
    const anon = await visitor.newPage()
    await anon.goto('/resources')
    await anon.getByPlaceholder('Search articles by topic, keyword, or content...').fill('gamma BODY')
    await anon.getByRole('button', { name: 'Search' }).click()
    await expect(anon).toHaveURL(/q=gamma/)
    await expect(anon.getByRole('link', { name: a })).toBeVisible()
    await expect(anon.getByRole('link', { name: b })).toHaveCount(0)
    await anon.goto(`/resources?tag=x${tag}`)
    await expect(anon.getByRole('link', { name: b })).toBeVisible()
    const panel = anon.getByRole('region', { name: 'Filter by Topic' })
    const more = panel.getByText(/Show \d+ more tags/)
    if (await more.isVisible()) await more.click()
    await panel.getByRole('link', { name: new RegExp(`^${tag}`, 'i') }).click()
    await expect(anon.getByRole('link', { name: a })).toBeVisible()
    await expect(anon.getByRole('link', { name: b })).toHaveCount(0)

    await anon.goto(`/resources/${slugOf(a)}`)
    await expect(anon.getByText('Please sign in to comment')).toBeVisible()
    await visitor.close()

    await page.goto(`/resources/${slugOf(a)}`)
    await page.getByLabel('Your comment').fill('No-JS comment')
    await page.getByRole('button', { name: 'Post Comment' }).click()
    const item = page.getByRole('listitem').filter({ hasText: 'No-JS comment' })
    await expect(item).toBeVisible()
    await item.getByRole('button', { name: /Delete comment/ }).click()
    await expect(page.getByText('No-JS comment')).toHaveCount(0)
  })
})
