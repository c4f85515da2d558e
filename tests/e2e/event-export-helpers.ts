import { expect, type Page } from '@playwright/test'

// Helpers for the recipients and lawful export specs (tests/e2e/event-export*.spec.ts, issue 23
// Deliver 5 and 6).

export const SHARE_BOX = /^Also share my details with Ada Lovelace, the speaker/

/** The attendee leaves their details on an event session's page, the box naming the speaker unticked. */
export async function signUpWithoutSharing(
  page: Page,
  code: string,
  attendee: { firstName: string; email: string },
  /**
   * The organiser's address: the hook's organiser works in their personal workspace, still named by
   * it, so attendees read "the organiser of this event" — a name, never an address (issue 29 Deliver 7).
   */
  organiserEmail: string,
) {
  await page.goto(`/t/${code}`)
  await expect(page.getByText('Ada Lovelace, the speaker, receives them too only if you tick the box below.')).toBeVisible()
  const box = page.getByRole('checkbox', { name: SHARE_BOX })
  await expect(box).not.toBeChecked()
  await page.getByLabel('First name').fill(attendee.firstName)
  await page.getByLabel('Email', { exact: true }).fill(attendee.email)
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/`))
  await expect(page.getByText('Your details are with the organiser of this event.', { exact: false })).toBeVisible()
  await expect(page.getByText(organiserEmail, { exact: false })).toHaveCount(0)
}
