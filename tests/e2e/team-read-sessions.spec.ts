import { test } from '@playwright/test'
import { readColleaguesSession } from './team-read-sessions-helpers'

// Issue 29 Deliver 1 with JavaScript on: a member follows a lead to a colleague's session and reads it.

test('with "Members see every lead" on, a member follows a person’s capture to a colleague’s session and reads it', async ({
  browser,
}) => {
  // Three people, an attendee and two axe scans: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000)
  await readColleaguesSession(browser, { javaScriptEnabled: true })
})
