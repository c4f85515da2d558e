import { readFile } from 'node:fs/promises'
import { expect, test, type BrowserContext } from '@playwright/test'
import { unzip } from '../integration/unzip'
import { appUrl, expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// The organiser's dashboard /app (issue 23 Deliver 9) and the event's QR ZIP (Deliver 8): a new
// organiser is taught to create an event; with an event, the dashboard shows it, its speakers still
// to claim and what is live, and hands the printer its ZIP. Axe on the dashboard.

async function organiser(context: BrowserContext, email: string, body: Record<string, unknown> = {}) {
  const res = await context.request.post(`${appUrl()}/__e2e/organiser-event`, { data: { email, ...body } })
  expect(res.ok()).toBe(true)
  return (await res.json()) as { eventId: string; slug: string }
}

test('a new organiser is taught to create the first event', async ({ page, context }) => {
  const email = uniqueEmail('organiser-new')
  await signIn(context, email)
  await organiser(context, email, { event: false })
  await page.goto('/app')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Create your first event' }).click()
  await expect(page).toHaveURL(/\/app\/events\/new$/)
  await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible()
})

test('an organiser with an event sees it, its speakers to claim, and downloads the QR ZIP', async ({ page, context }) => {
  const email = uniqueEmail('organiser')
  await signIn(context, email)
  const { eventId, slug } = await organiser(context, email, { name: 'Printer Conf' })
  await page.goto('/app')

  const events = page.getByRole('region', { name: 'Events', exact: true })
  await expect(events.getByRole('link', { name: 'Printer Conf', exact: true })).toHaveAttribute('href', `/app/events/${eventId}`)
  await expect(events.getByText('Published')).toBeVisible()
  await expect(events.getByText('10–11 March 2027')).toBeVisible()

  const toClaim = page.getByRole('region', { name: 'Speakers still to claim' })
  await expect(toClaim.getByText('2 speakers have not claimed their page; 2 not invited yet.', { exact: false })).toBeVisible()
  await expect(toClaim.getByText('Ada Lovelace')).toBeVisible()
  await expect(toClaim.getByRole('link', { name: 'Send invitations for Printer Conf' })).toHaveAttribute(
    'href',
    `/app/events/${eventId}/invitations`,
  )
  await expect(page.getByRole('region', { name: 'Live now' }).getByText('No session is live.', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page)

  const downloading = page.waitForEvent('download')
  await events.getByRole('link', { name: 'QR codes and slides (ZIP) of Printer Conf' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${slug}-qr-codes.zip`)
  const names = Object.keys(unzip(await readFile((await download.path())!)))
  expect(names.sort()).toEqual([
    'Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine - slide.png',
    'Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine.png',
    'Main Hall/2027-03-10 0900 Ada Lovelace - Notes on the engine.svg',
    'Room B/2027-03-10 1000 Grace Hopper - Compilers for everyone - slide.png',
    'Room B/2027-03-10 1000 Grace Hopper - Compilers for everyone.png',
    'Room B/2027-03-10 1000 Grace Hopper - Compilers for everyone.svg',
  ])
})

test('an event without speakers teaches the CSV import', async ({ page, context }) => {
  const email = uniqueEmail('organiser-empty')
  await signIn(context, email)
  const { eventId } = await organiser(context, email, { speakers: false, name: 'Empty Conf' })
  await page.goto('/app')
  const events = page.getByRole('region', { name: 'Events', exact: true })
  await expect(events.getByRole('link', { name: 'Import your speakers from a CSV' })).toHaveAttribute(
    'href',
    `/app/events/${eventId}/speakers/import`,
  )
  await expect(events.getByText('Nothing to print yet')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Speakers still to claim' })).toContainText(
    'No speakers of a current or coming event yet',
  )
})
