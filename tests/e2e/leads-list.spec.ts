import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { captureLead, csvText } from './leads-list-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// The leads list with JavaScript on (issue 10): one row per person, filter → save a segment → bulk
// status → export, the export of a selection, delete with the browser's confirm; hostile attendee
// text stays text; zero axe violations.

test('filter, save a segment, set a status in bulk, export, delete', async ({ page, context, browser, request }) => {
  test.slow()
  const speaker = uniqueEmail('leads-speaker')
  const first = await createLeadSession(request, speaker)
  const second = await createLeadSession(request, speaker)
  const grace = uniqueEmail('grace')
  const alan = uniqueEmail('alan')
  await captureLead(browser, first.code, { firstName: 'Grace', email: grace, company: 'Navy', marketing: true })
  await captureLead(browser, second.code, { firstName: 'Grace', email: grace, company: 'Navy' })
  await captureLead(browser, first.code, { firstName: 'Alan', email: alan, company: 'Bletchley' })
  await captureLead(browser, first.code, {
    firstName: '<img src=x onerror="window.__xss=1">',
    email: uniqueEmail('xss'),
    company: '<script>window.__xss=2</script>',
  })

  await signIn(context, speaker)
  await page.goto('/app')
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Leads' }).click()
  await expect(page).toHaveURL(/\/app\/leads$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await expect(page.getByText('3 people', { exact: true })).toBeVisible()
  const graceRow = page.getByRole('row').filter({ hasText: grace })
  // The row's details hold a copy of each column's value for narrower screens (hidden at this width).
  await expect(graceRow.getByText('Seen at 2 talks').filter({ visible: true })).toBeVisible()
  await expect(page.getByRole('link', { name: '<img src=x onerror="window.__xss=1">' })).toBeVisible()
  await expect(page.getByText('<script>window.__xss=2</script>')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  await expectNoAxeViolations(page)

  // Filter, then save it as a segment.
  await page.getByLabel('Search').fill('grace')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/\/app\/leads\?q=grace$/)
  await expect(page.getByText('1 person matches these filters')).toBeVisible()
  await page.getByLabel('Segment name').fill('Grace only')
  await page.getByRole('button', { name: 'Save as segment' }).click()
  await expect(page.getByText('Segment “Grace only” saved.')).toBeVisible()
  await page.getByRole('link', { name: 'Clear filters' }).first().click()
  await expect(page.getByText('3 people', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Grace only', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/leads\?q=grace$/)
  await expect(page.getByRole('link', { name: 'Grace only', exact: true })).toHaveAttribute('aria-current', 'page')

  // Nothing matches: say so and offer the way back.
  await page.goto('/app/leads?q=nobody-by-this-name')
  await expect(page.getByRole('heading', { name: 'No one matches these filters' })).toBeVisible()
  await page.getByRole('link', { name: 'Clear filters' }).last().click()
  await expect(page.getByText('3 people', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Grace only', exact: true }).click()
  // Wait for the segment's page: the form's return address (and so the export link after it) is the
  // filtered list only once it has loaded.
  await expect(page.getByText('1 person matches these filters')).toBeVisible()

  // Bulk status on the selection.
  await page.getByRole('checkbox', { name: `Select Grace (${grace})` }).check()
  await page.getByLabel('New status').selectOption('meeting')
  await page.getByRole('button', { name: 'Set status' }).click()
  await expect(page.getByText('Status set to Meeting for 1 person.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: grace }).getByRole('cell', { name: 'Meeting' })).toBeVisible()

  // Export of the current filter.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV (this filter)' }).click()
  const csv = await csvText(await downloading)
  expect(csv.charCodeAt(0)).toBe(0xfeff)
  expect(csv).toContain(grace)
  expect(csv).toContain('Meeting')
  expect(csv).not.toContain(alan)

  // Everyone: select all, export the selection, then delete Alan with the browser's confirm.
  await page.goto('/app/leads')
  await page.getByRole('checkbox', { name: 'Select everyone on this page' }).check()
  const selected = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export selected' }).click()
  const all = await csvText(await selected)
  expect(all.trimEnd().split('\r\n')).toHaveLength(4)

  await page.goto('/app/leads')
  await page.getByRole('checkbox', { name: `Select Alan (${alan})` }).check()
  page.once('dialog', (dialog) => dialog.accept())
  await page.getByRole('button', { name: 'Delete selected' }).click()
  await expect(page.getByText('1 person deleted.')).toBeVisible()
  await expect(page.getByText('2 people', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('an empty list teaches how to get the first lead', async ({ page, context }) => {
  await signIn(context, uniqueEmail('leads-empty'))
  await page.goto('/app/leads')
  await expect(page.getByRole('heading', { name: 'No leads yet' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to your sessions' })).toBeVisible()
  await expectNoAxeViolations(page)
})
