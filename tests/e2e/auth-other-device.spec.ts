import { expect, test } from '@playwright/test'
import { WAITING_TAB_TEXT } from '../../app/auth/magic-link-text'
import { OTHER_DEVICE_TEXT } from '../../app/auth/other-device-text'
import { WAITING_TAB_CODE_HINT_MS } from '../../app/lib/constants'
import { requestLink, signInEmail } from './auth-helpers'
import { expectNoAxeViolations, uniqueEmail } from './utils'

// Issue 20 item 3: the laptop tab waits, the email's link is opened on a phone (another browser
// context: no shared cookies). The phone is signed in and shows the code; the laptop tab says the
// link was used elsewhere, offers the code field, and that code signs it in.

test('a link opened on another device signs in that device, which shows the code the waiting tab then takes', async ({
  page,
  browser,
}) => {
  test.slow()
  const email = uniqueEmail('phone')
  await page.goto('/login')
  await requestLink(page, email)
  await expect(page.getByText('Checking access...')).toBeVisible()
  const { link, code } = await signInEmail(email)

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const phone = await phoneContext.newPage()
  await phone.goto(link)
  await expect(phone.getByRole('heading', { name: "You're Logged In!" })).toBeVisible()
  await expect(phone.getByText(OTHER_DEVICE_TEXT.signedInHere)).toBeVisible()
  await expect(phone.getByText(OTHER_DEVICE_TEXT.lead)).toBeVisible()
  const shown = phone.getByRole('status', { name: OTHER_DEVICE_TEXT.codeLabel })
  // The very code of the email, and nothing that says the other tab noticed anything.
  await expect(shown).toHaveText(code)
  await expect(phone.getByText(/it has noticed you are signed in/)).toHaveCount(0)
  await expect(phone.getByText('It works once, within 15 minutes.', { exact: false })).toBeVisible()
  await expectNoAxeViolations(phone)

  // The laptop: told within a poll or two, no endless "Checking access...", the code field at hand.
  await expect(page.getByText(WAITING_TAB_TEXT.openedElsewhere)).toBeVisible({ timeout: 10_000 })
  await expect(page.getByText('Checking access...')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.getByLabel('6-digit code from the email').fill((await shown.textContent())!)
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/\/app$/)

  // The phone's page no longer offers a spent code.
  await phone.reload()
  await expect(phone.getByText(OTHER_DEVICE_TEXT.codeClosed)).toBeVisible()
  await expect(shown).toHaveCount(0)
  await phoneContext.close()
})

test('a tab left waiting explains the code after WAITING_TAB_CODE_HINT_MS instead of checking for ever', async ({ page }) => {
  await page.clock.install()
  await page.goto('/login')
  await requestLink(page, uniqueEmail('waiting'))
  await expect(page.getByText('Checking access...')).toBeVisible()
  await page.clock.fastForward(WAITING_TAB_CODE_HINT_MS - 1_000)
  await expect(page.getByText('Checking access...')).toBeVisible()
  await page.clock.fastForward(2_000)
  await expect(page.getByText(WAITING_TAB_TEXT.stillWaiting)).toBeVisible()
  await expect(page.getByText('Checking access...')).toHaveCount(0)
  await expect(page.getByLabel('6-digit code from the email')).toBeEditable()
})
