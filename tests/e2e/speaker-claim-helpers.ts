import { expect, type APIRequestContext, type Browser } from '@playwright/test'
import { appUrl, waitForEmail } from './utils'

// Helpers for the speaker claim tests (tests/e2e/speaker-claim*.spec.ts, issue 23 Deliver 4): an
// organiser's event from the test hook (two speakers, Ada and Grace, with a session each), an
// attendee leaving their details on a session's page, and the speaker invitation's link.

export type SpeakerSession = { email: string; speakerId: string; sessionId: string; code: string }

export async function organiserEvent(
  request: APIRequestContext,
  email: string,
  options: { recipients?: 'organiser' | 'speaker' | 'both'; live?: boolean; locked?: string[] } = {},
) {
  const res = await request.post(`${appUrl()}/__e2e/organiser-event`, { data: { email, ...options } })
  expect(res.ok()).toBe(true)
  const body = (await res.json()) as { eventId: string; slug: string; sessions: SpeakerSession[] }
  const [ada, grace] = body.sessions
  return { eventId: body.eventId, slug: body.slug, ada: ada!, grace: grace! }
}

/** An attendee leaves their first name and address on the session's attendee page /t/{code}. */
export async function attendeeSignsUp(browser: Browser, code: string, firstName: string, email: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}`)
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page).toHaveURL(new RegExp(`/t/${code}/thanks/`))
  await context.close()
}

export const isSpeakerInvitation = (e: { subject: string }) => e.subject.startsWith('Claim your speaker page')

/** The accept link of the newest speaker invitation email to this address. */
export async function speakerInvitationLink(email: string) {
  const mail = await waitForEmail(email, isSpeakerInvitation)
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link, 'the accept link in the invitation').toBeTruthy()
  return { link: link!, text: mail.text ?? '' }
}
