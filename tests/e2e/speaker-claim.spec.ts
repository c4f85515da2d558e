import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { attendeeSignsUp, organiserEvent, speakerInvitationLink } from './speaker-claim-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 23 Deliver 4 and 10: the organiser sends the invitations; a speaker opens the emailed link,
// accepts, lands on My talks, edits an unlocked field, sees a locked one read-only, downloads their
// QR code, and sees the leads of their own session only. Axe on the new pages.

test.describe.configure({ timeout: 120_000 })

test('the organiser invites, a speaker claims their page and sees only their own session’s leads', async ({ page, browser }) => {
  const organiser = uniqueEmail('organiser')
  const { eventId, ada, grace } = await organiserEvent(page.request, organiser, {
    recipients: 'speaker',
    live: true,
    locked: ['company'],
  })
  const adaLead = uniqueEmail('ada-lead')
  const graceLead = uniqueEmail('grace-lead')
  await attendeeSignsUp(browser, ada.code, 'Alan', adaLead)
  await attendeeSignsUp(browser, grace.code, 'Barbara', graceLead)

  await signIn(page.context(), organiser)
  await page.goto(`/app/events/${eventId}/invitations`)
  await expect(page.getByRole('listitem', { name: 'Ada Lovelace' })).toContainText('Not invited')
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Send 2 invitations' }).click()
  await expect(page.getByText('2 invitations sent.', { exact: false })).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'Ada Lovelace' })).toContainText('Invited on')
  const { link, text } = await speakerInvitationLink(ada.email)
  expect(text).toContain('Claim it to edit your page')

  const speakerContext = await browser.newContext()
  const speaker = await speakerContext.newPage()
  await signIn(speakerContext, ada.email)
  await speaker.goto(link)
  await expect(speaker.getByText('Speaker', { exact: true })).toBeVisible()
  await expectNoAxeViolations(speaker)
  await speaker.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(speaker).toHaveURL(/\/app\/speaking$/)
  await expect(speaker.getByRole('heading', { name: 'My talks' })).toBeVisible()
  await expect(speaker.getByText('You claimed your speaker page at', { exact: false })).toBeVisible()
  await expectNoAxeViolations(speaker)

  // The organiser locked Company: shown, read-only, and said so. Job title is the speaker's.
  const company = speaker.getByRole('textbox', { name: 'Company', exact: true })
  await expect(company).toHaveAttribute('readonly', '')
  await expect(company).toHaveAccessibleDescription('Locked by the organiser')
  await speaker.getByRole('textbox', { name: 'Job title', exact: true }).fill('Countess of Lovelace')
  await speaker.getByRole('button', { name: 'Save your page' }).click()
  await expect(speaker.getByText('Your speaker page is saved.')).toBeVisible()
  await expect(speaker.getByRole('textbox', { name: 'Job title', exact: true })).toHaveValue('Countess of Lovelace')

  const download = speaker.waitForEvent('download')
  await speaker.getByRole('link', { name: 'QR code (SVG)' }).click()
  expect(readFileSync(await (await download).path(), 'utf8')).toContain('<svg')

  await speaker.getByRole('link', { name: 'Leads of Notes on the engine' }).click()
  await expect(speaker.getByRole('main').getByText(adaLead).first()).toBeVisible()
  await expect(speaker.getByRole('main').getByText(graceLead)).toHaveCount(0)
  await speaker.goto('/app/leads')
  await expect(speaker.getByRole('main').getByText(adaLead).first()).toBeVisible()
  await expect(speaker.getByRole('main').getByText(graceLead)).toHaveCount(0)
  // Another speaker's things and the organiser's pages do not exist for them.
  expect((await speaker.goto(`/app/sessions/${grace.sessionId}/leads`))?.status()).toBe(404)
  expect((await speaker.goto(`/app/events/${eventId}/invitations`))?.status()).toBe(404)
  expect((await speaker.goto('/app/settings'))?.status()).toBe(404)
  await speakerContext.close()

  await page.reload()
  await expect(page.getByRole('listitem', { name: 'Ada Lovelace' })).toContainText(`Claimed by ${ada.email}`)
})
