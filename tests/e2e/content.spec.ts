import { expect, test } from '@playwright/test'
import { MALICIOUS_MARKDOWN, MALICIOUS_SVGS } from '../fixtures/xss-corpus'
import { createPostViaEditor, slugOf, svgUpload, uid } from './content-helpers'
import { appUrl, expectNoAxeViolations, signIn } from './utils'

test.describe('content with JavaScript', () => {
  // Long flows with several axe scans on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 })

  test('admin writes a post in the visual editor: auto-save, meta title, preview, publish, then deletes it', async ({
    page,
    context,
  }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/resources/admin')
    await expect(page.getByRole('heading', { name: 'Manage Resources' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: '+ New Post' }).click()
    await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible()
    await expect(page.getByText('Example: marketing, lead-generation, speaking')).toBeVisible()

    const title = `Event lead capture playbook ${uid()}`
    await page.getByLabel('Title', { exact: true }).fill(title)
    // Meta title follows the title (brand suffix, at most 60 characters) until edited by hand.
    const metaTitle = page.getByLabel('Meta Title (SEO)')
    await expect(metaTitle).toHaveValue(/ \| Lectern$/)
    expect((await metaTitle.inputValue()).length).toBeLessThanOrEqual(60)
    await metaTitle.fill('Short')
    await expect(page.getByText('Meta title is too short (under 30 characters)')).toBeVisible()
    await expect(page.getByText('Missing brand name')).toBeVisible()
    await expect(page.getByText('5/60')).toBeVisible()
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await expect(metaTitle).toHaveValue(/^Event lead capture playbook .* \| Lectern$/)
    await page.getByLabel('Tags').fill('marketing, events')
    await expectNoAxeViolations(page)

    // Typing in the visual editor auto-saves 2 s later and the new post keeps being edited.
    const editor = page.getByRole('textbox', { name: 'Content' })
    await editor.click()
    await page.keyboard.type('Capture every lead. ')
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('Scan the QR code')
    await expect(page.getByText('✓ Saved')).toBeVisible({ timeout: 10_000 })
    await expect(page).toHaveURL(/\/resources\/admin\/editor\?id=[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: '✓ Saved' })).toHaveCount(0, { timeout: 5_000 })

    await page.getByRole('button', { name: 'Markdown' }).click()
    const markdown = page.getByLabel('Content', { exact: true })
    await expect(markdown).toHaveValue(/Capture every lead\. \*\*Scan the QR code\*\*/)
    await markdown.fill(
      `${await markdown.inputValue()}\n\n| Step | Time |\n|---|---|\n| Scan | 5 s |\n\n- [x] Print QR\n\n~~old way~~`,
    )
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.getByRole('table')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Done' })).toBeChecked()
    await page.getByRole('button', { name: 'Publish' }).click()
    await expect(page).toHaveURL(/\/resources\/admin$/)
    const row = page.getByRole('row', { name: new RegExp(title) })
    await expect(row).toContainText('Published')
    await expect(row).toContainText(slugOf(title))

    // The public article.
    await page.goto(`/resources/${slugOf(title)}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('table')).toBeVisible()
    await expect(page).toHaveTitle(/ \| Lectern$/)
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${appUrl()}/resources/${slugOf(title)}`)
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
    expect(ld).toMatchObject({ '@type': 'Article', headline: title })
    const og = await page.request.get((await page.locator('meta[property="og:image"]').getAttribute('content'))!)
    expect(og.headers()['content-type']).toBe('image/png')
    await expectNoAxeViolations(page)

    // Copy link (two share groups: top and bottom).
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('group', { name: 'Share this article', exact: true }).getByRole('button', { name: 'Copy link' }).click()
    await expect(page.getByRole('group', { name: 'Share this article', exact: true }).getByRole('status')).toHaveText(
      'Link copied to clipboard!',
    )
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${appUrl()}/resources/${slugOf(title)}`)

    // Delete with the confirm dialog.
    await page.goto('/resources/admin')
    page.once('dialog', (d) => {
      expect(d.message()).toBe(`Are you sure you want to delete "${title}"?`)
      void d.accept()
    })
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: /Delete/ })
      .click()
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
    await page.goto(`/resources/${slugOf(title)}`)
    await expect(page.getByRole('heading', { name: 'Resource Not Found' })).toBeVisible()
  })

  test('featured sections: add (with validation), edit, delete; highlight card on the listing', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/resources/admin/featured')
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: '+ Add Section' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Section' })
    await expect(dialog).toBeVisible()
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Add Section' }).click()
    await expect(dialog.getByText('All fields are required')).toBeVisible()

    const title = `Playbook ${uid()}`
    await dialog.getByLabel('Title').fill(title)
    await dialog.getByLabel('Description').fill('First line\nSecond line')
    await dialog.getByLabel('Button label').fill('Get the playbook')
    await dialog.getByLabel('Button link').fill('https://example.com/playbook')
    await dialog.getByLabel('Order').fill('1')
    await dialog.getByLabel(/Icon/).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: Buffer.from('x') })
    await expect(dialog.getByText('Please upload a valid SVG file')).toBeVisible()
    await dialog.getByLabel(/Icon/).setInputFiles(svgUpload())
    await dialog.getByRole('button', { name: 'Add Section' }).click()
    const row = page.getByRole('row', { name: new RegExp(title) })
    await expect(row).toBeVisible()
    await expect(row.getByRole('img', { name: `${title} icon` })).toBeVisible()

    await page.goto('/resources')
    const card = page.getByRole('article').filter({ hasText: title })
    await expect(card.getByText('Second line')).toBeVisible()
    await expect(card.getByRole('link', { name: /Get the playbook/ })).toHaveAttribute('target', '_blank')
    await expect(card.getByRole('link', { name: /Get the playbook/ })).toHaveAttribute('rel', /noopener/)

    await page.goto('/resources/admin/featured')
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('link', { name: /Edit/ })
      .click()
    const edit = page.getByRole('dialog', { name: 'Edit Section' })
    await edit.getByLabel('Title').fill('')
    await edit.getByLabel('Button link').fill('nope')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(edit.getByText('Title is required')).toBeVisible()
    await expect(edit.getByText('Please enter a valid URL for the button link.')).toBeVisible()
    await edit.getByLabel('Title').fill(`${title} v2`)
    await edit.getByLabel('Button link').fill('https://example.com/v2')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByRole('row', { name: new RegExp(`${title} v2`) })).toBeVisible()

    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this section?')
      void d.accept()
    })
    await page
      .getByRole('row', { name: new RegExp(`${title} v2`) })
      .getByRole('button', { name: /Delete/ })
      .click()
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
  })

  test('listing search and topic filter; empty state; news listing; axe', async ({ page, context }) => {
    const consoleErrors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text())
    })
    await signIn(context, 'admin@example.com', 'admin')
    const tag = `topic${uid()}`
    const a = `Alpha search ${uid()}`
    const b = `Beta search ${uid()}`
    await createPostViaEditor(page, { title: a, content: 'Keynote tactics', tags: `${tag}, shared${tag}` }, { js: true })
    await createPostViaEditor(page, { title: b, content: 'Booth tactics', tags: `shared${tag}` }, { js: true })
    await createPostViaEditor(page, { title: `News ${uid()}`, content: 'We launched', type: 'news' }, { js: true })

    await page.goto('/resources')
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible()
    await expect(
      page.getByText('Boost your pipeline instantly — subscribe for proven lead generation and conversion strategies.'),
    ).toBeVisible()
    await expectNoAxeViolations(page)
    const search = page.getByPlaceholder('Search articles by topic, keyword, or content...')
    await search.fill(b)
    await search.press('Enter')
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible()
    await expect(page.getByRole('link', { name: b })).toBeVisible()
    await expect(page.getByRole('link', { name: a })).toHaveCount(0)

    await page.goto(`/resources?tag=shared${tag}`)
    await expect(page.getByRole('link', { name: a })).toBeVisible()
    await expect(page.getByRole('link', { name: b })).toBeVisible()
    // Selecting a second topic narrows (AND).
    const panel = page.getByRole('region', { name: 'Filter by Topic' })
    const more = panel.getByText(/Show \d+ more tags/)
    if (await more.isVisible()) await more.click()
    await panel.getByRole('link', { name: new RegExp(`^${tag.charAt(0).toUpperCase()}${tag.slice(1)} \\(1\\)`, 'i') }).click()
    await expect(page).toHaveURL(new RegExp(`tag=${tag}`))
    await expect(page.getByRole('link', { name: a })).toBeVisible()
    await expect(page.getByRole('link', { name: b })).toHaveCount(0)

    await page.goto('/resources?q=zzzz-no-such-article')
    await expect(page.getByText('No articles found')).toBeVisible()
    await expect(page.getByText("Try adjusting your search terms or filters to find what you're looking for.")).toBeVisible()
    await page.getByRole('link', { name: 'Clear all filters' }).click()
    await expect(page).toHaveURL(/\/resources$/)
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible()

    await page.goto('/news')
    await expect(page.getByRole('heading', { level: 1, name: 'Media Coverage' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible()
    await expect(page.getByText('Stay up to date with news and updates.')).toBeVisible()
    await expectNoAxeViolations(page)
    // No hydration mismatch or other error on the editor, listings and articles visited.
    expect(consoleErrors).toEqual([])
  })

  test('comments: sign-in prompt, post (with posting state), list, admin delete', async ({ page, context, browser }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const title = `Comment on me ${uid()}`
    await createPostViaEditor(page, { title, content: 'Body' }, { js: true })

    const visitor = await browser.newContext({ baseURL: appUrl() })
    const anon = await visitor.newPage()
    await anon.goto(`/resources/${slugOf(title)}`)
    await expect(anon.getByText('Please sign in to comment')).toBeVisible()
    await expect(anon.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /\/login\?return_to=/)
    await visitor.close()

    await page.goto(`/resources/${slugOf(title)}`)
    await page.getByLabel('Your comment').fill('Great read!')
    await page.getByRole('button', { name: 'Post Comment' }).click()
    const item = page.getByRole('listitem').filter({ hasText: 'Great read!' })
    // Named by a name, never by any part of the address: this admin gave none, so "Member" (cec8add).
    await expect(item).toContainText('Member')
    await expect(item).not.toContainText('admin')
    await expect(page.getByLabel('Your comment')).toHaveValue('')
    await expectNoAxeViolations(page)
    await item.getByRole('button', { name: /Delete comment/ }).click()
    await expect(page.getByText('Great read!')).toHaveCount(0)
  })

  test('hostile markdown and SVG icons execute nothing', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    const title = `XSS corpus ${uid()}`
    await createPostViaEditor(page, { title, content: MALICIOUS_MARKDOWN }, { js: true })
    await page.goto(`/resources/${slugOf(title)}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    // Follow every link the renderer kept; none may run script.
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript)/i.test(h ?? ''))).toEqual([])
    await page.locator('main img').evaluateAll((imgs) => imgs.forEach((i) => i.dispatchEvent(new Event('error'))))
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()

    // The first SVG goes through the upload form in the page; the rest are posted with the same session.
    const names: string[] = []
    for (const [i, svg] of MALICIOUS_SVGS.entries()) {
      const name = `Hostile icon ${i} ${uid()}`
      names.push(name)
      if (i === 0) {
        await page.goto('/resources/admin/featured?modal=add')
        const dialog = page.getByRole('dialog', { name: 'Add Section' })
        await dialog.getByLabel('Title').fill(name)
        await dialog.getByLabel('Description').fill('x')
        await dialog.getByLabel('Button label').fill('x')
        await dialog.getByLabel('Button link').fill('https://example.com')
        await dialog.getByLabel(/Icon/).setInputFiles(svgUpload(svg, `evil-${i}.svg`))
        await dialog.getByRole('button', { name: 'Add Section' }).click()
        await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible()
        continue
      }
      const res = await page.request.post('/resources/admin/featured', {
        headers: { Origin: appUrl() },
        multipart: {
          intent: 'add',
          title: name,
          description: 'x',
          buttonLabel: 'x',
          buttonLink: 'https://example.com',
          page: 'resources',
          sortOrder: '0',
          icon: svgUpload(svg, `evil-${i}.svg`),
        },
      })
      expect(res.ok()).toBe(true)
    }
    await page.goto('/resources/admin/featured')
    const icons: Array<{ src: string; id: string }> = []
    for (const name of names) {
      const row = page.getByRole('row', { name: new RegExp(name) })
      const src = (await row.getByRole('img').getAttribute('src'))!
      const edit = (await row.getByRole('link', { name: /Edit/ }).getAttribute('href'))!
      icons.push({ src, id: new URL(edit, appUrl()).searchParams.get('id')! })
    }
    for (const { src } of icons) {
      const res = await page.goto(src)
      expect(res!.headers()['x-content-type-options']).toBe('nosniff')
      const body = (await res!.text()).toLowerCase()
      expect(body).not.toMatch(/<script|onload|onerror|onclick|foreignobject|javascript:|evil\.example/)
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
    }
    await page.goto('/resources')
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
    expect(dialogs).toEqual([])

    // Clean up so the listing stays readable for other checks.
    for (const { id } of icons) {
      const res = await page.request.post('/resources/admin/featured', {
        headers: { Origin: appUrl() },
        form: { intent: 'delete', id, confirmed: '1' },
      })
      expect(res.ok()).toBe(true)
    }
  })
})
