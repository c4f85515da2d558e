import { expect, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { expectNoAxeViolations, hooksUrl, signIn, uniqueEmail } from './utils'
import { expectLogged, fillEndpoint, receivedAt } from './webhooks-helpers'

// Settings → Webhooks with JavaScript on: a private address refused on save, a test ping signed so
// the Standard Webhooks verifier accepts it, a failed delivery replayed with the same webhook-id,
// disable/enable, rotating the secret, and delete with its confirmation step; axe on every screen.

test('add an endpoint, ping it, replay the failed ping, rotate the secret, delete it', async ({ page, context }) => {
  test.slow()
  await signIn(context, uniqueEmail('hooks'))
  await page.goto('/app/settings')
  await page.getByRole('link', { name: 'Manage webhooks' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
  await expect(page.getByText('No endpoints yet.')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Add endpoint' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Add a webhook endpoint' })).toBeVisible()
  await expectNoAxeViolations(page)
  await fillEndpoint(page, 'http://169.254.169.254/latest/meta-data/')
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(page.getByText('169.254.169.254 is a link-local address: webhooks only go to public addresses')).toBeVisible()
  await expect(page.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)

  // The receiver answers 500 the first time this path is hit, then 200.
  const path = `/js-${Date.now()}/fail-first`
  await fillEndpoint(page, `${hooksUrl()}${path}`, 'CRM bridge', ['lead.updated'])
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(page.getByText('Endpoint added.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: `${hooksUrl()}${path}` })).toBeVisible()
  await expect(page.getByLabel('lead.updated', { exact: true })).not.toBeChecked()
  await expect(page.getByLabel('lead.created', { exact: true })).toBeChecked()
  await expect(page.getByLabel('Secret', { exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Reveal secret' }).click()
  const secret = await page.getByLabel('Secret', { exact: true }).inputValue()
  expect(secret).toMatch(/^whsec_/)

  await page.getByRole('button', { name: 'Send test ping' }).click()
  await expect(page.getByText('Test ping queued.')).toBeVisible()
  await expectLogged(page, 'Failed', 1)
  await expect(page.getByText('receiver warming up')).toBeVisible()
  await expect(page.getByText('HTTP 500', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: /^Replay/ }).click()
  await expect(page.getByText('Delivery queued again.')).toBeVisible()
  await expectLogged(page, 'Delivered', 1)
  const [first, second] = await receivedAt(path)
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
  expect(second!.body).toBe(first!.body)
  expect(new Webhook(secret).verify(second!.body, second!.headers)).toMatchObject({ type: 'webhook.ping' })

  await page.getByRole('button', { name: 'Disable' }).click()
  await expect(page.getByText('Endpoint disabled: no events are sent to it.')).toBeVisible()
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Enable' }).click()
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Rotate secret' }).click()
  await expect(page.getByRole('alertdialog')).toContainText(
    'For 24 hours each message carries a signature with the old secret too',
  )
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Yes, rotate' }).click()
  await expect(page.getByText('New signing secret created.')).toBeVisible()
  const rotated = await page.getByLabel('Secret', { exact: true }).inputValue()
  expect(rotated).toMatch(/^whsec_/)
  expect(rotated).not.toBe(secret)

  await page.getByRole('link', { name: 'Delete' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Delete the endpoint')
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Endpoint deleted.')).toBeVisible()
  await expect(page.getByText('No endpoints yet.')).toBeVisible()
})

test('the webhook guide the page mentions is a link to a page with the verification steps', async ({ page, context }) => {
  await signIn(context, uniqueEmail('hooks-guide'))
  await page.goto('/app/settings/webhooks')
  await page.getByRole('link', { name: 'Lectern’s webhook guide' }).click()
  await expect(page).toHaveURL(/\/app\/settings\/webhooks\/guide$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook guide' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Headers and verifying signatures' })).toBeVisible()
  await expect(page.getByText("import { Webhook } from 'standardwebhooks'")).toBeVisible()
  // Still inside the workspace: one navigation, one Logout.
  await expect(page.getByRole('button', { name: /^Log ?out$/i })).toHaveCount(1)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Back to webhooks' }).click()
  await expect(page.getByRole('link', { name: 'Webhook guide', exact: true })).toBeVisible()
})
