import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { figure, scanAndLeaveDetails } from './roi-helpers'
import { signIn, uniqueEmail } from './utils'

// The ROI pages without JavaScript: the cost form posts, a wrong amount comes back from the server
// next to its field with the values kept, the charts and their tables are in the HTML.

test('without JavaScript: the cost form, the ROI, the charts and their tables', async ({ page, context, browser, request }) => {
  test.slow()
  const speaker = uniqueEmail('roi-nojs')
  const { code, sessionId } = await createLeadSession(request, speaker, { plan: 'pro' })
  await scanAndLeaveDetails(browser, code, 'Grace')

  await signIn(context, speaker)
  await page.goto(`/app/sessions/${sessionId}/roi`)
  await expect(page.getByRole('link', { name: 'Add the cost of this engagement to see its ROI' })).toBeVisible()

  await page.getByLabel('Fee paid').fill('12.345')
  await page.getByLabel('Travel').fill('80')
  await page.getByRole('button', { name: 'Save cost' }).click()
  await expect(page.getByText('Enter an amount like 1500 or 1500.50.')).toBeVisible()
  await expect(page.getByLabel('Fee paid')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Travel')).toHaveValue('80')

  await page.getByLabel('Fee paid').fill('400')
  await page.getByLabel('Currency').selectOption('GBP')
  await page.getByRole('button', { name: 'Save cost' }).click()
  await expect(page.getByText('Cost saved.')).toBeVisible()
  await expect(figure(page, 'Cost')).toHaveText('£480')
  await expect(figure(page, 'ROI')).toHaveText('−100%')

  // Readable with no script: the SVG is in the page and the table opens with a plain <details>.
  await expect(page.getByRole('img', { name: /^Leads per 15 minutes on/ })).toBeVisible()
  await page.getByText('Leads per 15 minutes as a table').click()
  await expect(
    page.getByRole('table', { name: /Leads per 15 minutes on/ }).getByRole('cell', { name: '1', exact: true }),
  ).toBeVisible()

  // Both amounts emptied: the cost is removed.
  await page.getByLabel('Fee paid').fill('')
  await page.getByLabel('Travel').fill('')
  await page.getByRole('button', { name: 'Save cost' }).click()
  await expect(page.getByText('Cost removed.')).toBeVisible()
  await expect(figure(page, 'ROI')).toHaveText('—')

  await page.goto(
    `/app/talks/${(await page.getByRole('link', { name: 'ROI of the talk' }).getAttribute('href'))!.split('/')[3]}/roi`,
  )
  await expect(page.getByRole('img', { name: 'Scans and leads per delivery' })).toBeVisible()
  await expect(page.getByRole('row', { name: /DevConf 2026/ })).toContainText('No cost entered')
})
