import { expect, type Page } from '@playwright/test'

// Feedback in the room (issue 33) as people do it: the speaker's settings on the session's edit
// page, the attendee's answer on /t/{code}, the speaker's Feedback page.

/** On the session's edit page: feedback on, opening at the start or minutes before the end, closing after. */
export async function turnFeedbackOn(
  page: Page,
  sessionId: string,
  options: { opens?: 'start' | 'before_end'; beforeEnd?: string; closesAfter?: string; startsAt?: string } = {},
) {
  await page.goto(`/app/sessions/${sessionId}/edit`)
  // The fixture session has no city (the form needs one, or "Online event").
  const city = page.getByLabel('City')
  if (!(await city.inputValue())) await city.fill('London')
  await page.getByLabel('Ask for feedback on the attendee page').check()
  await page
    .getByRole('radio', {
      name: options.opens === 'before_end' ? 'A number of minutes before it ends' : 'When the session starts',
    })
    .check()
  if (options.beforeEnd !== undefined) await page.getByLabel('Minutes before the end').fill(options.beforeEnd)
  if (options.closesAfter !== undefined) await page.getByLabel('Closes, minutes after the end').fill(options.closesAfter)
  if (options.startsAt !== undefined) await page.getByLabel('Date and time').fill(options.startsAt)
  await page.getByRole('button', { name: 'Save session' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/sessions/${sessionId}$`))
}

/** The attendee's feedback on this page (already at /t/{code}): the rating, the follow-up and part-ratings. */
export async function giveFeedback(
  page: Page,
  answer: { rating: string; better?: string; use?: string; content?: string; delivery?: string; slides?: string },
) {
  const section = page.getByRole('region', { name: 'Your feedback' })
  await section
    .getByRole('group', { name: 'How was the talk? 1 (low) to 5 (high)' })
    .getByRole('radio', { name: answer.rating, exact: true })
    .check()
  await section.getByLabel(/What would have made it better\?/).fill(answer.better ?? '')
  await section.getByLabel(/What will you use\?/).fill(answer.use ?? '')
  for (const [part, value] of [
    ['Content', answer.content],
    ['Delivery', answer.delivery],
    ['Slides', answer.slides],
  ] as const) {
    if (value)
      await section
        .getByRole('group', { name: `${part}, 1 to 5 (optional)` })
        .getByRole('radio', { name: value, exact: true })
        .check()
  }
}

/** The details part of the attendee form; `role: false` for a session without the fixture's required role question. */
export async function leaveDetails(
  page: Page,
  details: { firstName: string; email: string; company?: string; jobTitle?: string; role?: boolean },
) {
  // With feedback open, the details are optional and say so.
  await page.getByLabel('First name (optional)', { exact: true }).fill(details.firstName)
  await page.getByLabel('Email (optional)', { exact: true }).fill(details.email)
  if (details.company) await page.getByLabel('Company (optional)', { exact: true }).fill(details.company)
  if (details.jobTitle) await page.getByLabel('Job title (optional)', { exact: true }).fill(details.jobTitle)
  if (details.role !== false) await page.getByRole('radio', { name: 'Engineering' }).check()
}

/** The report link the Feedback page shows once, after "Make a report link". */
export async function makeReportLink(page: Page) {
  await page.getByRole('button', { name: /^Make (a report link|a new link)$/ }).click()
  const message = page.getByText(/^Report link: /)
  await expect(message).toBeVisible()
  const match = /(https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43})/.exec((await message.textContent()) ?? '')
  expect(match, 'report link in the message').not.toBeNull()
  return match![1]!
}
