import { expect, test } from '@playwright/test'
import { requestLink, signInEmail } from './auth-helpers'
import { invitationLink, inviteFromTeamPage, membersSeeEveryLead, ownerWithLead } from './team-helpers'
import { uniqueEmail } from './utils'

// With JavaScript off: the owner invites, the invitee signs up through the link's sign-up (the
// emailed code), comes back to the invitation and accepts; both see the lead; the member gets 403 on
// integrations. Resend and revoke are plain forms too.

// Two people, a captured lead, sign-ins and axe scans: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

test('without JavaScript: invite, sign up from the invitation, accept, see the lead', async ({ page, browser }) => {
  const { owner, lead } = await ownerWithLead(page, browser)
  const mate = uniqueEmail('nojs-mate')
  await inviteFromTeamPage(page, mate, 'Member')
  await membersSeeEveryLead(page)
  const link = await invitationLink(mate, owner)

  const mateContext = await browser.newContext({ javaScriptEnabled: false })
  const matePage = await mateContext.newPage()
  await matePage.goto(link)
  await matePage.getByRole('link', { name: `Sign up with ${mate}` }).click()
  await expect(matePage).toHaveURL(/\/signup\?return_to=%2Finvite%2F/)
  await requestLink(matePage, mate)
  const { code } = await signInEmail(mate, (e) => !e.subject.includes('invited you'))
  await matePage.getByLabel('6-digit code from the email').fill(code)
  await matePage.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(matePage).toHaveURL(link)
  await matePage.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(matePage).toHaveURL(/\/app$/)
  await expect(matePage.getByText(`You joined ${owner}.`, { exact: false })).toBeVisible()

  await matePage.goto('/app/leads')
  await expect(matePage.getByRole('main').getByText(lead).first()).toBeVisible()
  await page.goto('/app/leads')
  await expect(page.getByRole('main').getByText(lead).first()).toBeVisible()
  expect((await matePage.goto('/app/settings/integrations'))?.status()).toBe(403)
  await mateContext.close()
})

test('without JavaScript: bad input comes back next to the field; resend voids the old link; revoke', async ({
  page,
  browser,
}) => {
  const { owner } = await ownerWithLead(page, browser)
  await page.goto('/app/team')
  await page.getByRole('main').getByLabel('Email address').fill('not-an-address')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Enter a valid email address, like name@example.com')).toBeVisible()
  await expect(page.getByRole('main').getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')

  const mate = uniqueEmail('nojs-resend')
  await inviteFromTeamPage(page, mate, 'Member')
  const first = await invitationLink(mate, owner)
  await page.getByRole('button', { name: `Resend the invitation to ${mate}` }).click()
  await expect(page.getByText(`A new invitation is on its way to ${mate}`)).toBeVisible()
  await expect.poll(async () => (await invitationLink(mate, owner)) !== first).toBe(true)
  expect((await page.goto(first))?.status()).toBe(410)

  await page.goto('/app/team')
  await page.getByRole('button', { name: `Revoke the invitation to ${mate}` }).click()
  await expect(page.getByText(`The invitation to ${mate} is revoked.`)).toBeVisible()
  await expect(page.getByRole('listitem', { name: mate })).toHaveCount(0)
})
