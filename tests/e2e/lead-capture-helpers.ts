import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { appUrl } from './utils'

// Attendee-side fixtures: a live session page made through the test hook (POST /__e2e/lead-session,
// docs/decisions/0002), so these tests do not depend on the speaker screens.

export async function createLeadSession(
  request: APIRequestContext,
  speakerEmail: string,
  options: {
    status?: 'draft' | 'live' | 'closed'
    questions?: unknown[]
    plan?: 'free' | 'solo' | 'pro' | 'teams' | 'organiser'
    /** false: no directory profile, so the speaker has no name until they give one. */
    profile?: boolean
    /** 'default': Lectern's default wordings, offered in every language (issue 31); else the speaker's own, English only. */
    wording?: 'default' | 'own'
    /** true: the directory profile is published, so /speakers/{slug} opens (with a listing plan). */
    published?: boolean
    /** Feedback on with its window open now: the page asks for a rating and offers the booking question (issue 33). */
    feedback?: boolean
  } = {},
) {
  const res = await request.post(`${appUrl()}/__e2e/lead-session`, { data: { email: speakerEmail, ...options } })
  expect(res.ok()).toBe(true)
  return (await res.json()) as { code: string; sessionId: string; userId: string; slug: string | null }
}

/** Fills the attendee form of the default fixture session (role is required, rating optional). */
export async function fillAttendeeForm(
  page: Page,
  values: { firstName: string; email: string; company?: string; role?: string; rating?: string },
) {
  await page.getByLabel('First name').fill(values.firstName)
  await page.getByLabel('Email', { exact: true }).fill(values.email)
  if (values.company !== undefined) await page.getByLabel('Company (optional)').fill(values.company)
  if (values.role) await page.getByRole('radio', { name: values.role }).check()
  if (values.rating)
    await page
      .getByRole('group', { name: /How useful was the talk/ })
      .getByRole('radio', { name: values.rating, exact: true })
      .check()
}

/** The erasure link of the attendee's confirmation email. */
export function eraseLinkFrom(text: string | undefined) {
  const match = /https?:\/\/\S+\/t\/[^/\s]+\/erase\/[A-Za-z0-9_-]{43}/.exec(text ?? '')
  expect(match, 'erase link in the email').not.toBeNull()
  return match![0]
}
