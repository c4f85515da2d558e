import { expect, test } from '@playwright/test'
import { FOOTER_MODALS, footer, legalNav, NEWSLETTER_SUCCESS, newsletterConfirmLink, stubWidgetHosts } from './shell-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail, waitForEmail } from './utils'

// The site shell with JavaScript: header, menu toggle, footer modals, the two footer forms,
// consent-gated widgets, legal pages, 404.

test('header links lead to the spec routes; Log In goes to /login', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Lectern' })).toHaveAttribute('href', '/')
  for (const [name, href] of [
    ['Pricing', '/pricing'],
    ['Speaker Directory', '/speakers'],
    ['Resources and Articles', '/resources'],
    ['Log In', '/login'],
  ] as const) {
    await expect(header.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href)
  }
  await header.getByRole('link', { name: 'Speaker Directory' }).first().click()
  await expect(page).toHaveURL(/\/speakers$/)
  await header.getByRole('link', { name: 'Lectern' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test("signed in, the header shows the user's area and Log out instead of Log In", async ({ page, context }) => {
  await signIn(context, uniqueEmail('header'), 'speaker')
  await page.goto('/pricing')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'Workspace' })).toHaveAttribute('href', '/app')
  await header.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByText('You have been logged out.')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible()
})

test('small screens: the Menu button toggles the navigation and reports it with aria-expanded', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/pricing')
  const menu = page.getByRole('button', { name: 'Menu' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  const mobileNav = page.locator('#mobile-menu')
  await expect(mobileNav.getByRole('link', { name: 'Speaker Directory' })).toBeHidden()
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(mobileNav.getByRole('link', { name: 'Speaker Directory' })).toBeVisible()
  await expect(mobileNav.getByRole('link', { name: 'Log In' })).toBeVisible()
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(mobileNav.getByRole('link', { name: 'Speaker Directory' })).toBeHidden()
  // Following a link closes it.
  await menu.click()
  await mobileNav.getByRole('link', { name: 'Resources and Articles' }).click()
  await expect(page).toHaveURL(/\/resources$/)
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
})

test('every footer modal opens, locks scroll, and closes on Escape and on a backdrop click', async ({ page }) => {
  await page.goto('/roadmap')
  for (const modal of FOOTER_MODALS) {
    await legalNav(page).getByRole('link', { name: modal.link }).click()
    const dialog = page.getByRole('dialog', { name: modal.title })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`[?&]modal=${modal.name}$`))
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/roadmap$/)
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')

    await legalNav(page).getByRole('link', { name: modal.link }).click()
    await expect(dialog).toBeVisible()
    await page.mouse.click(5, 5)
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/roadmap$/)
  }
})

