import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'
import { MARKETING_PAGES } from './marketing-pages'

test('every marketing page: one h1, zero axe violations, no console errors (no hydration mismatch)', async ({ page }) => {
  test.setTimeout(120_000)
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  for (const { path } of MARKETING_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expectNoAxeViolations(page)
  }
  expect(errors).toEqual([])
})

test('testimonial carousel: 8 s auto-advance, wrap, manual pause for 10 s', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  const carousel = page.getByRole('region', { name: 'Testimonials' })
  const visibleSlide = carousel.locator('[aria-roledescription="slide"]:visible')
  await expect(carousel.getByRole('button', { name: 'Next testimonial' })).toBeVisible()
  await expect(visibleSlide).toHaveCount(1)
  await expect(visibleSlide).toHaveAttribute('aria-label', '1 of 2')
  await expect(carousel.getByText('Auto-playing')).toBeVisible()

  await page.clock.fastForward(8_000)
  await expect(visibleSlide).toHaveAttribute('aria-label', '2 of 2')
  await page.clock.fastForward(8_000)
  await expect(visibleSlide).toHaveAttribute('aria-label', '1 of 2')

  // Previous on the first wraps to the last and pauses auto-play.
  await carousel.getByRole('button', { name: 'Previous testimonial' }).click()
  await expect(visibleSlide).toHaveAttribute('aria-label', '2 of 2')
  await expect(carousel.getByText('Auto-playing')).toHaveCount(0)
  await page.clock.fastForward(9_000)
  await expect(visibleSlide).toHaveAttribute('aria-label', '2 of 2')
  await page.clock.fastForward(1_000)
  await expect(carousel.getByText('Auto-playing')).toBeVisible()
  await page.clock.fastForward(8_000)
  await expect(visibleSlide).toHaveAttribute('aria-label', '1 of 2')

  await carousel.getByRole('link', { name: /Show testimonial 2 of 2/ }).click()
  await expect(visibleSlide).toHaveAttribute('aria-label', '2 of 2')
})

test('pricing: the toggle is instant and the currency choice persists', async ({ page }) => {
  await page.goto('/pricing')
  const pro = page.getByTestId('pro-price')
  await expect(pro).toHaveText('$49')
  await page.getByRole('link', { name: 'Annual' }).click()
  await expect(pro).toHaveText('$39')
  await expect(page.getByText('Save 20%')).toBeVisible()
  await page.getByRole('button', { name: 'EUR' }).click()
  await expect(pro).toHaveText('€36')
  await expect(page.getByText('€49', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'EUR' })).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(pro).toHaveText('€36')
  await page.getByRole('link', { name: 'Monthly' }).click()
  await expect(pro).toHaveText('€45')
})

test('a page opened from a campaign or social link hydrates cleanly, rendered and then from the cache', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  // A query of this run's own, so that no other test's visit has cached the page already.
  const run = `billing=monthly&run=${Date.now()}`
  for (const [n, cache] of [
    [1, 'miss'],
    [2, 'hit'],
  ] as const) {
    const response = await page.goto(`/pricing?${run}&utm_source=linkedin&utm_campaign=e2e&fbclid=IwAR0${n}`)
    expect(response?.headers()['x-page-cache']).toBe(cache)
    // The address bar keeps the parameters for the visitor's analytics.
    expect(page.url()).toContain(`fbclid=IwAR0${n}`)
    const pro = page.getByTestId('pro-price')
    await expect(pro).toHaveText('$49')
    await page.getByRole('link', { name: 'Annual' }).click()
    await expect(pro).toHaveText('$39')
  }
  expect(errors).toEqual([])
})

test('compare: ARIA tabs switch plans with the keyboard', async ({ page }) => {
  await page.goto('/compare#full-pricing')
  const solo = page.getByRole('tab', { name: 'Solo' })
  await expect(solo).toHaveAttribute('aria-selected', 'true')
  await solo.focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Professional / Teams' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toContainText('per seat per month')
  await page.keyboard.press('End')
  await expect(page.getByRole('tabpanel')).toContainText('Custom pricing')
  await expect(page).toHaveURL(/plan=enterprise/)
})

