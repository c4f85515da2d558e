import { test } from '@playwright/test'
import { readColleaguesSession } from './team-read-sessions-helpers'

// Issue 29 Deliver 1 with JavaScript off: the same links and pages, every form a plain POST.

test('with "Members see every lead" on and JavaScript off, a member follows a person’s capture to a colleague’s session and reads it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  await readColleaguesSession(browser, { javaScriptEnabled: false })
})