test('legal modals carry the legal texts and link to the full pages', async ({ page }) => {
  await page.goto('/pricing?modal=terms')
  const terms = page.getByRole('dialog', { name: 'Terms of Service' })
  await expect(terms.getByText('Last modified: May 10th 2025')).toBeVisible()
  await expect(terms.getByText(/18/).first()).toBeVisible()
  await expectNoAxeViolations(page)
  await terms.getByRole('link', { name: 'Close' }).click()
  await expect(terms).toBeHidden()

  await page.goto('/pricing?modal=cookies')
  const cookies = page.getByRole('dialog', { name: 'Cookies Policy' })
  await expect(cookies.getByRole('link', { name: 'Cookie settings' })).toHaveAttribute('href', '/cookie-settings')
  await cookies.getByRole('link', { name: 'Cookie policy and sub-processors' }).click()
  await expect(page).toHaveURL(/\/cookie-policy$/)
  await expect(page.getByRole('heading', { name: 'Sub-processor list' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Email delivery provider (Resend)' })).toBeVisible()
})

test('footer lists every link, external ones in a new tab', async ({ page }) => {
  await page.goto('/')
  const f = footer(page)
  for (const [name, href] of [
    ['Startup Program', '/startup-program'],
    ['Roadmap', '/roadmap'],
    ['Integrations', '/integrations'],
    ['Lead Capture Hacks', '/resources'],
    ['News', '/news'],
    ["Our Founder's Story", '/our-founders-story'],
    ['Affiliate Program', '/?modal=affiliate'],
  ] as const) {
    await expect(f.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  for (const name of [
    'Feature Requests',
    'Knowledge Base',
    'Event ROI Calculator',
    'YouTube',
    'Instagram',
    'LinkedIn',
    'TikTok',
  ]) {
    await expect(f.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('target', '_blank')
  }
})

test('Watch Demo and the affiliate modal load third-party frames only after consent', async ({ page }) => {
  await stubWidgetHosts(page)
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Watch Demo' }).click()
  const demo = page.getByRole('dialog', { name: 'Watch Demo' })
  await expect(demo).toBeVisible()
  await expect(demo.locator('iframe')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await demo.getByRole('button', { name: 'Allow optional widgets and continue' }).click()
  await expect(page.getByRole('dialog', { name: 'Watch Demo' }).getByTitle('Product demo video')).toHaveAttribute(
    'src',
    'https://www.youtube.com/embed/aqz-KE-bpKQ',
  )
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  await footer(page).getByRole('link', { name: 'Affiliate Program' }).click()
  await expect(page.getByRole('dialog', { name: 'Affiliate Program' }).getByTitle('Affiliate programme sign-up')).toHaveAttribute(
    'src',
    'https://affiliates.example.com/widget',
  )
})

test('the chat widget loads once, after consent, on the first scroll or click or after 3 seconds', async ({ page }) => {
  let requests = 0
  await page.route('https://chat.example.com/widget.js', (route) => {
    requests++
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: 'window.__chatLoaded = (window.__chatLoaded || 0) + 1',
    })
  })
  await page.goto('/cookie-settings')
  await page.waitForTimeout(3500)
  expect(requests).toBe(0) // no consent yet

  await page.getByLabel('Allow optional third-party widgets').check()
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await expect(page.getByText('Saved: optional widgets may load.')).toBeVisible()

  await page.goto('/roadmap')
  await page.waitForTimeout(500)
  expect(requests).toBe(0) // waiting: neither 3 s, nor a scroll, nor a click yet
  await page.mouse.wheel(0, 400)
  await expect.poll(() => page.evaluate(() => (window as unknown as { __chatLoaded?: number }).__chatLoaded)).toBe(1)
  await page.mouse.click(5, 300)
  await page.mouse.wheel(0, 400)
  await page.waitForTimeout(300)
  expect(requests).toBe(1)

  // Without any interaction it comes after CHAT_WIDGET_DELAY_MS.
  await page.goto('/integrations')
  const started = Date.now()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __chatLoaded?: number }).__chatLoaded), { timeout: 6000 })
    .toBe(1)
  expect(Date.now() - started).toBeGreaterThanOrEqual(2500)
})

test('newsletter with JavaScript: spinner, success text, welcome email and confirmation', async ({ page }) => {
  const email = uniqueEmail('news-js')
  await page.goto('/integrations')
  const form = footer(page)
  await form.getByLabel('Email address').fill(email)
  // Hold the answer a moment so the loading state can be seen: submit hidden, spinner shown.
  await page.route(/\/newsletter(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1000))
    await route.continue()
  })
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText('Subscribing...')).toBeVisible()
  await expect(form.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
  await expect(form.getByRole('status')).toHaveText(NEWSLETTER_SUCCESS)
  await expect(form.getByLabel('Email address')).toHaveCount(0)
  await expect(form.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
  await expect(page).toHaveURL(/\/integrations$/)

  const link = await newsletterConfirmLink(email)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText("You're subscribed. Look out for our next email.")).toBeVisible()
})

test('newsletter with JavaScript: a failure shows the alert and keeps the form', async ({ page }) => {
  await page.goto('/integrations')
  const form = footer(page)
  await form.getByLabel('Email address').fill('not-an-email')
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('alert')).toHaveText('Something went wrong. Please try again.')
  await expect(form.getByRole('button', { name: 'Subscribe' })).toBeVisible()
})

test('Contact Us with JavaScript: field errors in the modal, then sent, closed and the team emailed', async ({ page }) => {
  await page.goto('/pricing')
  await legalNav(page).getByRole('link', { name: 'Contact Us' }).click()
  const dialog = page.getByRole('dialog', { name: 'Contact Us' })
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible()
  await expect(dialog.getByText('Message is required')).toBeVisible()
  await expectNoAxeViolations(page)

  const name = `Casey ${Date.now()}`
  const sender = uniqueEmail('contact-js')
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Email').fill(sender)
  await dialog.getByLabel('Message').fill('We run a 40-speaker conference in May. Can we talk about the organiser plan?')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByText("Thanks for getting in touch. We'll reply by email soon.")).toBeVisible()
  const mail = await waitForEmail('admin@example.com', (m) => m.subject === `Contact Us: message from ${name}`)
  expect(mail.reply_to).toEqual([sender])
  expect(mail.text).toContain('40-speaker conference')
})

test('legal pages, cookie settings and the 404 page: inside the layout, no close button, zero axe violations', async ({
  page,
}) => {
  // Eight pages, each with a full axe scan: like the other multi-scan tests, more than the
  // default 30 s on a loaded 2-core machine (it timed out at load 21 with every check passing).
  test.setTimeout(90_000)
  for (const [path, heading] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookies Policy'],
    ['/cookie-settings', 'Cookie settings'],
    ['/contact', 'Contact Us'],
    ['/newsletter', 'Newsletter'],
    ['/dev/mailbox', 'Dev mailbox'],
  ] as const) {
    const res = await page.goto(path)
    expect(res?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Close' })).toHaveCount(0)
    await expectNoAxeViolations(page)
  }
  await page.goto('/privacy-policy')
  await page.getByRole('main').getByRole('link', { name: '← Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)

  const missing = await page.goto('/no-such-page')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the shell has zero axe violations: home page, small screen with the menu open, a modal open', async ({ page }) => {
  await page.goto('/')
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 390, height: 800 })
  // A shell page with wide content (the cookie and sub-processor tables) on a phone-sized screen.
  await page.goto('/cookie-policy')
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page)
  await page.goto('/resources?modal=privacy')
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible()
  await expectNoAxeViolations(page)
})
