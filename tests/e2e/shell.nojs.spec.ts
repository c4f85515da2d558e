import { expect, test } from '@playwright/test'
import { FOOTER_MODALS, footer, legalNav, NEWSLETTER_SUCCESS, newsletterConfirmLink } from './shell-helpers'
import { uniqueEmail, waitForEmail } from './utils'

// The site shell without JavaScript: everything is links and plain form posts.

test('small screens: the Menu link opens and closes the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/pricing')
  const mobileNav = page.locator('#mobile-menu')
  await expect(mobileNav.getByRole('link', { name: 'Speaker Directory' })).toBeHidden()
  await page.getByRole('link', { name: 'Menu' }).click()
  await expect(page).toHaveURL(/\/pricing\?menu=open$/)
  await expect(mobileNav.getByRole('link', { name: 'Speaker Directory' })).toBeVisible()
  await expect(mobileNav.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login')
  await page.getByRole('link', { name: 'Menu' }).click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(mobileNav.getByRole('link', { name: 'Speaker Directory' })).toBeHidden()
})

test('every footer modal opens from its link and closes with its Close link', async ({ page }) => {
  await page.goto('/roadmap')
  for (const modal of FOOTER_MODALS) {
    await legalNav(page).getByRole('link', { name: modal.link }).click()
    await expect(page).toHaveURL(new RegExp(`/roadmap\\?modal=${modal.name}$`))
    const dialog = page.getByRole('dialog', { name: modal.title })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(page).toHaveURL(/\/roadmap$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
})

test('newsletter without JavaScript: posts, comes back with the success message, and the email confirms', async ({ page }) => {
  const email = uniqueEmail('news-nojs')
  await page.goto('/roadmap')
  await footer(page).getByLabel('Email address').fill(email)
  await footer(page).getByRole('button', { name: 'Subscribe' }).click()
  await expect(page).toHaveURL(/\/roadmap$/)
  await expect(page.getByText(NEWSLETTER_SUCCESS)).toBeVisible()

  const link = await newsletterConfirmLink(email)
  await page.goto(link)
  await page.getByRole('button', { name: 'Confirm my subscription' }).click()
  await expect(page.getByText("You're subscribed. Look out for our next email.")).toBeVisible()
  // The link still answers, and says so.
  await page.goto(link)
  await expect(page.getByText('Your subscription is already confirmed.')).toBeVisible()
})

test('newsletter without JavaScript: a failure renders the form with the alert', async ({ page }) => {
  // Browsers refuse to submit an invalid type=email field; drive the page with one the browser accepts but the server refuses.
  await page.goto('/newsletter')
  const main = page.getByRole('main')
  await main.getByLabel('Email address').fill('someone@localhost')
  await main.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page).toHaveURL(/\/newsletter$/)
  await expect(main.getByRole('alert')).toHaveText('Something went wrong. Please try again.')
  await expect(main.getByText('Please enter a valid email address')).toBeVisible()
})

test('Contact Us without JavaScript: errors come back on /contact, success returns to the page with a message', async ({
  page,
}) => {
  await page.goto('/integrations?modal=contact')
  const dialog = page.getByRole('dialog', { name: 'Contact Us' })
  await dialog.getByLabel('Name').fill('Robin')
  await dialog.getByLabel('Email').fill('robin@localhost')
  await dialog.getByLabel('Message').fill('Hello')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Robin')

  const sender = uniqueEmail('contact-nojs')
  await page.getByRole('main').getByLabel('Email').fill(sender)
  await page.getByRole('main').getByRole('button', { name: 'Send Message' }).click()
  await expect(page).toHaveURL(/\/integrations$/)
  await expect(page.getByText("Thanks for getting in touch. We'll reply by email soon.")).toBeVisible()
  const mail = await waitForEmail('admin@example.com', (m) => m.reply_to?.[0] === sender)
  expect(mail.subject).toBe('Contact Us: message from Robin')
})

test('cookie settings work without JavaScript and are remembered', async ({ page }) => {
  await page.goto('/cookie-settings')
  await expect(page.getByText('You have not made a choice yet: optional widgets do not load.')).toBeVisible()
  await page.getByLabel('Allow optional third-party widgets').check()
  await page.getByRole('button', { name: 'Save preferences' }).click()
  await expect(page.getByText('Saved: optional widgets may load.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Allow optional third-party widgets')).toBeChecked()
  await expect(page.getByText('Your current choice: optional widgets allowed.')).toBeVisible()

  // The demo modal's consent button works the same way and returns to the open modal.
  await page.context().clearCookies()
  await page.goto('/?modal=demo')
  await page
    .getByRole('dialog', { name: 'Watch Demo' })
    .getByRole('button', { name: 'Allow optional widgets and continue' })
    .click()
  await expect(page).toHaveURL(/\/\?modal=demo$/)
  await expect(page.getByRole('dialog', { name: 'Watch Demo' }).getByTitle('Product demo video')).toBeVisible()
})
