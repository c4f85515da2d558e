import { expect, type Page } from '@playwright/test'
import { waitForEmail } from './utils'

/** The link and the code of the newest sign-in email to this address (from the fake Resend). */
export async function signInEmail(address: string, match?: (e: { subject: string }) => boolean) {
  const email = await waitForEmail(address, match)
  const text = email.text ?? ''
  const link = /(https?:\/\/\S+\/auth\/callback\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1]
  const code = /code[^:]*: (\d{6})/.exec(text)?.[1]
  expect(link, 'link in the email').toBeTruthy()
  expect(code, 'code in the email').toBeTruthy()
  expect(email.html).toContain(code!)
  return { link: link!, code: code!, subject: email.subject }
}

/** Fills the email field of the magic-link form and sends it; waits for the "sent" state. */
export async function requestLink(page: Page, email: string) {
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send Magic Link' }).click()
  await expect(page.getByRole('button', { name: 'Magic Link Sent!' })).toBeVisible()
  await expect(page.getByText('Check your email for the magic link to log in')).toBeVisible()
  await expect(
    page
      .getByText('Magic link sent! Check your email and click the link. After clicking, return to this tab to continue.')
      .first(),
  ).toBeVisible()
}
