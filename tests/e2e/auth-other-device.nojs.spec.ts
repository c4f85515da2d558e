import { expect, test } from '@playwright/test'
import { WAITING_TAB_TEXT } from '../../app/auth/magic-link-text'
import { OTHER_DEVICE_TEXT } from '../../app/auth/other-device-text'
import { requestLink, signInEmail } from './auth-helpers'
import { uniqueEmail } from './utils'

// Issue 20 item 3 without JavaScript on either device: the phone presses Continue and is shown the
// code; the laptop's "continue" button says where the link went, and the code form (there from the
// start) signs it in.

test('without JavaScript: the phone shows the code, the waiting tab is told and signs in with it', async ({ page, browser }) => {
  const email = uniqueEmail('nojs-phone')
  await page.goto('/login')
  await requestLink(page, email)
  await expect(page.getByLabel('6-digit code from the email')).toBeVisible()
  const { link, code } = await signInEmail(email)

  const phoneContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  const phone = await phoneContext.newPage()
  await phone.goto(link)
  await expect(phone.getByText('Completing authentication...')).toBeVisible()
  await phone.getByRole('button', { name: 'Continue' }).click()
  await expect(phone.getByRole('heading', { name: "You're Logged In!" })).toBeVisible()
  await expect(phone.getByText(OTHER_DEVICE_TEXT.signedInHere)).toBeVisible()
  await expect(phone.getByRole('status', { name: OTHER_DEVICE_TEXT.codeLabel })).toHaveText(code)

  await page.getByRole('button', { name: /clicked the link/ }).click()
  await expect(page.getByText(OTHER_DEVICE_TEXT.checkOpenedElsewhere)).toBeVisible()
  await expect(page.getByText(WAITING_TAB_TEXT.openedElsewhere)).toBeVisible()
  await page.getByLabel('6-digit code from the email').fill(code)
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await phoneContext.close()
})
