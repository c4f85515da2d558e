import { test } from '@playwright/test'
import { followUpFlow, signUpAttendee } from './follow-ups-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 32 Deliver 1–3, 5 without JavaScript: the same flow through plain forms (the message in
// the plain textarea), every step a real POST and redirect.

test('compose, preview, test send, send and the numbers of a follow-up without JavaScript', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('fu-speaker')
  const grace = uniqueEmail('fu-grace')
  const linus = uniqueEmail('fu-linus')
  const { code, sessionId } = await createLeadSession(request, speaker, { plan: 'pro' })
  await signUpAttendee(browser, code, { firstName: 'Grace', email: grace, agree: true })
  await signUpAttendee(browser, code, { firstName: 'Linus', email: linus, agree: true })
  await signUpAttendee(browser, code, { firstName: 'Quiet', email: uniqueEmail('fu-quiet'), agree: false })
  await signIn(context, speaker)
  await followUpFlow(page, { sessionId, speaker, grace, linus, js: false })
})
