import { expect, test } from '@playwright/test'
import { hooksUrl, signIn, uniqueEmail } from './utils'
import { expectLogged, fillEndpoint, receivedAt } from './webhooks-helpers'

// Settings → Webhooks with JavaScript off: every form is a real post with a server-side answer.

test('without JavaScript: add (errors by the fields), edit, ping, delete with the confirmation step', async ({
  page,
  context,
}) => {
  test.slow()
  await signIn(context, uniqueEmail('nojs-hooks'))
  await page.goto('/app/settings/webhooks/new')
  await fillEndpoint(page, 'http://10.0.0.7/hooks', '', ['lead.created', 'lead.updated', 'lead.deleted'])
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(page.getByText('10.0.0.7 is a private address: webhooks only go to public addresses')).toBeVisible()
  await expect(page.getByText('Choose at least one event')).toBeVisible()

  const path = `/nojs-${Date.now()}`
  await fillEndpoint(page, `${hooksUrl()}${path}`, 'Zapier')
  await page.getByLabel('lead.created', { exact: true }).check()
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(page.getByText('Endpoint added.')).toBeVisible()

  await page.getByLabel('Description').fill('Zapier, production')
  await page.getByRole('button', { name: 'Save endpoint' }).click()
  await expect(page.getByText('Endpoint saved.')).toBeVisible()
  await expect(page.getByText('Zapier, production').first()).toBeVisible()

  await page.getByRole('button', { name: 'Send test ping' }).click()
  await expect(page.getByText('Test ping queued.')).toBeVisible()
  await expectLogged(page, 'Delivered', 1)
  expect((await receivedAt(path)).map((r) => JSON.parse(r.body).type)).toEqual(['webhook.ping'])

  await page.getByRole('link', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Endpoint deleted.')).toBeVisible()
  await expect(page.getByText('No endpoints yet.')).toBeVisible()
})
