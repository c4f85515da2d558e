import { test } from '@playwright/test'
import { automaticFollowUpFlow } from './follow-up-automatic-helpers'
import { signUpAttendee } from './follow-ups-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 32 Deliver 7 without JavaScript: the same set-up through plain forms (the message in the
// plain textarea), every step a real POST and redirect.

test('set up, turn on, pause and resume a session’s automatic follow-up without JavaScript', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.slow()
  const speaker = uniqueEmail('fa-speaker')
  const { code, sessionId } = await createLeadSession(request, speaker, { plan: 'pro' })
  await signUpAttendee(browser, code, { firstName: 'Grace', email: uniqueEmail('fa-grace'), agree: true })
  await signIn(context, speaker)
  await automaticFollowUpFlow(page, { sessionId, js: false })
})
