import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { organiserEvent } from './speaker-claim-helpers'
import { signUpWithoutSharing } from './event-export-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 23 Deliver 5, 6 and 10 without JavaScript: an attendee signs up on an event session's page
// where both the organiser and the speaker may receive the details, leaving the box naming the
// speaker unticked; the organiser then downloads the event's lawful export (CSV), which holds the
// attendee with the notice they saw, word for word, and who received their details.

test('an attendee signs up without sharing with the speaker; the organiser exports the event as CSV', async ({
  browser,
  request,
}) => {
  const organiser = uniqueEmail('organiser')
  const { eventId, ada } = await organiserEvent(request, organiser, { recipients: 'both', live: true })

  const attendeeContext = await browser.newContext({ javaScriptEnabled: false })
  const attendee = uniqueEmail('attendee')
  await signUpWithoutSharing(await attendeeContext.newPage(), ada.code, { firstName: 'Grace', email: attendee }, organiser)
  await attendeeContext.close()

  const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true })
  await signIn(context, organiser)
  const page = await context.newPage()
  await page.goto(`/app/events/${eventId}/export`)
  await expect(page.getByRole('heading', { name: 'Export leads' })).toBeVisible()
  await expect(page.getByText('1 lead', { exact: true })).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^e2e-conf-[0-9a-f]{6}-leads-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await download.path())!, 'utf8')
  const lines = csv.trim().split('\r\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(attendee)
  expect(lines[1]).toContain('Ada Lovelace, the speaker, receives them too only if you tick the box below.')
  expect(lines[1]).toContain(',organiser,no,')
  await context.close()
})
