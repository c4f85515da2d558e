import { expect, test } from '@playwright/test'
import { fillKey, ownerOnPlan } from './api-keys-helpers'
import { appUrl, expectNoAxeViolations, hooksUrl, uniqueEmail } from './utils'
import { receivedAt } from './webhooks-helpers'

// A REST hook seen from the app (issue 30 Deliver 4): a key made in Settings → API subscribes a URL
// through the API as Zapier would; Settings → Webhooks lists it with the key that made it, its test
// ping arrives in the API's shape, and once the key is revoked the list says nothing is sent to it.
// axe on the list in both states.

test('a subscription made through the API is listed in Settings → Webhooks with its key', async ({ page, context }) => {
  await ownerOnPlan(context, uniqueEmail('api-hooks'))
  await page.goto('/app/settings/api')
  await fillKey(page, 'Zapier', ['webhooks:write'])
  await page.getByRole('button', { name: 'Create key' }).click()
  const key = await page.getByLabel('API key').inputValue()

  const path = `/zap-${Date.now()}`
  const made = await context.request.post(`${appUrl()}/api/v1/webhooks`, {
    headers: { Authorization: `Bearer ${key}`, Cookie: '' },
    data: { url: `${hooksUrl()}${path}`, events: ['lead.created'], description: 'Zap: new lead' },
  })
  expect(made.status()).toBe(201)
  const { id } = (await made.json()) as { id: string }

  await page.goto('/app/settings/webhooks')
  await expect(page.getByRole('link', { name: `${hooksUrl()}${path}` })).toBeVisible()
  await expect(page.getByText('Subscribed through the API with the key “Zapier”')).toBeVisible()
  await expect(page.getByRole('link', { name: 'API’s objects' })).toHaveAttribute('href', '/docs/api#webhooks')
  await expectNoAxeViolations(page)

  // The endpoint's page works as for any endpoint: its test ping names the subscription.
  await page.getByRole('link', { name: `${hooksUrl()}${path}` }).click()
  await page.getByRole('button', { name: 'Send test ping' }).click()
  await expect.poll(async () => (await receivedAt(path)).length, { timeout: 15_000 }).toBe(1)
  expect((await receivedAt(path))[0]!.body).toContain(`"subscription_id":"${id}"`)

  await page.goto('/app/settings/api')
  await page.getByRole('button', { name: 'Revoke Zapier' }).click()
  await expect(page.getByText('Key revoked: it no longer works.')).toBeVisible()
  await page.goto('/app/settings/webhooks')
  await expect(page.getByText('The key was revoked, so nothing is sent to it: delete it.')).toBeVisible()
  await expectNoAxeViolations(page)
})
