import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { giveFeedback, leaveDetails, makeReportLink, turnFeedbackOn } from './feedback-helpers'
import { appUrl, expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 33 end to end in Chromium: the speaker turns feedback on in the session's edit screen; attendees
// answer without details (and change their answer), and with details and the testimonial box ticked;
// the speaker approves one quote and hides another, the approved one shows on the public profile with
// the permitted name parts only; the report link opens signed out with only approved quotes, and
// answers 404 once revoked; outside the window the attendee page says when it closed. Axe on every page.

test('feedback from turning it on to the report link', async ({ page, context, browser }) => {
  test.slow()
  const email = uniqueEmail('fb-speaker')
  const { sessionId, code, slug } = await createLeadSession(context.request, email, { plan: 'pro', published: true })
  await signIn(context, email)
  // Each attendee on their own phone: their own browser, their own one-answer-per-browser cookie.
  const phones = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()])
  try {
    // The speaker turns it on.
    await page.goto(`/app/sessions/${sessionId}`)
    await expect(page.getByText('Feedback is off: the attendee page asks for none.')).toBeVisible()
    await page.getByRole('link', { name: 'Turn feedback on' }).click()
    await expect(page.getByRole('group', { name: 'Feedback' })).toBeVisible()
    await expectNoAxeViolations(page)
    // A bound the form refuses, by its field.
    await page.getByLabel('Ask for feedback on the attendee page').check()
    await page.getByLabel('Closes, minutes after the end').fill('20000')
    await page.getByRole('button', { name: 'Save session' }).click()
    await expect(page.getByText(/Minutes after the end must be a whole number from 1 to 10,080/)).toBeVisible()
    await expectNoAxeViolations(page)
    await turnFeedbackOn(page, sessionId, { opens: 'start', closesAfter: '90' })
    await expect(
      page.getByText(
        /^Feedback is on\. It opens when the session starts and closes 90 minutes after it ends\. Feedback is open until/,
      ),
    ).toBeVisible()

    // Without details: rating, the question the rating asks, part-ratings.
    const first = await phones[0]!.newPage()
    await first.goto(`/t/${code}`)
    await expect(first.getByText('You can give it without leaving your details.')).toBeVisible()
    await expectNoAxeViolations(first)
    await giveFeedback(first, { rating: '2', better: 'Slower demos, please', content: '3', slides: '2' })
    await first.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(first).toHaveURL(new RegExp(`/t/${code}/feedback$`))
    await expect(first.getByRole('heading', { name: 'Thank you for your feedback' })).toBeVisible()
    await expectNoAxeViolations(first)
    // The same browser changes its answer.
    await first.getByRole('link', { name: /change/i }).click()
    await expect(first.getByText(/You gave feedback from this browser; you can change it until/)).toBeVisible()
    const rating = first.getByRole('group', { name: 'How was the talk? 1 (low) to 5 (high)' })
    await expect(rating.getByRole('radio', { name: '2', exact: true })).toBeChecked()
    await giveFeedback(first, { rating: '4', use: 'The tracing checklist', content: '4' })
    await first.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(first.getByRole('heading', { name: 'Thank you for your feedback' })).toBeVisible()

    // With details and the testimonial box ticked (name and company, not the title).
    const quoted = async (phone: number, who: { firstName: string; company: string; jobTitle: string }, words: string) => {
      const p = await phones[phone]!.newPage()
      await p.goto(`/t/${code}`)
      await giveFeedback(p, { rating: '5', use: words, delivery: '5' })
      await p.getByLabel("You may quote this on Ada Lovelace's profile with my name").check()
      await p.getByLabel('… and my company').check()
      await leaveDetails(p, { ...who, email: uniqueEmail(who.firstName.toLowerCase()) })
      await p.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(p).toHaveURL(/\/thanks\//)
    }
    await quoted(1, { firstName: 'Grace', company: 'Navy', jobTitle: 'Admiral' }, 'The checklist on slide twelve')
    await quoted(2, { firstName: 'Linus', company: 'Kernel', jobTitle: 'Maintainer' }, 'Hide this one please')

    // The speaker approves one and hides the other.
    await page.goto(`/app/sessions/${sessionId}/feedback`)
    await expect(page.getByText('2 waiting for approval.', { exact: false })).toBeVisible()
    await expect(page.getByText('The tracing checklist')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Approve the quote of Grace, Navy' }).click()
    await expect(page.getByText('1 waiting for approval.', { exact: false })).toBeVisible()
    await page.getByRole('button', { name: 'Hide the quote of Linus, Kernel' }).click()
    await expect(page.getByText('0 waiting for approval.', { exact: false })).toBeVisible()
    await expectNoAxeViolations(page)

    // The approved quote on the public profile, signed out, with the permitted name parts only.
    const visitor = await phones[0]!.newPage()
    await visitor.goto(`/speakers/${slug}`)
    const room = visitor.getByRole('region', { name: 'What the room said' })
    await expect(room.getByText('“The checklist on slide twelve”')).toBeVisible()
    await expect(room.getByText('— Grace, Navy, on “Engines of Tomorrow” at DevConf 2026')).toBeVisible()
    await expect(room).not.toContainText('Admiral')
    await expect(room).not.toContainText('Hide this one please')
    await expect(room).not.toContainText('The tracing checklist')
    await expectNoAxeViolations(visitor)

    // The report link, opened signed out: only the approved quote.
    const link = await makeReportLink(page)
    const report = await visitor.goto(link)
    expect(report?.status()).toBe(200)
    await expect(visitor.getByText('“The checklist on slide twelve”')).toBeVisible()
    await expect(visitor.getByText('Grace, Navy')).toBeVisible()
    await expect(visitor.locator('body')).not.toContainText('Hide this one please')
    await expect(visitor.locator('body')).not.toContainText('The tracing checklist')
    await expect(visitor.locator('body')).not.toContainText('Admiral')
    await expectNoAxeViolations(visitor)
    await page.getByRole('button', { name: 'Revoke the link' }).click()
    await expect(page.getByText('No link is working.')).toBeVisible()
    expect((await visitor.goto(link))?.status()).toBe(404)

    // Outside the window: the session moved to a day long past, the page says when feedback closed.
    await turnFeedbackOn(page, sessionId, { startsAt: '2026-01-05T10:00' })
    await expect(page.getByText(/Feedback on this talk closed on .*2026/)).toBeVisible()
    const late = await phones[2]!.newPage()
    await late.goto(`/t/${code}`)
    await expect(late.getByText(/^Feedback on this talk closed on .*2026/)).toBeVisible()
    await expect(late.getByRole('group', { name: 'How was the talk? 1 (low) to 5 (high)' })).toHaveCount(0)
    await expectNoAxeViolations(late)
  } finally {
    await Promise.all(phones.map((p) => p.close()))
  }
})

/** "YYYY-MM-DDTHH:mm" in a zone, as the form's datetime-local field takes it. */
function localMinute(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T')
}

test("an approved quote of an event's session shows on the event page", async ({ page, context, browser }) => {
  test.slow()
  const email = uniqueEmail('fb-organiser')
  const res = await context.request.post(`${appUrl()}/__e2e/organiser-event`, { data: { email, today: true, live: true } })
  expect(res.ok()).toBe(true)
  const { slug, sessions } = (await res.json()) as { slug: string; sessions: { sessionId: string; code: string }[] }
  const { sessionId, code } = sessions[0]!
  await signIn(context, email)
  // The organiser turns feedback on for Ada's session, started five minutes ago.
  await turnFeedbackOn(page, sessionId, {
    opens: 'start',
    closesAfter: '60',
    startsAt: localMinute(new Date(Date.now() - 5 * 60_000), 'Europe/London'),
  })
  await expect(page.getByText(/^Feedback is on\. .* Feedback is open until/)).toBeVisible()

  const phone = await browser.newContext()
  try {
    const attendee = await phone.newPage()
    await attendee.goto(`/t/${code}`)
    await giveFeedback(attendee, { rating: '5', use: 'Notes I will keep' })
    await attendee.getByLabel("You may quote this on Ada Lovelace's profile with my name").check()
    await leaveDetails(attendee, { firstName: 'Grace', email: uniqueEmail('grace-event'), role: false })
    await attendee.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(attendee).toHaveURL(/\/thanks\//)

    await page.goto(`/app/sessions/${sessionId}/feedback`)
    await page.getByRole('button', { name: 'Approve the quote of Grace' }).click()
    await expect(page.getByText('0 waiting for approval.', { exact: false })).toBeVisible()

    await attendee.goto(`/e/${slug}`)
    const said = attendee.getByRole('region', { name: 'What the audience said' })
    await expect(said.getByText('“Notes I will keep”')).toBeVisible()
    await expect(said).toContainText('— Grace, on “Notes on the engine”')
    await expect(said).not.toContainText('@example.com')
    await expectNoAxeViolations(attendee)
  } finally {
    await phone.close()
  }
})