test('startup application: client errors, submitting state, success banner and reset', async ({ page }) => {
  await page.goto('/startup-program')
  await page.getByRole('link', { name: 'Apply Now' }).click()
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Full name is required')).toBeVisible()

  await page.getByLabel('Full name').fill('Jay Script')
  await page.getByLabel('Work email').fill(uniqueEmail('startup-js'))
  await page.getByLabel('Company name').fill('Hydrated Inc')
  await page.getByLabel('Website (optional)').fill('https://hydrated.example')
  await page.getByLabel('Year founded').fill('2023')
  await page.getByLabel('Number of employees').fill('12')
  await page.getByLabel('Annual revenue').selectOption('$100k-$500k')
  await page.getByLabel('Your role (optional)').fill('CTO')

  // Hold the POST a moment so the submitting state can be seen.
  await page.route('**/startup-program**', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Submit Application' }).click()
  const busy = page.getByRole('button', { name: 'Submitting...' })
  await expect(busy).toBeVisible()
  await expect(busy).toBeDisabled()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for applying!' })).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveValue('')
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50)
})

test('100 Ways: instant search, one tag chip that clears on a second click, scroll-tracked side navigation', async ({ page }) => {
  await page.goto('/event-lead-capture-ideas')
  await page.getByLabel('Search ideas').fill('webinar')
  await expect(page.getByText(/Showing \d+ of 100 ideas matching “webinar”/)).toBeVisible()
  await expect(page).toHaveURL(/q=webinar/)
  await page.getByLabel('Search ideas').fill('')
  await page.getByRole('link', { name: 'Sales', exact: true }).click()
  await expect(page.getByText(/for Sales\./)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sales', exact: true })).toHaveAttribute('aria-current', 'true')
  await page.getByRole('link', { name: 'Sales', exact: true }).click()
  await expect(page.getByText('Showing 100 of 100 ideas.')).toBeVisible()

  const nav = page.getByRole('navigation', { name: 'Sections' })
  await expect(nav.getByRole('link', { name: /On Stage & At Events/ })).toHaveAttribute('aria-current', 'true')
  await page.locator('#email').scrollIntoViewIfNeeded()
  await page.evaluate(() =>
    window.scrollTo(0, document.getElementById('email')!.getBoundingClientRect().top + window.scrollY - 50),
  )
  await expect(nav.getByRole('link', { name: /Email & Messaging/ })).toHaveAttribute('aria-current', 'true')
})

test('launch page: offer ended today, discount form success, click events reach the analytics page', async ({
  page,
  context,
}) => {
  await page.goto('/product-hunt')
  await expect(page.getByText('This launch offer has ended.', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Claim 40% Off' })).toHaveCount(0)

  await page
    .getByRole('region', { name: 'Hear about our next offer first' })
    .getByLabel('Email address')
    .fill(uniqueEmail('ph-js'))
  await page.getByRole('button', { name: 'Keep me posted' }).click()
  await expect(page.getByText('Thanks! Check your inbox to confirm your email address.')).toBeVisible()
  await expect(page).toHaveURL(/\/product-hunt$/)

  // With JavaScript the click is reported by a beacon and the page goes straight to /signup.
  const viaRedirect: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/go') viaRedirect.push(r.url())
  })
  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.method() === 'POST')
  await page.getByRole('link', { name: 'Start Capturing Leads' }).click()
  await beacon
  await expect(page).toHaveURL(/\/signup/)
  expect(viaRedirect).toEqual([])

  await signIn(context, 'admin@example.com', 'admin')
  await expect
    .poll(async () => {
      await page.goto('/admin/analytics')
      return page.getByRole('table').filter({ hasText: 'Event' }).first().textContent()
    })
    .toContain('ph_features_cta_clicked')
  await expectNoAxeViolations(page)
  await page.goto('/admin/inbox?tab=newsletter')
  await expect(page.getByText('product-hunt').first()).toBeVisible()
  await expectNoAxeViolations(page)
})
