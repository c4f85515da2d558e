import { expect, test } from '@playwright/test'
import { fillKey, me, ownerOnPlan } from './api-keys-helpers'
import { uniqueEmail } from './utils'

// Settings → API with JavaScript off (issue 30 Deliver 1): the create form posts and the answer page
// shows the key once (no redirect, nothing stored in the clear); errors by the fields; revoke.

test('without JavaScript: errors by the fields, the key shown once, revoked', async ({ page, context }) => {
  await ownerOnPlan(context, uniqueEmail('api-nojs'))
  await page.goto('/app/settings/api')
  await page.getByLabel('Expires on (optional)').fill('2000-01-01')
  await page.getByRole('button', { name: 'Create key' }).click()
  await expect(page.getByText('Give the key a name, so you know later what uses it')).toBeVisible()
  await expect(page.getByText('Choose a date after today, at most three years ahead')).toBeVisible()

  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  await fillKey(page, 'n8n', ['webhooks:write'])
  await page.getByLabel('Expires on (optional)').fill(expires)
  await page.getByRole('button', { name: 'Create key' }).click()
  const key = await page.getByLabel('API key').inputValue()
  expect(key).toMatch(/^lec_[A-Za-z0-9_-]{43}$/)
  expect(await me(context, key)).toMatchObject({ status: 200, body: { scopes: ['leads:read', 'webhooks:write'] } })

  await page.goto('/app/settings/api')
  expect(await page.content()).not.toContain(key)
  await expect(page.getByRole('heading', { level: 3, name: 'n8n' })).toBeVisible()
  await page.getByRole('button', { name: 'Revoke n8n' }).click()
  await expect(page.getByText('Key revoked: it no longer works.')).toBeVisible()
  expect((await me(context, key)).status).toBe(401)
})
