import { expect, test } from '@playwright/test'
import { addMember, createTeamWorkspace, personPage } from './team-members-helpers'
import { expectNoAxeViolations, waitForEmail } from './utils'

// Ownership offers are announced (issue 29 Deliver 4). The offered admin, with JavaScript off,
// follows the emailed link, reads a withdrawn offer's notice and dismisses it, declines a second
// offer and accepts a third; the owner (JavaScript on, for axe) hears of the decline by email and
// by a notice on their next page, which they dismiss.

const linkIn = (text: string | undefined) => /https?:\/\/\S+\/app\/team\/workspace\?switch=[0-9a-f-]{36}/.exec(text ?? '')?.[0]

test('the offered admin answers without JavaScript; a withdrawn or declined offer is told to the other side', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const owner = await personPage(browser, 'offer-owner')
  const name = `Hand Over ${Date.now()}`
  const workspaceId = await createTeamWorkspace(owner.page, name)
  const admin = await personPage(browser, 'offer-admin', false)
  await addMember(owner.context, workspaceId, admin.email, 'admin', { plan: 'teams' })
  const offer = async () => {
    await owner.page.goto('/app/team/workspace')
    await owner.page.getByLabel('New owner').selectOption({ label: admin.email })
    await owner.page.getByRole('button', { name: 'Offer ownership' }).click()
    await expect(owner.page.getByText(`Offered to ${admin.email}.`)).toBeVisible()
  }

  // Offered, then withdrawn: the admin has an email for each and, on their next page there, the notice.
  await offer()
  const offered = await waitForEmail(admin.email, (e) =>
    e.subject.startsWith(`${owner.email} offered you the ownership of ${name}`),
  )
  await owner.page.getByRole('button', { name: 'Cancel the offer' }).click()
  await expect(owner.page.getByText('Offer withdrawn.')).toBeVisible()
  await waitForEmail(admin.email, (e) => e.subject === `${owner.email} withdrew the offer of ${name}`)
  await admin.page.goto(linkIn(offered.text)!)
  const withdrawn = admin.page.getByText(`${owner.email} withdrew the offer of the ownership of ${name}.`)
  await expect(withdrawn).toBeVisible()
  await admin.page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(admin.page).toHaveURL(/\/app\/team\/workspace$/)
  await expect(withdrawn).toHaveCount(0)
  await admin.page.goto('/app')
  await expect(withdrawn).toHaveCount(0)

  // Offered again: the admin opens the emailed link and declines.
  await offer()
  await admin.page.goto('/app/leads')
  await expect(admin.page.getByText(`You are offered the ownership of ${name}.`)).toBeVisible()
  await admin.page.getByRole('link', { name: 'Answer the offer' }).click()
  await admin.page.getByRole('button', { name: 'Decline' }).click()
  await expect(admin.page.getByText('Offer declined.')).toBeVisible()
  const declined = await waitForEmail(owner.email, (e) => e.subject === `${admin.email} declined the ownership of ${name}`)
  expect(linkIn(declined.text)).toContain(`switch=${workspaceId}`)
  await owner.page.goto('/app')
  const notice = owner.page.getByRole('status').filter({ hasText: `${admin.email} declined the ownership of ${name}.` })
  await expect(notice).toBeVisible()
  await expectNoAxeViolations(owner.page)
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)
  await owner.page.reload()
  await expect(notice).toHaveCount(0)

  // A third offer, accepted without JavaScript: the workspace is the admin's now, and says so.
  await offer()
  await admin.page.goto(`/app/team/workspace?switch=${workspaceId}`)
  await admin.page.getByRole('button', { name: 'Accept ownership' }).click()
  await expect(admin.page.getByText(`You are now the owner of ${name}.`)).toBeVisible()
  await expect(admin.page.getByRole('navigation', { name: 'Workspace' }).locator('summary')).toContainText(`${name} (yours)`)
  await owner.page.goto('/app')
  await expect(owner.page.getByRole('navigation', { name: 'Workspace' }).locator('summary')).toContainText(
    `${name} (owner: ${admin.email})`,
  )
  for (const p of [owner, admin]) await p.context.close()
})
