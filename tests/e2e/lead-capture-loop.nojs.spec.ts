import { test } from '@playwright/test'
import { wholeLoop } from './lead-capture-loop'
import { signIn, uniqueEmail } from './utils'

// Issue 9's whole loop with JavaScript off for the speaker and the attendee (sign-in without JS is
// covered by auth.nojs.spec.ts; this one starts signed in).

test('without JavaScript: talk → session → go live → decode the QR code → attendee signs up → lead visible → emails', async ({
  page,
  context,
  browser,
}) => {
  test.slow()
  const speaker = uniqueEmail('loop-nojs-speaker')
  await signIn(context, speaker)
  await wholeLoop(page, browser, { speaker, attendee: uniqueEmail('loop-nojs-attendee'), javaScriptEnabled: false })
})
