import { expect, test, type Page } from '@playwright/test'
import { expectNoSidewaysScroll, LONG, sessionWithLongLeads } from './tables-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 20 Deliver 6: the session's leads table and the Leads list fit a laptop (1280 px) and a
// phone (390 px) with the longest names, emails, companies, answers and tags the forms take: no
// sideways scrolling of the page or of the table's own box. The columns that do not fit move into
// each row's details, where they stay reachable; axe on both pages at both widths.

const WIDTHS = [1280, 390] as const

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

test('both lead tables fit 1280 px and 390 px; what does not fit is in the row’s details', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('tables-speaker')
  const { sessionId, attendees } = await sessionWithLongLeads(request, browser, speaker)
  const [long, grace] = attendees as [(typeof attendees)[0], (typeof attendees)[0]]
  await signIn(context, speaker)

  // Long tags on everyone, through the list's bulk action.
  await page.goto('/app/leads')
  await page.getByRole('checkbox', { name: 'Select everyone on this page' }).check()
  for (const tag of LONG.tags) {
    await page.getByRole('checkbox', { name: 'Select everyone on this page' }).check()
    await page.getByLabel('Tag to add or remove').fill(tag)
    await page.getByRole('button', { name: 'Add tag' }).click()
    await expect(page.getByText(`Tag “${tag}” added to 3 people.`)).toBeVisible()
  }

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })

    // The session's leads.
    await page.goto(`/app/sessions/${sessionId}/leads`)
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    await expectNoSidewaysScroll(page, 'Leads table')
    const table = page.getByRole('table', { name: /^Leads of / })
    // The consent record is never a column: it is in the row's details, with the answers.
    await expect(table.getByRole('columnheader', { name: 'Consent' })).toHaveCount(0)
    const row = table.getByRole('row').filter({ hasText: long.email })
    await expect(row.getByText('Consent', { exact: true })).toBeHidden()
    await row.getByText(`Details of ${long.firstName}`).click()
    const details = row.getByRole('group')
    await expect(details.getByText('Consent', { exact: true })).toBeVisible()
    await expect(details).toContainText(/Consent\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(notice [0-9a-f]{8}\)/, {
      useInnerText: true,
    })
    await expect(details.getByText(LONG.answer)).toBeVisible()
    if (width === 1280) {
      // A laptop shows what a speaker scans first as columns.
      for (const name of ['Person', 'Company', 'Captured', 'Marketing emails'])
        await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible()
      await expect(row.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible()
    } else {
      // A phone: the person only; company, marketing and capture time are in the details.
      await expect(table.getByRole('columnheader', { name: 'Company' })).toBeHidden()
      await expect(details.getByText('Marketing emails')).toBeVisible()
      await expect(details.getByText(LONG.jobTitle)).toBeVisible()
    }
    await expectNoSidewaysScroll(page, 'Leads table')
    await screenshot(page, `session-leads-${width}`)
    await expectNoAxeViolations(page)

    // The Leads list.
    await page.goto('/app/leads')
    await expect(page.getByText('3 people', { exact: true })).toBeVisible()
    await expectNoSidewaysScroll(page, 'People')
    const people = page.getByRole('table', { name: /^People, one row each/ })
    const graceRow = people.getByRole('row').filter({ hasText: grace.email })
    if (width === 1280) {
      for (const name of ['Person', 'Status', 'Score', 'Last seen', 'Tags'])
        await expect(people.getByRole('columnheader', { name, exact: true })).toBeVisible()
      await expect(graceRow.getByRole('cell', { name: /customer-advisory-board-candidate-q3-27/ })).toBeVisible()
      // Nothing is left to collapse at this width: no details to open.
      await expect(graceRow.getByText('Details of Grace')).toBeHidden()
    } else {
      await expect(people.getByRole('columnheader', { name: 'Tags' })).toBeHidden()
      await graceRow.getByText('Details of Grace').click()
      const details = graceRow.getByRole('group')
      await expect(details.getByText('Tags', { exact: true })).toBeVisible()
      await expect(details.getByText(LONG.tags.join(', '))).toBeVisible()
      await expect(details.getByText('Last seen', { exact: true })).toBeVisible()
      await expect(details.getByText('Status', { exact: true })).toBeVisible()
    }
    await expectNoSidewaysScroll(page, 'People')
    await screenshot(page, `leads-list-${width}`)
    await expectNoAxeViolations(page)
  }
})
