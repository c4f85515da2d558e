import { expect, test } from '@playwright/test'
import { appUrl, expectNoAxeViolations, signIn, uniqueEmail, waitForEmail } from './utils'
import { createPublishedSpeaker, fillSpeakerForm, newSpeaker, slugOf } from './speakers-helpers'

test.describe('speakers with JavaScript', () => {
  // Several axe scans and full create flows per test on a shared 2-core machine.
  test.describe.configure({ timeout: 90_000 })

  test('a bio typed before the editor has loaded (slow phone) is kept by the editor', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    let release!: () => void
    const loaded = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/bio-editor-[^/]*\.js/, async (route) => {
      await loaded
      await route.continue()
    })
    await page.goto('/speakers/admin/editor')
    const plain = page.getByRole('textbox', { name: 'Bio' })
    await plain.fill('Written while the editor was still loading.')
    await expect(page.getByRole('toolbar', { name: 'Bio formatting' })).toHaveCount(0)
    await expect(plain).toBeFocused()
    release()
    await expect(page.getByRole('toolbar', { name: 'Bio formatting' })).toBeVisible()
    const editor = page.getByRole('textbox', { name: 'Bio' })
    await expect(editor).toContainText('Written while the editor was still loading.')
    // The editor took the textarea's focus, caret at the end: writing simply goes on.
    await expect(editor).toBeFocused()
    await page.keyboard.type(' Still writing.')
    await expect(editor).toContainText('Written while the editor was still loading. Still writing.')
    await expect(page.locator('textarea[name="bio"]')).toHaveCount(0)
  })

  test('admin creates and publishes a speaker; directory filters find it; no axe violations', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/speakers/admin/editor')
    await expect(page.getByRole('heading', { name: 'Create New Speaker' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Bio' })).toBeVisible()
    await expectNoAxeViolations(page)

    // Required fields: the admin alert and the field messages.
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible()
    await expect(page.getByText('Name is required')).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused()

    const s = newSpeaker('Jess Filter')
    await createPublishedSpeaker(page, s, { js: true })
    await expectNoAxeViolations(page)

    await page.goto('/speakers')
    await expectNoAxeViolations(page)
    await page.getByLabel('Search by name, company or topic').fill(s.company)
    await expect(page).toHaveURL(new RegExp(`q=${s.company}`))
    await expect(page.getByText('1 speaker found')).toBeVisible()
    const card = page.getByRole('link', { name: new RegExp(s.name) })
    await expect(card).toContainText('#lightning')
    await expect(card).toContainText('View Profile')
    // Selecting a filter submits on change: a region the speaker is not in empties the list.
    await page.getByLabel('Location/Region').selectOption('asia-pacific')
    await expect(page).toHaveURL(/region=asia-pacific/)
    await expect(page.getByText('0 speakers found')).toBeVisible()
    await page.getByLabel('Location/Region').selectOption('europe')
    await expect(page.getByText('1 speaker found')).toBeVisible()
    await page.getByRole('link', { name: 'Clear All Filters' }).first().click()
    await expect(page).toHaveURL(/\/speakers$/)
    await expect(page.getByRole('link', { name: 'Clear All Filters' })).toHaveCount(0)
    await page.getByRole('link', { name: new RegExp(s.name) }).click()
    await expect(page).toHaveURL(new RegExp(`/speakers/${slugOf(s)}$`))
    await expect(page.getByRole('heading', { level: 1, name: s.name })).toBeVisible()
  })

  test('profile and Contact Speaker: sent, cleared, closes after 2 s; email to the speaker with reply-to', async ({
    page,
    context,
    browser,
  }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const s = newSpeaker('Carla Contact')
    await createPublishedSpeaker(page, s, { js: true })

    const visitor = await browser.newContext({ baseURL: appUrl() })
    const p = await visitor.newPage()
    await p.goto(`/speakers/${slugOf(s)}`)
    await expect(p.getByRole('heading', { name: 'Signature Talks' })).toBeVisible()
    await expect(p.getByText('#Lightning Talk')).toBeVisible()
    await expect(p.getByRole('heading', { name: 'Previous Speaking Engagements' })).toBeVisible()
    await expect(p.getByRole('link', { name: 'Visit SaaStr' })).toHaveAttribute('rel', /nofollow/)
    await expect(p.getByRole('article').getByRole('link', { name: 'LinkedIn' })).toHaveCount(0)
    expect(await p.content()).not.toContain(s.email)
    const ld = await p.locator('script[type="application/ld+json"]').textContent()
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'Person', name: s.name })
    await expectNoAxeViolations(p)

    await p.getByRole('link', { name: 'Contact Speaker' }).click()
    const dialog = p.getByRole('dialog', { name: 'Contact Speaker' })
    await expect(dialog).toBeVisible()
    await expectNoAxeViolations(p)
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    await expect(dialog.getByText('Full name is required')).toBeVisible()
    const sender = uniqueEmail('organiser')
    await dialog.getByLabel('Full Name').fill('Olive Organiser')
    await dialog.getByLabel('Your Email').fill(sender)
    await dialog.getByLabel('Company (optional)').fill('Big Conf')
    await dialog.getByLabel('Message').fill('Would you keynote our event?')
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    await expect(dialog.getByText('Message Sent!')).toBeVisible()
    await expect(dialog.getByText(`Your message has been sent to ${s.name}. They'll get back to you soon.`)).toBeVisible()
    await expect(dialog.getByLabel('Message')).toHaveValue('')
    await expect(dialog).toBeHidden({ timeout: 5_000 })
    expect(p.url()).not.toContain('modal=')

    const email = await waitForEmail(s.email)
    expect(email.reply_to).toEqual([sender])
    expect(email.text).toContain('Would you keynote our event?')
    await visitor.close()
  })

  test('speaker submits a profile: validation banner, draft restore, success toast, pending list, edit', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('speaker')
    await signIn(context, email)
    await page.goto('/premium/speaker-profile-submissions')
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Bio' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
    await expect(page.getByText('Please fix the highlighted fields below.')).toBeVisible()
    for (const m of [
      'Name is required',
      'Job title is required',
      'Company is required',
      'Location is required',
      'Email is required',
      'Bio is required',
    ]) {
      await expect(page.getByText(m, { exact: true })).toBeVisible()
    }
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused()

    // Draft: saved 2 s after the last keystroke, restored on the next visit.
    const s = newSpeaker('Dana Draft')
    await page.getByLabel('Name', { exact: true }).fill(s.name)
    await page.waitForTimeout(2_600)
    await page.reload()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(s.name)

    // Event rows: add one, remove back to one (remove hidden when one is left).
    await expect(page.getByRole('button', { name: /Remove event/ })).toHaveCount(0)
    await page.getByRole('button', { name: '+ Add Event' }).click()
    await expect(page.getByLabel('Event name')).toHaveCount(2)
    await page.getByRole('button', { name: 'Remove event 2' }).click()
    await expect(page.getByLabel('Event name')).toHaveCount(1)

    await fillSpeakerForm(page, s, { js: true })
    await page.getByRole('button', { name: 'Submit Profile for Review' }).click()
    await expect(page.getByText('Profile submitted successfully! It will be reviewed by our team.')).toBeVisible()
    await expect(page).toHaveURL(/\/premium\/speaker-profile-submissions$/)
    await expect(page.getByText('Pending review')).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('speaker-profile-draft'))).toBeNull()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')

    // Unpublished: not in the directory yet.
    const res = await page.request.get(`/speakers/${slugOf(s)}`)
    expect(res.status()).toBe(404)

    await page.getByRole('link', { name: `Edit ${s.name}` }).click()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(s.name)
    await page.getByLabel('Company', { exact: true }).fill(`${s.company} Ltd`)
    await page.getByRole('button', { name: 'Update Profile' }).click()
    await expect(page.getByText('Profile updated successfully!')).toBeVisible()
  })

  test('bio editor toolbar: formatting, link, embed, table; counts; saved HTML renders', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/speakers/admin/editor')
    const editor = page.getByRole('textbox', { name: 'Bio' })
    await editor.click()
    await page.getByRole('button', { name: 'Heading 2' }).click()
    await expect(page.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.type('About me')
    await page.keyboard.press('Enter')
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type('Bold words')
    await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('ControlOrMeta+b')
    await expect(page.getByText('4 words')).toBeVisible()
    await expect(page.getByText('18 characters')).toBeVisible()
    await page.getByRole('button', { name: 'Align centre' }).click()
    await expect(page.getByRole('button', { name: 'Align centre' })).toHaveAttribute('aria-pressed', 'true')

    await page.getByRole('button', { name: 'Insert link' }).click()
    await page.getByLabel('Link URL').fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Apply link' }).click()
    await expect(page.getByText(/Links must start with http/)).toBeVisible()
    await page.getByLabel('Link URL').fill('https://example.com/talks')
    await page.getByRole('button', { name: 'Apply link' }).click()
    await expect(editor.getByRole('link', { name: 'https://example.com/talks' })).toBeVisible()

    await page.getByRole('button', { name: 'Embed video' }).click()
    await page.getByLabel('Embed code').fill('<div>not a frame</div>')
    await page.getByRole('button', { name: 'Insert embed' }).click()
    await expect(page.getByText('Invalid iframe code. Please paste a valid iframe element.')).toBeVisible()
    await page.getByLabel('Embed code').fill('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>')
    await page.getByRole('button', { name: 'Insert embed' }).click()
    await expect(editor.locator('iframe')).toHaveAttribute('width', '560')
    await expect(editor.locator('iframe')).toHaveAttribute('height', '315')

    await page.getByRole('button', { name: 'Insert table' }).click()
    await expect(editor.locator('table tr')).toHaveCount(3)
    await expect(editor.locator('table th')).toHaveCount(3)
    await page.getByRole('button', { name: 'Add column' }).click()
    await expect(editor.locator('table th')).toHaveCount(4)
    await page.getByRole('button', { name: 'Add row' }).click()
    await expect(editor.locator('table tr')).toHaveCount(4)
    await page.getByRole('button', { name: 'Delete row' }).click()
    await page.getByRole('button', { name: 'Delete column' }).click()
    await expect(editor.locator('table th')).toHaveCount(3)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Delete table' }).click()
    await expect(editor.locator('table')).toHaveCount(0)
    const box = await editor.boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(400)
  })

  test('admin deletes a speaker after confirming', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const s = newSpeaker('Del Ete')
    await createPublishedSpeaker(page, s, { js: true })
    page.once('dialog', async (dialog) => {
      expect(dialog.message()).toBe(`Are you sure you want to delete "${s.name}"?`)
      await dialog.accept()
    })
    await page.getByRole('link', { name: `Delete ${s.name}` }).click()
    await expect(page.getByRole('row', { name: new RegExp(s.name) })).toHaveCount(0)
  })

  test('an XSS corpus saved through the bio executes nothing when rendered', async ({ page, context }) => {
    await signIn(context, 'admin@example.com', 'admin')
    const s = newSpeaker('Xavier Ess')
    const corpus = [
      '<p>Visible bio text</p>',
      '<script>window.__xss=1;alert(1)</script>',
      '<img src="https://example.invalid/x.png" onerror="window.__xss=2;alert(2)">',
      '<a href="javascript:window.__xss=3">click me</a>',
      '<iframe srcdoc="<script>parent.__xss=4</script>"></iframe>',
      '<iframe src="https://evil.example/embed/x"></iframe>',
      '<svg><style><img src=x onerror="window.__xss=5"></style></svg>',
      '<noscript><p title="</noscript><img src=x onerror=window.__xss=6>"></noscript>',
      '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=7></style></mglyph></table></mtext></math>',
      '<p style="background:url(javascript:window.__xss=8)">styled</p>',
    ].join('')
    const form = {
      name: s.name,
      jobTitle: s.jobTitle,
      company: s.company,
      location: s.location,
      email: s.email,
      bio: corpus,
      status: 'publish',
    }
    const res = await page.request.post('/speakers/admin/editor', {
      multipart: form,
      headers: { Origin: appUrl() },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
    const dialogs: string[] = []
    page.on('dialog', async (d) => {
      dialogs.push(d.message())
      await d.dismiss()
    })
    await page.goto(`/speakers/${slugOf(s)}`)
    await expect(page.getByText('Visible bio text')).toBeVisible()
    // The javascript: href was dropped, so "click me" is plain text now; clicking it does nothing.
    await expect(page.getByRole('link', { name: 'click me' })).toHaveCount(0)
    await page.getByText('click me').click()
    await page.waitForTimeout(500)
    expect(dialogs).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
    expect(await page.locator('.bio-content iframe').count()).toBe(0)
  })

  test('images: profile photo and bio image upload through the storage service', async ({ page, context }) => {
    // A 2×2 PNG; the server re-encodes it to WebP.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
      'base64',
    )
    await signIn(context, 'admin@example.com', 'admin')
    await page.goto('/speakers/admin/editor')
    await expect(page.getByRole('textbox', { name: 'Bio' })).toBeVisible()
    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await expect(page.getByRole('img', { name: 'Current profile' })).toHaveAttribute('src', /\.webp$/)
    await page
      .getByLabel('Profile photo')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await expect(page.getByText(/^Error uploading image: /)).toBeVisible()

    await page.getByRole('textbox', { name: 'Bio' }).click()
    await page.getByLabel('Image file for the bio').setInputFiles({ name: 'inline.png', mimeType: 'image/png', buffer: png })
    // ProseMirror adds its own separator images; the uploaded one is the WebP with the file's name as alt.
    await expect(page.getByRole('textbox', { name: 'Bio' }).getByRole('img', { name: 'inline' })).toHaveAttribute(
      'src',
      /\.webp$/,
    )
  })

  test('not-found profile and the signed-out submission screen have no axe violations', async ({ page }) => {
    const res = await page.goto('/speakers/nobody-by-this-name')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Speaker Not Found' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goto('/premium/speaker-profile-submissions')
    await expect(page.getByRole('button', { name: /Send Magic Link/i })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
