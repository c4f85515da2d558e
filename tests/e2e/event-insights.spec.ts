import { readFile } from 'node:fs/promises'
import { expect, test, type Browser } from '@playwright/test'
import { fillAttendeeForm } from './lead-capture-helpers'
import { appUrl, expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Insights by event, speaker and session (issue 23 Deliver 7): attendees sign up at two sessions of
// an organiser's event; the organiser opens the event's insights, sorts the sessions table by a
// column with JavaScript off (plain links), downloads the table as CSV in that order, and the pages
// pass axe.

async function signUp(browser: Browser, code: string, firstName: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}?qr=1`)
  await fillAttendeeForm(page, { firstName, email: uniqueEmail('attendee') })
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Thanks, ${firstName}!` })).toBeVisible()
  await context.close()
}

test('the organiser reads an event’s insights, sorts a table without JavaScript and downloads it', async ({
  browser,
  request,
}) => {
  test.slow()
  const organiser = uniqueEmail('organiser')
  const made = await request.post(`${appUrl()}/__e2e/organiser-event`, { data: { email: organiser, today: true, live: true } })
  expect(made.ok()).toBe(true)
  const { eventId, sessions: made2 } = (await made.json()) as { eventId: string; sessions: Array<{ code: string }> }
  const codes = made2.map((s) => s.code)
  // Ada's session (09:00) gets one lead, Grace's (10:00) two.
  await signUp(browser, codes[0]!, 'Ann')
  await signUp(browser, codes[1]!, 'Bea')
  await signUp(browser, codes[1]!, 'Cy')

  // Without JavaScript: the tables come sorted by the server through the headers' links.
  const noJs = await browser.newContext({ javaScriptEnabled: false })
  await signIn(noJs, organiser)
  const page = await noJs.newPage()
  await page.goto(`/app/events/${eventId}/insights`)
  const sessions = page.getByRole('table', { name: 'Every session of the event with its figures' })
  const firstTalk = () => sessions.getByRole('rowheader').first()
  await expect(firstTalk()).toHaveText('Notes on the engine')
  await sessions.getByRole('link', { name: 'Leads', exact: true }).click()
  await expect(page).toHaveURL(/\?sort=leads&dir=desc#sessions$/)
  await expect(sessions.getByRole('columnheader', { name: /Leads/ }).first()).toHaveAttribute('aria-sort', 'descending')
  await expect(firstTalk()).toHaveText('Compilers for everyone')
  await expect(sessions.getByRole('row').nth(1).getByRole('cell').nth(6)).toHaveText('2')
  // Clicked again: the other way round.
  await sessions.getByRole('link', { name: /^Leads/ }).click()
  await expect(page).toHaveURL(/\?sort=leads&dir=asc#sessions$/)
  await expect(firstTalk()).toHaveText('Notes on the engine')
  // The charts are SVG in the page, described in words.
  await expect(page.getByRole('img', { name: /^Scans and leads of the first 2 sessions/ })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Leads per 15 minutes in Room B' })).toBeVisible()
  await expect(page.getByRole('figure', { name: /^Room B: 2 leads on the event's days; busiest quarter hour/ })).toBeVisible()

  // The CSV comes in the table's order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download sessions (CSV)' }).click(),
  ])
  const csv = (await readFile((await download.path())!, 'utf8')).replace('\uFEFF', '').split('\r\n')
  expect(download.suggestedFilename()).toMatch(/^e2e-conf-[0-9a-f]{6}-sessions\.csv$/)
  expect(csv[0]).toMatch(/^Talk,Speaker,Room,Starts,Scans,Visits,Unique visitors,Leads,Conversion \(%\),Hot leads/)
  expect(csv[1]).toMatch(/^Notes on the engine,Ada Lovelace,Main Hall,/)
  expect(csv[2]).toMatch(/^Compilers for everyone,Grace Hopper,Room B,/)
  // The room's feedback (issue 33 Deliver 4): its own table, each session opening its Feedback page.
  const feedback = page.getByRole('table', { name: 'Feedback on each session of the event' })
  await expect(feedback.getByRole('columnheader', { name: /Response rate/ })).toBeVisible()
  await feedback.getByRole('link', { name: 'Notes on the engine' }).click()
  await expect(page).toHaveURL(/\/app\/sessions\/[0-9a-f-]+\/feedback$/)
  await noJs.close()

  // With JavaScript on: axe on the event's insights and the workspace's.
  const js = await browser.newContext()
  await signIn(js, organiser)
  const page2 = await js.newPage()
  await page2.goto(`/app/events/${eventId}/insights?speakerSort=name&speakerDir=asc`)
  await expect(
    page2
      .getByRole('table', { name: /Every speaker of the event/ })
      .getByRole('rowheader')
      .first(),
  ).toHaveText('Ada Lovelace')
  await expectNoAxeViolations(page2)
  await page2.getByRole('link', { name: 'Every speaker across all your events' }).click()
  await expect(page2.getByRole('heading', { level: 1, name: 'Insights across your events' })).toBeVisible()
  await expect(page2.getByRole('table', { name: 'Every event with its totals' }).getByRole('rowheader')).toHaveText(/E2E Conf/)
  await expectNoAxeViolations(page2)
  await js.close()
})
