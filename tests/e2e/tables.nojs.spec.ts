import { expect, test } from '@playwright/test'
import { expectNoSidewaysScroll, LONG, sessionWithLongLeads } from './tables-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 20 Deliver 6 without JavaScript: on a phone the session's leads fit the screen and each
// row's details (a native disclosure) open and show what the columns could not.

test('on a phone without JavaScript the row’s details open and show the consent record', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('tables-nojs')
  const { sessionId, attendees } = await sessionWithLongLeads(request, browser, speaker)
  const long = attendees[0]!
  await signIn(context, speaker)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/app/sessions/${sessionId}/leads`)
  await expectNoSidewaysScroll(page, 'Leads table')
  const row = page.getByRole('row').filter({ hasText: long.email })
  const details = row.getByRole('group')
  await expect(details.getByText('Consent', { exact: true })).toBeHidden()
  await row.getByText(`Details of ${long.firstName}`).click()
  await expect(details.getByText('Consent', { exact: true })).toBeVisible()
  await expect(details.getByText(LONG.company)).toBeVisible()
  await expect(details.getByText('Marketing emails', { exact: true })).toBeVisible()
  await expectNoSidewaysScroll(page, 'Leads table')
})
