import { expect, type Browser, type Page } from '@playwright/test'
import { createSession, createTalk, decodeQrDownload, giveName } from './app-helpers'
import { appUrl, waitForEmail } from './utils'

// The whole loop of issue 9, through the speaker's screens and the attendee's phone: create a talk
// and a session, go live, decode the downloaded QR code, sign up as an attendee, see the lead, and
// find both emails at the fake Resend. Shared by lead-capture-loop.spec.ts (JavaScript on) and
// lead-capture-loop.nojs.spec.ts (off): the browser context of each project decides.

export async function wholeLoop(
  page: Page,
  browser: Browser,
  options: { speaker: string; attendee: string; javaScriptEnabled: boolean },
) {
  await createTalk(page, 'The loop talk')
  await giveName(page, 'Lou Loop')
  await createSession(page, 'LoopConf')
  await page.getByRole('button', { name: 'Go live' }).click()
  await expect(page.getByText('The session is live')).toBeVisible()
  const sessionPage = page.url()

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'QR code (PNG, 1024 px)' }).click()
  const { text: scanned } = await decodeQrDownload(await downloading)
  expect(scanned).toMatch(new RegExp(`^${appUrl()}/t/[^/?]+\\?qr=1$`))

  // The attendee's own phone: a separate browser context, nobody signed in.
  const phone = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled, viewport: { width: 390, height: 844 } })
  const attendeePage = await phone.newPage()
  await attendeePage.goto(scanned!)
  await expect(attendeePage.getByRole('heading', { level: 1, name: 'The loop talk' })).toBeVisible()
  await attendeePage.getByLabel('First name').fill('Lou')
  await attendeePage.getByLabel('Email', { exact: true }).fill(options.attendee)
  await attendeePage.getByLabel('Company (optional)').fill('Loop Ltd')
  await attendeePage.getByRole('button', { name: 'Send my details' }).click()
  await expect(attendeePage.getByRole('heading', { level: 1, name: 'Thanks, Lou!' })).toBeVisible()
  await expect(attendeePage.getByRole('link', { name: 'Open the offer' })).toHaveAttribute(
    'href',
    'https://example.com/slides.pdf',
  )
  await phone.close()

  // The speaker sees the scan and the lead, then the lead itself.
  await page.goto(sessionPage)
  const stat = (label: string) =>
    page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')
  await expect(stat('Scans')).toHaveText('1')
  await expect(stat('Leads')).toHaveText('1')
  // The session's own Leads link (the workspace nav has a Leads link too: every person, all sessions).
  await page.getByRole('link', { name: 'Leads', exact: true }).and(page.locator('[href^="/app/sessions/"]')).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(options.attendee.replace(/[.+]/g, '\\$&')) })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Loop Ltd' })).toBeVisible()

  const confirmation = await waitForEmail(options.attendee)
  expect(confirmation.subject).toMatch(/^The slides, from /)
  const notification = await waitForEmail(options.speaker, (e) => e.subject.startsWith('New lead'))
  expect(notification.subject).toBe('New lead: Lou at The loop talk · LoopConf')
  expect(notification.text).toContain(options.attendee)
}
