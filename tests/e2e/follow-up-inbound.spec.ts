import { expect, test } from '@playwright/test'
import {
  domainOwner,
  removeDomain,
  sendingDomainFlow,
  sentFollowUp,
  unsubscribeThroughThePage,
} from './follow-up-inbound-helpers'
import { expectNoAxeViolations } from './utils'

// Issue 32 with JavaScript on: the unsubscribe page of a follow-up (Deliver 4) and Settings → Sending
// domain (Deliver 6), with axe on each page in each state.

test('the unsubscribe page asks, unsubscribes without a redirect, and stays done; axe on both states', async ({ page }) => {
  const { token } = await sentFollowUp(page.request)
  await page.goto(`/u/${token}`)
  await expectNoAxeViolations(page)
  await unsubscribeThroughThePage(page, token)
  await expectNoAxeViolations(page)
})

test.describe('a German browser (Accept-Language de)', () => {
  test.use({ locale: 'de-DE' })
  test('reads the unsubscribe page in German, unsubscribes in German; axe on both states', async ({ page }) => {
    const { token } = await sentFollowUp(page.request)
    await page.goto(`/u/${token}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Abmelden' })).toBeVisible()
    await expect(page.getByText('Die Abmeldung gilt sofort.')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Abmelden' }).click()
    await expect(page.getByText('Sie sind abgemeldet: Ada Lovelace via Lectern wird Ihnen keine E-Mails mehr schicken.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0)
    await expectNoAxeViolations(page)
  })
})

test('an unknown unsubscribe link is a 404 page', async ({ page }) => {
  const res = await page.goto(`/u/${'Z'.repeat(32)}`)
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Link not known' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a follow-up link redirects to its stored address only', async ({ page }) => {
  const { token, links } = await sentFollowUp(page.request)
  const res = await page.request.get(`/c/${token}/0`, { maxRedirects: 0 })
  expect(res.status()).toBe(302)
  expect(res.headers()['location']).toBe(links[0])
  expect((await page.request.get(`/c/${token}/1`, { maxRedirects: 0 })).status()).toBe(404)
})

test('Settings → Sending domain: add, records, check until verified, remove; axe on each state', async ({ page, context }) => {
  await domainOwner(context)
  await page.goto('/app/settings/sending-domain')
  await expectNoAxeViolations(page)
  await sendingDomainFlow(page, page.request)
  await expectNoAxeViolations(page)
  await removeDomain(page)
})
