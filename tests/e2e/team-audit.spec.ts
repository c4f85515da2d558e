import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createLeadSession } from './lead-capture-helpers'
import { captureLead, csvText } from './leads-list-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'
import { fillEndpoint } from './webhooks-helpers'

// The workspace audit log with JavaScript on (issue 21 Deliver 7): an owner adds a webhook and
// exports leads, finds both in the log, filters it by kind and person, downloads the filter as CSV
// (which is logged too); the page fits a phone; zero axe violations.

/** Nothing scrolls sideways: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(client)
}

test('an owner’s webhook and export are in the log, filtered and downloaded as CSV', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const owner = uniqueEmail('audit-owner')
  const { code } = await createLeadSession(request, owner)
  await captureLead(browser, code, { firstName: 'Grace', email: uniqueEmail('grace') })
  await captureLead(browser, code, { firstName: 'Alan', email: uniqueEmail('alan') })
  await signIn(context, owner)

  const hook = `https://hooks.example.com/audit-${Date.now()}`
  await page.goto('/app/settings/webhooks/new')
  await fillEndpoint(page, hook, 'CRM bridge')
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(page.getByText('Endpoint added.')).toBeVisible()

  await page.goto('/app/leads')
  const leadsDownload = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  expect(await csvText(await leadsDownload)).toContain('Grace')

  await page.goto('/app')
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Team' }).click()
  await page.getByRole('link', { name: 'Audit log', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/team\/audit$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await expect(page.getByText('2 entries', { exact: true })).toBeVisible()
  const log = page.getByRole('region', { name: 'Audit log' })
  const exportRow = log.getByRole('row').filter({ hasText: 'Export made' })
  await expect(exportRow.getByRole('cell', { name: owner })).toBeVisible()
  await expect(exportRow.getByRole('cell', { name: 'Leads CSV' })).toBeVisible()
  await expect(exportRow.getByRole('cell', { name: '2 rows, CSV' })).toBeVisible()
  const hookRow = log.getByRole('row').filter({ hasText: 'Webhook added' })
  await expect(hookRow.getByRole('cell', { name: hook })).toBeVisible()
  await expectNoAxeViolations(page)

  // By kind, then by person as well.
  await page.getByLabel('What').selectOption({ label: 'Webhook added' })
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/app\/team\/audit\?kind=webhook\.added$/)
  await expect(page.getByText('1 entry matches these filters')).toBeVisible()
  await expect(log.getByRole('row').filter({ hasText: 'Export made' })).toHaveCount(0)
  const part = owner.split('@')[0]!.toUpperCase()
  await page.getByLabel('Person').fill(part)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  // Wait for the new address: the count alone was already on the page, and the form remounts with it.
  await expect(page).toHaveURL(`/app/team/audit?kind=webhook.added&person=${part}`)
  await expect(page.getByText('1 entry matches these filters')).toBeVisible()
  await page.getByLabel('Person').fill('nobody-by-this-name')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Clear filters' }).last().click()
  await expect(page.getByText('2 entries', { exact: true })).toBeVisible()

  // The CSV of a filter.
  await page.getByLabel('What').selectOption({ label: 'Webhook added' })
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page.getByText('1 entry matches these filters')).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV (this filter)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await download.path())!, 'utf8')
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(lines[0]).toBe('When (UTC),Who,What,Subject,Details,Kind,Data (JSON)')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`,${owner},Webhook added,${hook},`)

  // The download is in the log too.
  await page.getByRole('link', { name: 'Clear filters' }).first().click()
  await expect(page.getByText('3 entries', { exact: true })).toBeVisible()
  await expect(log.getByRole('row').filter({ hasText: 'Audit log CSV' })).toBeVisible()

  // On a phone: no sideways scrolling; the columns that do not fit move into each entry's details.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expectNoSidewaysScroll(page)
  const first = log.getByRole('row').filter({ hasText: 'Audit log CSV' })
  await first.getByText(/^Details of Export made, /).click()
  await expect(first.getByText(owner).filter({ visible: true })).toBeVisible()
  await expectNoAxeViolations(page)
})
