import { expect, test } from '@playwright/test'
import { invitationLink, inviteFromTeamPage, membersSeeEveryLead, ownerWithLead } from './team-helpers'
import { expectNoAxeViolations, signIn, uniqueEmail } from './utils'

// Issue 21 Deliver 10: an owner invites, the invitee accepts, both see the same session's leads, the
// member cannot open integrations; axe on the team page and the invitation page.

// Two people, a captured lead, sign-ins and axe scans: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

test('an owner invites a teammate who accepts; both see the lead; the member gets 403 on integrations', async ({
  page,
  browser,
}) => {
  const { owner, lead } = await ownerWithLead(page, browser)
  const mate = uniqueEmail('team-mate')

  await page.goto('/app/team')
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
  await expect(page.getByRole('link', { name: owner })).toHaveAttribute('href', /\/app\/team\/members\//)
  await expectNoAxeViolations(page)
  await inviteFromTeamPage(page, mate, 'Member')
  await expect(page.getByText(/Seats: 2 of 5 in use/)).toBeVisible()
  await membersSeeEveryLead(page)

  const link = await invitationLink(mate, owner)
  const mateContext = await browser.newContext()
  const matePage = await mateContext.newPage()
  await matePage.goto(link)
  await expect(matePage.getByRole('heading', { level: 1, name: `Join ${owner}` })).toBeVisible()
  await expect(matePage.getByRole('link', { name: 'Sign in to accept' })).toBeVisible()
  await expectNoAxeViolations(matePage)

  await signIn(mateContext, mate)
  await matePage.goto(link)
  await expectNoAxeViolations(matePage)
  await matePage.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(matePage).toHaveURL(/\/app$/)
  await expect(matePage.getByText(`You joined ${owner}.`, { exact: false })).toBeVisible()

  await matePage.goto('/app/leads')
  await expect(matePage.getByRole('main').getByText(lead).first()).toBeVisible()
  await page.goto('/app/leads')
  await expect(page.getByRole('main').getByText(lead).first()).toBeVisible()

  const refused = await matePage.goto('/app/settings/integrations')
  expect(refused?.status()).toBe(403)
  // The link is used now: 410, naming whom to ask.
  const used = await matePage.goto(link)
  expect(used?.status()).toBe(410)
  await expect(matePage.getByText(`This invitation has already been used. Ask ${owner}`)).toBeVisible()
  await mateContext.close()
})

test('someone signed in with another address is told whom the invitation is for, and nothing changes', async ({
  page,
  browser,
}) => {
  const { owner } = await ownerWithLead(page, browser)
  const mate = uniqueEmail('team-meant')
  await inviteFromTeamPage(page, mate, 'Admin')
  const link = await invitationLink(mate, owner)

  const strangerContext = await browser.newContext()
  await signIn(strangerContext, uniqueEmail('team-stranger'))
  const stranger = await strangerContext.newPage()
  await stranger.goto(link)
  await expect(stranger.getByText(`This invitation is for ${mate}`)).toBeVisible()
  await stranger.getByRole('button', { name: `Log out and sign in as ${mate}` }).click()
  await expect(stranger).toHaveURL(/\/login\?return_to=%2Finvite%2F/)
  await strangerContext.close()

  await page.goto('/app/team')
  await expect(page.getByRole('listitem', { name: mate })).toBeVisible()
})
