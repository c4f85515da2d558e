import { expect, test } from '@playwright/test'
import { requestLink, signInEmail } from './auth-helpers'
import { isSpeakerInvitation, organiserEvent, speakerInvitationLink } from './speaker-claim-helpers'
import { signIn, uniqueEmail } from './utils'

// Issue 23 Deliver 4 without JavaScript: the organiser invites one speaker; the speaker signs up
// through the invitation's link (the emailed code), comes back, accepts, lands on My talks, saves
// their page and chooses how to hear about new leads — every step a plain form.

test.describe.configure({ timeout: 120_000 })

test('without JavaScript: invite one speaker, sign up from the link, accept, save the page and the new-lead emails', async ({
  page,
  browser,
}) => {
  const organiser = uniqueEmail('nojs-organiser')
  const { eventId, ada } = await organiserEvent(page.request, organiser, { recipients: 'speaker', locked: ['bio'] })
  await signIn(page.context(), organiser)
  await page.goto(`/app/events/${eventId}/invitations`)
  await page.getByRole('button', { name: 'Invite Ada Lovelace' }).click()
  await expect(page.getByText('Invitation sent.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send 1 invitation' })).toBeVisible()
  const { link } = await speakerInvitationLink(ada.email)

  const speakerContext = await browser.newContext({ javaScriptEnabled: false })
  const speaker = await speakerContext.newPage()
  await speaker.goto(link)
  await speaker.getByRole('link', { name: `Sign up with ${ada.email}` }).click()
  await requestLink(speaker, ada.email)
  const { code } = await signInEmail(ada.email, (e) => !isSpeakerInvitation(e))
  await speaker.getByLabel('6-digit code from the email').fill(code)
  await speaker.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(speaker).toHaveURL(link)
  await speaker.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(speaker).toHaveURL(/\/app\/speaking$/)
  await expect(speaker.getByText('You claimed your speaker page at', { exact: false })).toBeVisible()

  await expect(speaker.getByRole('textbox', { name: 'Bio', exact: true })).toHaveAttribute('readonly', '')
  await speaker.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada King')
  await speaker.getByRole('textbox', { name: 'Company', exact: true }).fill('Analytical Engines')
  await speaker.getByRole('button', { name: 'Save your page' }).click()
  await expect(speaker.getByText('Your speaker page is saved.')).toBeVisible()
  await expect(speaker.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada King')

  // How they hear about the leads given to them here: on My talks, since Settings is the organiser's.
  const emails = speaker.getByRole('group', { name: 'New-lead emails in this workspace' })
  await expect(emails.getByRole('radio', { name: 'Instantly' })).toBeChecked()
  await emails.getByRole('radio', { name: 'Daily digest' }).check()
  await speaker.getByRole('button', { name: 'Save new-lead emails' }).click()
  await expect(speaker.getByText('New-lead emails saved.')).toBeVisible()
  await expect(speaker.getByRole('radio', { name: 'Daily digest' })).toBeChecked()
  await speakerContext.close()
})
