import { expect, type Page } from '@playwright/test'

// Helpers for the automatic follow-up tests (tests/e2e/follow-up-automatic*.spec.ts, issue 32
// Deliver 7): from the session's page, write it once, its timing (refused by the field out of
// bounds), preview, turn on, pause and resume — its state in words at each step.

export async function automaticFollowUpFlow(page: Page, options: { sessionId: string; js: boolean; axe?: () => Promise<void> }) {
  await page.goto(`/app/sessions/${options.sessionId}`)
  const entry = page.getByRole('region', { name: 'Automatic follow-up' })
  await expect(entry).toContainText('None yet')
  await entry.getByRole('link', { name: 'Set up an automatic follow-up' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Automatic follow-up' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Who receives it' })).toContainText('1 person will receive it')
  await options.axe?.()

  await page.getByLabel('Subject').fill('Thanks for coming to {{talk_title}}')
  await page.getByLabel('Your name').fill('Ada Lovelace')
  const body = 'Hi {{first_name|there}}, here are the slides.'
  if (!options.js) await page.getByLabel('Message').fill(`<p>${body}</p>`)
  else await page.locator('[contenteditable="true"]').fill(body)
  await page.getByRole('button', { name: 'Save automatic follow-up' }).click()
  await expect(page.getByText('Saved. Nothing is sent until you turn it on.')).toBeVisible()
  const state = page.getByTestId('auto-state')
  await expect(state).toHaveText(/^Not turned on: nothing is sent\. Once on, it sends 24 hours after the session ends/)
  await expect(page.getByTestId('preview-subject')).toHaveText('Subject: Thanks for coming to Engines of Tomorrow')
  await options.axe?.()

  // The hours, refused by the field out of bounds.
  const hours = page.getByLabel('Hours after the session ends (and after each later sign-up)')
  await hours.fill('0')
  await page.getByRole('button', { name: 'Save timing' }).click()
  await expect(page.getByText('Enter a whole number of hours from 1 to 336 (two weeks)')).toBeVisible()
  await hours.fill('48')
  await page.getByRole('button', { name: 'Save timing' }).click()
  await expect(page.getByText('Timing saved.')).toBeVisible()

  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('Turned on.')).toBeVisible()
  await expect(state).toHaveText(
    /^Sends on \w{3} \d{1,2} \w{3} \d{4} at \d\d:\d\d \(.+\) to everyone who agreed by then; later sign-ups get it 48 hours after signing up\.$/,
  )
  await options.axe?.()

  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByText('Paused: nothing is sent.', { exact: true })).toBeVisible()
  await expect(state).toHaveText(/^Paused: nothing is sent\. On resuming, it sends on /)
  await page.goto(`/app/sessions/${options.sessionId}`)
  await expect(page.getByTestId('auto-follow-up-state')).toHaveText(/^Paused: nothing is sent\./)
  await page.getByRole('link', { name: 'Open the automatic follow-up' }).click()
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(page.getByText('Resumed.')).toBeVisible()
  await expect(state).toHaveText(/^Sends on /)

  // The workspace's list of follow-ups shows it with its state.
  await page.goto('/app/follow-ups')
  const row = page.getByRole('row', { name: /Thanks for coming to/ })
  await expect(row).toContainText('Automatic')
  await expect(row).toContainText('On: waiting for the session to end')
}
