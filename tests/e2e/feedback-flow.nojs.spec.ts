import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { giveFeedback, leaveDetails, makeReportLink, turnFeedbackOn } from './feedback-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 33 without JavaScript: the feedback settings are plain radios and number fields (the
// dependent number is always there, and a missing one is refused by its field after a round trip);
// the attendee page says when feedback opens before its window, takes an answer without details and
// one with details and the quote box; approving, the report link and revoking are plain forms.
// (Axe runs in feedback-flow.spec.ts: it hangs in a JS-disabled context.)

test('feedback settings, answers, approval and the report link work without JavaScript', async ({ page, context, browser }) => {
  test.slow()
  const email = uniqueEmail('fb-nojs')
  const { sessionId, code, slug } = await createLeadSession(context.request, email, { plan: 'pro', published: true })
  await signIn(context, email)
  const phones = await Promise.all([
    browser.newContext({ javaScriptEnabled: false }),
    browser.newContext({ javaScriptEnabled: false }),
  ])
  try {
    // "Minutes before the end" left empty with that choice: refused by its field, nothing saved.
    await page.goto(`/app/sessions/${sessionId}/edit`)
    await page.getByLabel('City').fill('London')
    await page.getByLabel('Ask for feedback on the attendee page').check()
    await page.getByRole('radio', { name: 'A number of minutes before it ends' }).check()
    await page.getByLabel('Minutes before the end').fill('')
    await page.getByRole('button', { name: 'Save session' }).click()
    await expect(page.getByText('Enter how many minutes before the end feedback opens')).toBeVisible()
    await page.goto(`/app/sessions/${sessionId}`)
    await expect(page.getByText('Feedback is off: the attendee page asks for none.')).toBeVisible()

    // The session started just now and lasts 30 minutes: opening 10 minutes before the end is later.
    await turnFeedbackOn(page, sessionId, { opens: 'before_end', beforeEnd: '10', closesAfter: '60' })
    await expect(
      page.getByText(
        /^Feedback is on\. It opens 10 minutes before the session ends and closes 1 hour after it ends\. Feedback on this talk opens on/,
      ),
    ).toBeVisible()
    const first = await phones[0]!.newPage()
    await first.goto(`/t/${code}`)
    await expect(first.getByText(/^Feedback on this talk opens on /)).toBeVisible()
    await expect(first.getByRole('group', { name: 'How was the talk? 1 (low) to 5 (high)' })).toHaveCount(0)

    // Open from the start: an answer without details.
    await turnFeedbackOn(page, sessionId, { opens: 'start' })
    await first.goto(`/t/${code}`)
    // Both follow-up questions show, each with its condition in words.
    await expect(first.getByLabel(/^If you rated it 1, 2 or 3: What would have made it better\?/)).toBeVisible()
    await expect(first.getByLabel(/^If you rated it 4 or 5: What will you use\?/)).toBeVisible()
    await giveFeedback(first, { rating: '1', better: 'A microphone that works', slides: '2' })
    await first.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(first).toHaveURL(new RegExp(`/t/${code}/feedback$`))
    await expect(first.getByRole('heading', { name: 'Thank you for your feedback' })).toBeVisible()

    // With details and the quote box: name and job title.
    const second = await phones[1]!.newPage()
    await second.goto(`/t/${code}`)
    await giveFeedback(second, { rating: '5', use: 'Every word of the opening', content: '5' })
    await second.getByLabel("You may quote this on Ada Lovelace's profile with my name").check()
    await second.getByLabel('… and my job title').check()
    await leaveDetails(second, { firstName: 'Hedy', email: uniqueEmail('hedy'), company: 'Films', jobTitle: 'Inventor' })
    await second.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(second).toHaveURL(/\/thanks\//)

    await page.goto(`/app/sessions/${sessionId}/feedback`)
    await expect(page.getByText('A microphone that works')).toBeVisible()
    await page.getByRole('button', { name: 'Approve the quote of Hedy, Inventor' }).click()
    await expect(page.getByText('0 waiting for approval.', { exact: false })).toBeVisible()
    await first.goto(`/speakers/${slug}`)
    const room = first.getByRole('region', { name: 'What the room said' })
    await expect(room.getByText('“Every word of the opening”')).toBeVisible()
    await expect(room.getByText('— Hedy, Inventor, on “Engines of Tomorrow” at DevConf 2026')).toBeVisible()
    await expect(room).not.toContainText('Films')

    const link = await makeReportLink(page)
    expect((await first.goto(link))?.status()).toBe(200)
    await expect(first.getByText('“Every word of the opening”')).toBeVisible()
    await expect(first.locator('body')).not.toContainText('A microphone that works')
    await page.getByRole('button', { name: 'Revoke the link' }).click()
    await expect(page.getByText('No link is working.')).toBeVisible()
    expect((await first.goto(link))?.status()).toBe(404)
  } finally {
    await Promise.all(phones.map((p) => p.close()))
  }
})
