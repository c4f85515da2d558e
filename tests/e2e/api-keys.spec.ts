import { expect, test } from '@playwright/test'
import { fillKey, me, ownerOnPlan } from './api-keys-helpers'
import { expectNoAxeViolations, uniqueEmail } from './utils'

// Settings → API with JavaScript on (issue 30 Deliver 1): create a key, see it once, use it, revoke
// it; axe on the page in each state and on the API reference.

test('create a key, see it once, use it, revoke it', async ({ page, context }) => {
  await ownerOnPlan(context, uniqueEmail('api-js'))
  await page.goto('/app/settings')
  await page.getByRole('link', { name: 'Manage API keys' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible()
  await expect(page.getByText('No API keys yet.')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('checkbox', { name: /leads:read/ }).uncheck()
  await page.getByRole('button', { name: 'Create key' }).click()
  await expect(page.getByText('Give the key a name, so you know later what uses it')).toBeVisible()
  await expect(page.getByText('Choose at least one scope')).toBeVisible()
  await expectNoAxeViolations(page)

  await fillKey(page, 'Zapier', ['leads:read', 'sessions:read'])
  await page.getByRole('button', { name: 'Create key' }).click()
  const shown = page.getByLabel('API key')
  await expect(shown).toBeVisible()
  const key = await shown.inputValue()
  expect(key).toMatch(/^lec_[A-Za-z0-9_-]{43}$/)
  await expect(page.getByText('it is shown only this once')).toBeVisible()
  await expect(page.getByText(`${key.slice(0, 8)}…${key.slice(-4)}`)).toBeVisible()
  await expectNoAxeViolations(page)

  expect(await me(context, key)).toMatchObject({ status: 200, body: { plan: 'pro', scopes: ['leads:read', 'sessions:read'] } })

  // Gone once the page is left: nothing can show it again.
  await page.goto('/app/settings/api')
  await expect(page.getByLabel('API key')).toHaveCount(0)
  await expect(page.getByText(`${key.slice(0, 8)}…${key.slice(-4)}`)).toBeVisible()
  expect(await page.content()).not.toContain(key)

  await page.getByRole('button', { name: 'Revoke Zapier' }).click()
  await expect(page.getByText('Key revoked: it no longer works.')).toBeVisible()
  await expect(page.getByText('No API keys yet.')).toBeVisible()
  expect((await me(context, key)).status).toBe(401)
})

test('a free workspace is told what the API is and which plans add it', async ({ page, context }) => {
  await ownerOnPlan(context, uniqueEmail('api-free'), 'free')
  await page.goto('/app/settings/api')
  await expect(page.getByRole('heading', { name: 'The API is not in your plan' })).toBeVisible()
  await expect(
    page.getByText(
      'Your Free plan does not include the API. It is included in the Professional, Teams and Event Organiser plans.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('the API reference: quick start, errors and operations, rendered without a script of its own', async ({ page }) => {
  await page.goto('/docs/api')
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Quick start' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Use with Zapier, Make and n8n' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /GET\s*\/me/ })).toBeVisible()
  await expect(page.locator('#error-rate-limited')).toContainText('rate_limited')
  await expectNoAxeViolations(page)
})
