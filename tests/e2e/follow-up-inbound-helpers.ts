import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { ownerOnPlan } from './api-keys-helpers'
import { appUrl, resendUrl, uniqueEmail } from './utils'

// Issue 32 (follow-ups): a sent follow-up's recipient with the token their message would carry, and
// the Settings → Sending domain flow against the fake Resend's Domains API.

export async function sentFollowUp(request: APIRequestContext) {
  const res = await request.post(`${appUrl()}/__e2e/sent-follow-up`, {
    data: { email: uniqueEmail('fu-owner'), to: uniqueEmail('grace') },
  })
  expect(res.ok()).toBe(true)
  return (await res.json()) as { token: string; links: string[] }
}

/** Confirmation page → Unsubscribe → the page answered (no redirect) says it is done; again it stays done. */
export async function unsubscribeThroughThePage(page: Page, token: string) {
  await page.goto(`/u/${token}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
  await expect(page.getByText('Stop emails from Ada Lovelace via Lectern? It takes effect at once.')).toBeVisible()
  // Without JavaScript the form posts the page; with it, Remix posts the same action as /u/{token}.data.
  const answer = page.waitForResponse(
    (r) => [`/u/${token}`, `/u/${token}.data`].includes(new URL(r.url()).pathname) && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  expect((await answer).status()).toBe(200)
  await expect(page.getByText('You are unsubscribed: Ada Lovelace via Lectern will not email you again.')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe(`/u/${token}`)
  await page.goto(`/u/${token}`)
  await expect(page.getByText('You are unsubscribed: Ada Lovelace via Lectern will not email you again.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
}

export async function domainOwner(context: BrowserContext) {
  await ownerOnPlan(context, uniqueEmail('domain-owner'), 'pro')
}

export const uniqueDomain = () => `talks-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example`

/** Settings → Sending domain: add, see the records, Check (pending), DNS in place, Check (verified), remove. */
export async function sendingDomainFlow(page: Page, request: APIRequestContext) {
  await page.goto('/app/settings')
  await page.getByRole('link', { name: 'Manage sending domain' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sending domain' })).toBeVisible()

  await page.getByLabel('From address').fill('not an address')
  await page.getByRole('button', { name: 'Add domain' }).click()
  await expect(page.getByText('Enter the address follow-ups should come from, like talks@yourcompany.com')).toBeVisible()

  const domain = uniqueDomain()
  await page.getByLabel('From address').fill(`talks@${domain}`)
  await page.getByRole('button', { name: 'Add domain' }).click()
  await expect(page.getByText('Domain added: now add its DNS records, then press Check.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: domain })).toBeVisible()
  await expect(page.getByText('Status: Not checked yet')).toBeVisible()
  const records = page.getByRole('table', { name: `DNS records for ${domain}` })
  await expect(records.getByRole('row')).toHaveCount(4)
  await expect(records.getByRole('cell', { name: 'DKIM' })).toBeVisible()

  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByText('Status: Checking')).toBeVisible()

  expect((await request.post(`${resendUrl()}/__fake/domains/${domain}/dns`)).ok()).toBe(true)
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByText('Status: Verified')).toBeVisible()
  await expect(page.getByText(`Verified: follow-ups go out from talks@${domain}.`)).toBeVisible()
  return domain
}

export async function removeDomain(page: Page) {
  await page.getByRole('button', { name: 'Remove domain' }).click()
  await expect(page.getByText('Sending domain removed: follow-ups go out from the default address.')).toBeVisible()
  await expect(page.getByLabel('From address')).toBeVisible()
}
