import { expect, type Browser, type Page } from '@playwright/test'
import { fillAttendeeForm } from './lead-capture-helpers'
import { emailsTo } from './utils'

// Helpers for the follow-up tests (tests/e2e/follow-ups*.spec.ts): attendees who agree (or not) to
// hear from the speaker, and the compose → preview → test → send → numbers flow on the page.

/** An attendee leaves their details on the session page, ticking the marketing box or not. */
export async function signUpAttendee(
  browser: Browser,
  code: string,
  values: { firstName: string; email: string; agree: boolean },
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/t/${code}`)
  await fillAttendeeForm(page, { firstName: values.firstName, email: values.email, role: 'Engineering' })
  if (values.agree) await page.getByRole('checkbox', { name: 'Send me Ada’s monthly newsletter too' }).check()
  await page.getByRole('button', { name: 'Send my details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Thanks, / })).toBeVisible()
  await context.close()
}

/** The whole flow from the session's leads page; `axe` runs on each new page (JS on only). */
export async function followUpFlow(
  page: Page,
  options: { sessionId: string; speaker: string; grace: string; linus: string; js: boolean; axe?: () => Promise<void> },
) {
  await page.goto(`/app/sessions/${options.sessionId}/leads`)
  await page.getByRole('link', { name: 'Write a follow-up' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New follow-up' })).toBeVisible()
  const who = page.getByRole('region', { name: 'Who receives it' })
  await expect(who).toContainText('2 people will receive it; 1 is left out.')
  await expect(who.getByRole('row', { name: /Did not agree/ })).toContainText('1')
  await options.axe?.()

  // Refused by the field: an unknown merge field, an empty subject.
  await page.getByLabel('Subject').fill('')
  await page.getByLabel('Your name').fill('Ada Lovelace')
  if (!options.js) await page.getByLabel('Message').fill('<p>Hi {{firstname}}</p>')
  else await page.locator('[contenteditable="true"]').fill('Hi {{firstname}}')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Write a subject')).toBeVisible()
  await expect(page.getByText(/^Unknown merge field \{\{firstname\}\}/)).toBeVisible()

  await page.getByLabel('Subject').fill('Your slides from {{event_name}}')
  const body = 'Hi {{first_name|there}}, thanks for coming to {{talk_title}}.'
  if (!options.js) await page.getByLabel('Message').fill(`<p>${body}</p>`)
  else await page.locator('[contenteditable="true"]').fill(body)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your slides from {{event_name}}' })).toBeVisible()
  await expect(page.getByText('Draft — Draft: nothing has been sent.')).toBeVisible()
  await options.axe?.()

  // Preview as a named recipient.
  const preview = page.getByRole('region', { name: 'Preview' })
  await preview.getByLabel('Preview as').selectOption({ label: `Linus <${options.linus}>` })
  await preview.getByRole('button', { name: 'Show preview' }).click()
  await expect(preview.getByText(`To: ${options.linus}`)).toBeVisible()
  await expect(preview.getByText('Subject: Your slides from DevConf 2026')).toBeVisible()
  await expect(preview.getByText('Hi Linus, thanks for coming to Engines of Tomorrow.')).toBeVisible()

  // Test send to the sender.
  await preview.getByRole('button', { name: 'Send me a test' }).click()
  await expect(page.getByText(`Test sent to ${options.speaker}.`)).toBeVisible()
  await expect(async () => {
    const mails = await emailsTo(options.speaker)
    expect(mails.map((m) => m.subject)).toContain('[Test] Your slides from DevConf 2026')
  }).toPass({ timeout: 15_000 })

  // Send, then the numbers.
  await page.getByRole('button', { name: 'Send now to 2 people' }).click()
  await expect(page.getByText('Sending started.')).toBeVisible()
  await expect(async () => {
    await page.reload()
    await expect(page.getByText('Sent — Sent to 2 people.')).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  const stats = page.getByRole('region', { name: 'What happened' })
  await expect(stats.getByRole('row', { name: /^Recipients 2/ })).toBeVisible()
  await expect(stats.getByRole('row', { name: /^Sent 2/ })).toBeVisible()
  await expect(stats.getByRole('row', { name: /^Bounced 0/ })).toBeVisible()
  await options.axe?.()
  const toGrace = await emailsTo(options.grace)
  expect(toGrace.filter((m) => m.subject === 'Your slides from DevConf 2026')).toHaveLength(1)

  await page.goto('/app/follow-ups')
  await expect(page.getByRole('row', { name: /Your slides from DevConf 2026.*Sent.*2 of 2/ })).toBeVisible()
  await options.axe?.()
}
