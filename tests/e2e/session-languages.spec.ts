import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 31 Deliver 4: the speaker gives their own consent wording in German on the session's
// Languages page; the table then says German is complete and offered, and a German browser reads
// the attendee page in German. axe on the page (JavaScript on).

test('the speaker translates their wording; the language is then offered to attendees', async ({
  page,
  context,
  request,
  browser,
}) => {
  const speaker = uniqueEmail('speaker-lang')
  const { code, sessionId } = await createLeadSession(request, speaker)
  await signIn(context, speaker)
  await page.goto(`/app/sessions/${sessionId}/languages`)
  await expect(page.getByRole('heading', { level: 1, name: 'Languages: DevConf 2026' })).toBeVisible()
  const german = page.getByRole('row', { name: /German/ })
  await expect(german).toContainText('Your consent wording is missing')
  await expect(german).toContainText('Not offered')
  await expectNoAxeViolations(page)

  await page
    .getByLabel('Consent wording in German')
    .fill('Ada schickt Ihnen die Folien und meldet sich eventuell zu diesem Vortrag.')
  await page.getByLabel('Marketing tick-box label in German').fill('Schicken Sie mir auch Adas monatlichen Newsletter')
  await page.getByLabel('Its options in German, one per line (Engineering, Marketing)').fill('Technik')
  await page.getByRole('button', { name: 'Save languages' }).click()
  // Two options asked for, one given: refused by the field, what was typed kept.
  await expect(page.getByText('Give all 2 options, one per line, in the same order')).toBeVisible()
  await expect(page.getByLabel('Consent wording in German')).toHaveValue(/Ada schickt Ihnen/)
  await page.getByLabel('Its options in German, one per line (Engineering, Marketing)').fill('Technik\nMarketing')
  await page.getByRole('button', { name: 'Save languages' }).click()
  await expect(page.getByText('Languages saved.')).toBeVisible()
  await expect(page.getByRole('row', { name: /German/ })).toContainText('Offered')
  await expectNoAxeViolations(page)

  const attendee = await browser.newContext({ locale: 'de-DE' })
  const attendeePage = await attendee.newPage()
  await attendeePage.goto(`/t/${code}`)
  await expect(attendeePage.locator('html')).toHaveAttribute('lang', 'de')
  await expect(attendeePage.getByText('Ada schickt Ihnen die Folien')).toBeVisible()
  await expect(attendeePage.getByRole('radio', { name: 'Technik' })).toBeVisible()
  await attendee.close()
})
