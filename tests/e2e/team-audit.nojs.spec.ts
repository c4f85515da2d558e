import { expect, test } from '@playwright/test'
import { signIn, uniqueEmail } from './utils'
import { fillEndpoint } from './webhooks-helpers'

// The audit log without JavaScript: the filter is a plain GET form, pagination and the CSV plain links.

test('the filter form and the CSV work without JavaScript', async ({ page, context }) => {
  const owner = uniqueEmail('audit-nojs')
  await signIn(context, owner)
  await page.goto('/app/team/audit')
  await expect(page.getByRole('heading', { name: 'Nothing recorded yet' })).toBeVisible()

  const hook = `https://hooks.example.com/audit-nojs-${Date.now()}`
  await page.goto('/app/settings/webhooks/new')
  await fillEndpoint(page, hook)
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(page.getByText('Endpoint added.')).toBeVisible()
  await page.getByRole('link', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Endpoint deleted.')).toBeVisible()

  await page.goto('/app/team/audit')
  await expect(page.getByText('2 entries', { exact: true })).toBeVisible()
  await page.getByLabel('What').selectOption({ label: 'Webhook removed' })
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/app\/team\/audit\?kind=webhook\.removed$/)
  await expect(page.getByText('1 entry matches these filters')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Audit log' }).getByRole('cell', { name: hook })).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV (this filter)' }).click()
  expect((await downloading).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
})
