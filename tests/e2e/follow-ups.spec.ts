import { test } from '@playwright/test'
import { followUpFlow, signUpAttendee } from './follow-ups-helpers'
import { createLeadSession } from './lead-capture-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 32 Deliver 1–3, 5 with JavaScript on: compose from a session's leads (the rich-text
// editor), field errors, preview as a named recipient, test send, send, the numbers; axe on each page.

test('compose, preview, test send, send and the numbers of a follow-up', async ({ page, context, browser, request }) => {
  test.slow()
  const speaker = uniqueEmail('fu-speaker')
  const grace = uniqueEmail('fu-grace')
  const linus = uniqueEmail('fu-linus')
  const { code, sessionId } = await createLeadSession(request, speaker, { plan: 'pro' })
  await signUpAttendee(browser, code, { firstName: 'Grace', email: grace, agree: true })
  await signUpAttendee(browser, code, { firstName: 'Linus', email: linus, agree: true })
  await signUpAttendee(browser, code, { firstName: 'Quiet', email: uniqueEmail('fu-quiet'), agree: false })
  await signIn(context, speaker)
  await followUpFlow(page, { sessionId, speaker, grace, linus, js: true, axe: () => expectNoAxeViolations(page) })
})
