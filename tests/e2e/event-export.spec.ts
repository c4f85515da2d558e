import { expect, test } from '@playwright/test'
import { SHARE_BOX, signUpWithoutSharing } from './event-export-helpers'
import { organiserEvent } from './speaker-claim-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 23 Deliver 5 and 6 with JavaScript: the attendee page with the box naming the speaker, and
// the event's export page, are accessible (axe runs with JavaScript on: it hangs without).

test('the attendee page with the sharing box and the export page pass axe', async ({ browser, page, request }) => {
  const organiser = uniqueEmail('organiser')
  const { eventId, ada } = await organiserEvent(request, organiser, { recipients: 'both', live: true })

  const attendee = await browser.newContext()
  const attendeePage = await attendee.newPage()
  await attendeePage.goto(`/t/${ada.code}`)
  await expect(attendeePage.getByRole('checkbox', { name: SHARE_BOX })).not.toBeChecked()
  await expectNoAxeViolations(attendeePage)
  await signUpWithoutSharing(attendeePage, ada.code, { firstName: 'Grace', email: uniqueEmail('attendee') }, organiser)
  await attendee.close()

  await signIn(page.context(), organiser)
  await page.goto(`/app/events/${eventId}/export`)
  await expect(page.getByRole('heading', { name: 'Export leads' })).toBeVisible()
  await expect(page.getByText('1 lead', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download JSON' })).toHaveAttribute('href', `/app/events/${eventId}/export/json`)
  await expectNoAxeViolations(page)
})
