import { expect, test, type Page } from '@playwright/test'
import { createLeadSession } from './lead-capture-helpers'
import { uniqueEmail } from './utils'

// Every page names its icon, and /favicon.ico answers (issue 20 §7a): an attendee's phone used to log
// a 404 for /favicon.ico on the session page, which names no icon and lives outside the app shell.

/** Console errors and failed responses while the page loads, its icon included. */
function watch(page: Page) {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`)
  })
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`)
  })
  return problems
}

/** Chromium asks for an icon after the load event, outside the page's own requests: give it a moment. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1_000)
}

test('the attendee page shows an icon without a request that fails', async ({ page, request }) => {
  const { code } = await createLeadSession(request, uniqueEmail('speaker'))
  const problems = watch(page)
  await page.goto(`/t/${code}`)
  await expect(page.getByRole('button', { name: 'Send my details' })).toBeVisible()
  await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/)
  await settle(page)
  expect(problems).toEqual([])
})

test('/favicon.ico is a real icon, and the site pages name theirs', async ({ page, request }) => {
  const ico = await request.get('/favicon.ico')
  expect(ico.status()).toBe(200)
  expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
  expect((await ico.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))

  const problems = watch(page)
  await page.goto('/pricing')
  const hrefs = await page.locator('head link[rel="icon"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')))
  expect(hrefs).toEqual(['/favicon.ico', '/favicon.svg'])
  for (const href of hrefs) expect((await request.get(href!)).status()).toBe(200)
  await settle(page)
  expect(problems).toEqual([])
})
