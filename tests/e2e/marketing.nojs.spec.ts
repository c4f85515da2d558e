import { expect, test } from '@playwright/test'
import { uniqueEmail } from './utils'
import { MARKETING_PAGES } from './marketing-pages'

// JavaScript off: every marketing page and form must work as plain HTML.

test('every marketing page renders fully without JavaScript', async ({ page }) => {
  for (const { path, h1, text } of MARKETING_PAGES) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible()
    await expect(page).toHaveTitle(/ \| Lectern$/)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
  }
})

test('pricing: Monthly/Annual links and the currency switch work without JavaScript', async ({ page, context }) => {
  await page.goto('/pricing')
  const pro = page.getByTestId('pro-price')
  await expect(pro).toHaveText('$49')
  await expect(page.getByText('Save 20%')).toHaveCount(0)
  await page.getByRole('link', { name: 'Annual' }).click()
  await expect(page).toHaveURL(/billing=annual/)
  await expect(pro).toHaveText('$39')
  await expect(page.getByText('Save 20%')).toBeVisible()
  await expect(page.getByText('$468 billed annually')).toBeVisible()

  await page.getByRole('button', { name: 'GBP' }).click()
  await expect(pro).toHaveText('£31')
  await expect(page).toHaveURL(/billing=annual/)
  await expect(page.getByText('£49', { exact: true })).toBeVisible()
  await expect(page.getByText('£999')).toBeVisible()
  const cookies = await context.cookies()
  expect(cookies.find((c) => c.name === 'preferred-currency')?.value).toBe('GBP')

  await page.goto('/compare')
  await expect(page.getByText('£80', { exact: true })).toBeVisible()
})

test('compare: plan tabs are links that keep the #full-pricing anchor', async ({ page }) => {
  await page.goto('/compare')
  await expect(page.getByText('per month for unlimited use')).toBeVisible()
  await page.getByRole('link', { name: 'Professional / Teams' }).click()
  await expect(page).toHaveURL(/plan=teams#full-pricing$/)
  await expect(page.getByText('Save 20% with annual billing.')).toBeVisible()
  await page.getByRole('link', { name: 'Enterprise' }).click()
  await expect(page.getByText('Custom pricing')).toBeVisible()
  await page.getByRole('button', { name: 'EUR' }).click()
  await expect(page).toHaveURL(/plan=enterprise#full-pricing$/)
  await expect(page.getByText('€93', { exact: true })).toBeVisible()
  await expect(
    page.getByText('The QR code tool alone costs €17 a month for 300 scans, or €50 a month for unlimited scans.'),
  ).toBeVisible()
})

test('startup application: errors, then success, without JavaScript', async ({ page }) => {
  await page.goto('/startup-program#apply')
  // Browser validation would block an empty form; bypass it to see the server's messages.
  await page.locator('#startup-application').evaluate((f) => f.setAttribute('novalidate', ''))
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Full name is required')).toBeVisible()
  await expect(page.getByText('Year founded is required')).toBeVisible()

  await page.getByLabel('Full name').fill('No Script')
  await page.getByLabel('Work email').fill(uniqueEmail('startup-nojs'))
  await page.getByLabel('Company name').fill('Plain HTML Ltd')
  await page.getByLabel('Year founded').fill('1999')
  await page.getByLabel('Number of employees').fill('3')
  await page.getByLabel('Annual revenue').selectOption('<$100k')
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page.getByText('Year founded must be 2000 or later')).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveValue('Plain HTML Ltd')

  await page.getByLabel('Year founded').fill('2024')
  await page.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page).toHaveURL(/\/startup-program\?applied=1$/)
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for applying!' })).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveValue('')
})

test('100 Ways: search form and tag chips filter on the server', async ({ page }) => {
  await page.goto('/event-lead-capture-ideas')
  await expect(page.getByText('Showing 100 of 100 ideas')).toBeVisible()
  await page.getByRole('link', { name: 'Founder', exact: true }).click()
  await expect(page).toHaveURL(/tag=Founder/)
  const founder = await page.getByText(/Showing \d+ of 100 ideas for Founder/).textContent()
  expect(founder).not.toContain('Showing 100')
  // Clicking the selected chip again clears it.
  await page.getByRole('link', { name: 'Founder', exact: true }).click()
  await expect(page.getByText('Showing 100 of 100 ideas')).toBeVisible()

  await page.getByLabel('Search ideas').fill('zzzz-no-such-idea')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No ideas match your search.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Sales & CRM' })).toHaveCount(0)
})

test('launch-discount form and a tracked call to action work without JavaScript', async ({ page }) => {
  await page.goto('/product-hunt')
  await expect(page.getByText('This launch offer has ended.', { exact: false })).toBeVisible()
  await page
    .getByRole('region', { name: 'Hear about our next offer first' })
    .getByLabel('Email address')
    .fill(uniqueEmail('ph-nojs'))
  await page.getByRole('button', { name: 'Keep me posted' }).click()
  await expect(page).toHaveURL(/subscribed=1/)
  await expect(page.getByText('Thanks! Check your inbox to confirm your email address.')).toBeVisible()

  await page.getByRole('link', { name: 'Get Started Free' }).first().click()
  await expect(page).toHaveURL(/\/signup/)
})

test('testimonial carousel without JavaScript: every testimonial in a scrolling strip, dots are anchors', async ({ page }) => {
  await page.goto('/')
  const carousel = page.getByRole('region', { name: 'Testimonials' })
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(2)
  await expect(carousel.getByText('Amara Okafor', { exact: true })).toBeAttached()
  await expect(carousel.getByText('Daniel Reyes', { exact: true })).toBeAttached()
  await expect(carousel.getByRole('button')).toHaveCount(0)
  await carousel.getByRole('link', { name: /Show testimonial 2 of 2/ }).click()
  await expect(page).toHaveURL(/#testimonial-saas-founder$/)
  await expect(carousel.getByText('Daniel Reyes', { exact: true })).toBeInViewport()
})
