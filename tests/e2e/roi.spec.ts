import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { figure, scanAndLeaveDetails, setFollowUp } from './roi-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// The ROI pages with JavaScript on: enter the cost of an engagement (a message next to a wrong
// amount before anything is sent), mark deals on the people's pages, see the ROI (other currencies
// apart) and the leads-over-time charts with their tables, then the talk's comparison of
// deliveries; axe on both pages.

test('enter the cost of a session → ROI, charts and tables; the talk compares its deliveries', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('roi-speaker')
  const { code, sessionId } = await createLeadSession(request, speaker, { plan: 'pro' })
  await scanAndLeaveDetails(browser, code, 'Grace')
  await scanAndLeaveDetails(browser, code, 'Alan')

  await signIn(context, speaker)
  await page.goto(`/app/sessions/${sessionId}`)
  await page.getByRole('link', { name: 'ROI', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'ROI: DevConf 2026' })).toBeVisible()
  await expect(figure(page, 'Scans')).toHaveText('2')
  await expect(figure(page, 'Leads')).toHaveText('2')
  await expect(figure(page, 'Conversion')).toHaveText('100%')
  await expect(figure(page, 'ROI')).toHaveText('—')
  await expect(page.getByRole('link', { name: 'Add the cost of this engagement to see its ROI' })).toBeVisible()
  await expectNoAxeViolations(page)

  // A wrong amount is flagged next to its field before anything is sent.
  await page.getByLabel('Fee paid').fill('1500')
  await page.getByLabel('Travel').fill('lots')
  await page.getByLabel('Travel').blur()
  await expect(page.getByText('Enter an amount like 1500 or 1500.50.')).toBeVisible()
  await expect(page.getByLabel('Travel')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Travel').fill('250.50')
  await page.getByLabel('Currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Save cost' }).click()
  await expect(page.getByText('Cost saved.')).toBeVisible()
  await expect(figure(page, 'Cost')).toHaveText('€1,750.50')
  await expect(figure(page, 'ROI')).toHaveText('−100%')
  await expect(page.getByLabel('Fee paid')).toHaveValue('1500')

  // Deals entered on the people's pages: Grace won in EUR (the cost currency), Alan open in USD.
  await setFollowUp(page, 'Grace', 'Won', '5000', 'EUR')
  await setFollowUp(page, 'Alan', 'Meeting', '800', 'USD')
  await page.goto(`/app/sessions/${sessionId}/roi`)
  await expect(figure(page, 'Won value')).toHaveText('€5,000')
  // (5000 − 1750.50) ÷ 1750.50 = 185.6%
  await expect(figure(page, 'ROI')).toHaveText('+186%')
  await expect(figure(page, 'Pipeline value')).toHaveText('—')
  await expect(page.getByText(/Deal values in other currencies than the cost \(EUR\) are not in the ROI/)).toContainText(
    'Pipeline in other currencies: $800.',
  )

  // The charts are images with a name and a description; their numbers are in tables.
  const dayChart = page.getByRole('img', { name: /^Leads per 15 minutes on \d{4}-\d{2}-\d{2}/ })
  await expect(dayChart).toBeVisible()
  await expect(dayChart).toHaveAccessibleDescription(/2 leads from .* the busiest quarter hour was/)
  await page.getByText('Leads per 15 minutes as a table').click()
  const table = page.getByRole('table', { name: /Leads per 15 minutes on/ })
  await expect(table).toBeVisible()
  const counts = await table.getByRole('row').locator('td').allTextContents()
  expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(2)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'ROI of the talk' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'ROI: Engines of Tomorrow' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Scans and leads per delivery' })).toHaveAccessibleDescription(
    /DevConf 2026 \(.*\): 2 scans, 2 leads/,
  )
  const row = page.getByRole('row', { name: /DevConf 2026/ })
  await expect(row.getByRole('cell').last()).toContainText('+186%')
  await expect(page.getByRole('row', { name: /^EUR/ })).toContainText('€1,750.50')
  await expect(page.getByRole('row', { name: /^EUR/ })).toContainText('€5,000')
  await expect(page.getByRole('row', { name: /^USD/ })).toContainText('$800')
  await expectNoAxeViolations(page)
  await row.getByRole('link', { name: 'DevConf 2026' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'ROI: DevConf 2026' })).toBeVisible()
})

test('a free plan: the session ROI page explains the upgrade or unlock instead of the figures', async ({
  page,
  context,
  browser,
  request,
}) => {
  const speaker = uniqueEmail('roi-free')
  const { code, sessionId } = await createLeadSession(request, speaker)
  await scanAndLeaveDetails(browser, code, 'Grace')

  await signIn(context, speaker)
  await page.goto(`/app/sessions/${sessionId}/roi`)
  await expect(page.getByRole('heading', { level: 2, name: 'ROI and lead analytics are not in your plan' })).toBeVisible()
  await expect(
    page.getByText(
      /^Your Free plan does not include ROI and lead analytics\. They are included in the Professional, Teams and Event Organiser plans, or unlock this session for .*49 to see all its leads and analytics\.$/,
    ),
  ).toBeVisible()
  await expect(figure(page, 'Leads')).toHaveText('1')
  await expect(page.getByText('Won value', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save cost' })).toHaveCount(0)
  await expect(page.locator('svg[role="img"]')).toHaveCount(0)
  await expectNoAxeViolations(page)
})
