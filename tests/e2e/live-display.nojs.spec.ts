import { expect, test } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { makeDisplayLink, signUpOn, signupCount } from './live-display-helpers'
import { signIn, uniqueEmail } from './utils'

// The live display without JavaScript (issue 33 Deliver 6): the link is made by a plain form post,
// and the display reloads itself every 10 s (a refresh inside <noscript>), so a sign-up shows within
// a reload.

test('the display link is made without JavaScript and the display refreshes itself every 10 s', async ({ page, context }) => {
  test.slow()
  const email = uniqueEmail('display-nojs')
  const { sessionId, code } = await createLeadSession(context.request, email)
  await signIn(context, email)
  const link = await makeDisplayLink(page, `/app/sessions/${sessionId}`)

  const display = await context.newPage()
  await display.goto(link)
  await expect(display.getByText('Updated every 10 seconds')).toBeVisible()
  await expect(signupCount(display)).toHaveText('0')
  expect(await display.locator('noscript').first().innerHTML()).toContain('<meta http-equiv="refresh" content="10">')

  const attendee = await context.newPage()
  await attendee.goto(`/t/${code}`)
  await signUpOn(attendee, uniqueEmail('grace-nojs'))
  await expect(signupCount(display)).toHaveText('1', { timeout: 12_000 })
})
