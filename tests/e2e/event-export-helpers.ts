import { expect, type Page } from '@playwright/test'

// Helpers for the recipients and lawful export specs (tests/e2e/event-export*.spec.ts, issue 23
// Deliver 5 and 6).

export const SHARE_BOX = /^Also share my details with Ada Lovelace, the speaker/

/** The attendee leaves their details on an event session's page, the box naming the speaker unticked. */
export async function signUpWithoutSharing(
  page: Page,
  code: string,
  attendee: { firstName: string; email: string },
  /** The organiser's workspace name (the hook's organiser has their personal workspace, named by their address). */
  organiserName: string,
) {
  await page.goto(`/t/${code}`)
  await expect(page.getByText('Ada Lovelace, the speaker, receives them too only if you tick the box below.')).toBeVisible()
  const box = page.getByRole('checkbox', { name: SHARE_BOX })
  await expect(box).not.toBeChecked()
  await page.getByLabel('First name').fill(attendee.firstName)
  await page.getByLabel('Email', { exact: true }).fill(attendee.email)
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/`))
  await expect(page.getByText(`Your details are with ${organiserName} (the organiser).`, { exact: false })).toBeVisible()
}
