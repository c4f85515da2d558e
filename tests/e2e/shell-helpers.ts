import { expect, type Page } from '@playwright/test'
import { waitForEmail } from './utils'

export const FOOTER_MODALS = [
  { link: 'Contact Us', title: 'Contact Us', name: 'contact' },
  { link: 'Privacy Policy', title: 'Privacy Policy', name: 'privacy' },
  { link: 'Terms of Service', title: 'Terms of Service', name: 'terms' },
  { link: 'Data Processing Addendum', title: 'Data Processing Addendum', name: 'dpa' },
  { link: 'Trust Center', title: 'Trust Center', name: 'trust' },
  { link: 'Cookies Policy', title: 'Cookies Policy', name: 'cookies' },
] as const

export const NEWSLETTER_SUCCESS = "You're in! Check your inbox for a welcome email with your first ROI insights."

export const footer = (page: Page) => page.getByRole('contentinfo')
export const legalNav = (page: Page) => page.getByRole('navigation', { name: 'Legal and contact' })

/** Third-party hosts the e2e server is configured with: answered locally, never fetched. */
export async function stubWidgetHosts(page: Page) {
  await page.route(/^https:\/\/(www\.youtube\.com|affiliates\.example\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title><p>stub</p>' }),
  )
}

/** The confirmation link from the newsletter's welcome email. */
export async function newsletterConfirmLink(email: string) {
  const message = await waitForEmail(email, (m) => /confirm your subscription/.test(m.subject))
  const match = message.text?.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/)
  expect(match, 'confirmation link in the text part').not.toBeNull()
  return match![0]
}
