import { test } from '@playwright/test'
import { signUpWithCode } from './app-helpers'
import { wholeLoop } from './lead-capture-loop'
import { uniqueEmail } from './utils'

// Issue 9's whole loop with JavaScript on, from a real sign-up (magic-link code from the fake Resend).

test('sign up → talk → session → go live → decode the QR code → attendee signs up → lead visible → emails', async ({
  page,
  browser,
}) => {
  test.slow()
  const speaker = uniqueEmail('loop-speaker')
  await signUpWithCode(page, speaker)
  await wholeLoop(page, browser, { speaker, attendee: uniqueEmail('loop-attendee'), javaScriptEnabled: true })
})
