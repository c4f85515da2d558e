import { test } from '@playwright/test'
import { automaticFollowUpFlow } from './follow-up-automatic-helpers'
import { signUpAttendee } from './follow-ups-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 32 Deliver 7 with JavaScript on: a session's automatic follow-up set up from its page (the
// rich-text editor), timing refused out of bounds, turned on, paused and resumed; axe on its page.

test('set up, turn on, pause and resume a session’s automatic follow-up', async ({ page, context, browser, request }) => {
  test.slow()
  const speaker = uniqueEmail('fa-speaker')
  const { code, sessionId } = await createLeadSession(request, speaker, { plan: 'pro' })
  await signUpAttendee(browser, code, { firstName: 'Grace', email: uniqueEmail('fa-grace'), agree: true })
  await signIn(context, speaker)
  await automaticFollowUpFlow(page, { sessionId, js: true, axe: () => expectNoAxeViolations(page) })
})
